/// The renderer a viewer row runs under: GL or cairo forced through `GSK_RENDERER`, or none
/// set, so the app chooses (`Gtk.chooseRenderer`: cairo over software GL). The rows of a kind
/// run back to back, so their figures compare within one run.
enum RendererMode: String, CaseIterable, Sendable {
    case gl
    case cairo
    case automatic = "auto"
    /// Cairo with GL never loaded (`GDK_DEBUG=gl-disable`): what GL costs a process that does
    /// not draw with it. Not a default row; the launched app starts so itself when it knows
    /// cairo will draw (`RememberedRenderer`), but these rows run the windows in the bench's
    /// own process, which chooses as `Gtk.chooseRenderer` does, after GDK loaded GL.
    case cairoWithoutGL = "cairo-nogl"

    /// The rows `make bench` runs unless told otherwise.
    static let standard: [RendererMode] = [.gl, .cairo, .automatic]

    /// The child's environment: `base` with `GSK_RENDERER` set, or removed for `automatic`.
    func environment(_ base: [String: String]) -> [String: String] {
        var environment = base
        switch self {
        case .gl, .cairo: environment["GSK_RENDERER"] = rawValue
        case .automatic: environment["GSK_RENDERER"] = nil
        case .cairoWithoutGL:
            environment["GSK_RENDERER"] = "cairo"
            environment["GDK_DEBUG"] = "gl-disable"
        }
        return environment
    }

    /// `gl,cairo,auto` in the order given; nil for an unknown name or an empty list.
    static func list(_ text: String) -> [RendererMode]? {
        let modes = text.split(separator: ",").map { RendererMode(rawValue: String($0)) }
        guard !modes.isEmpty, modes.allSatisfy({ $0 != nil }) else { return nil }
        return modes.compactMap { $0 }
    }
}
