/// The rows that run the viewer itself and watch its windows fill.
enum GridRowKind: String, CaseIterable, Sendable {
    /// The main window alone on a day with a full-size picture (3000 px), on raw loopback: how
    /// soon it draws and shows its picture, and the memory it holds then.
    case mainWindow = "main-window"
    /// A random grid over the realistic profile: science.nasa.gov's think time per metadata
    /// request, the CDN's resized thumbnails, 40 ms round trips and 20 MB/s per connection.
    case realistic = "grid-realistic"
    /// A cold random grid on raw loopback with full-size pictures, against `GridBound`.
    case cold = "grid-cold"

    var flavour: Flavour { self == .realistic ? .science : .legacy }

    /// How long the row may take before it reports what it reached.
    var deadline: Double { self == .realistic ? 60 : 30 }
}
