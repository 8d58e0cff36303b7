import APODCore
import APODViewer
import Foundation
import GtkKit

/// What a viewer row measured, all times since the viewer started (after GTK opened the
/// display, which `gtkInitSeconds` took).
struct GridMeasurement: Codable, Sendable {
    /// `gtk_init`: opening the display, which on X11 loads and initializes GL too.
    var gtkInitSeconds: Double?
    /// A window's first frame.
    var firstFrameSeconds: Double?
    /// The main window's picture on screen (`main-window` rows).
    var windowPictureSeconds: Double?
    var firstCellSeconds: Double?
    var firstPictureSeconds: Double?
    var allPicturesSeconds: Double?
    /// Cells showing a picture when the row ended.
    var pictures: Int
    /// Until the row's goal (every cell's picture, or the main window's), or its end.
    var cpuSeconds: Double
    var peakRSSMegabytes: Double
    /// The worst stall of the whole run, start-up included.
    var stall: StallMonitor.Stall
    /// The worst stall once the first cell was on screen.
    var loadingStall: StallMonitor.Stall?
}

/// One viewer row in this (fresh) process: the viewer itself, as `apod-viewer --random N` starts
/// it (main window and grid), or as `apod-viewer` does with `count` 0 (the main window alone),
/// fed by the bench's science-shaped service and picture server, under the renderer the parent
/// chose through the environment. It watches the windows fill through GTK's widget tree
/// (`FlowBoxCensus`, every 10 ms), so it measures whatever they do, with no hook in the
/// viewer's code; the process ends once every cell shows its picture (or a second after the
/// main window's picture shows, for its peak memory with the picture drawn), or at the
/// deadline with what was reached.
@MainActor
final class ViewerGridRow {
    struct Settings: Sendable {
        /// The science route on the bench's metadata server.
        var api: URL
        /// Whether the picture host resizes on `w=` (the science CDN) or serves full files.
        var resizes: Bool
        /// Cells in the grid; 0 opens the main window alone.
        var count: Int
        var cacheDirectory: URL
        var deadline: TimeInterval
    }

    /// Exit status when no display could be opened: the parent skips the row.
    nonisolated static let noDisplayStatus: Int32 = 3

    private let settings: Settings
    private let monitor = StallMonitor()
    private var watcher: RepeatingTimer?
    private var started = 0.0
    private var startCPU = 0.0
    /// When the main window's picture showed (`count` 0): the row ends a second later.
    private var pictureShown: Double?
    private var measurement = GridMeasurement(pictures: 0, cpuSeconds: 0, peakRSSMegabytes: 0, stall: .init())

    private init(settings: Settings) {
        self.settings = settings
    }

    static func run(_ settings: Settings) -> Never {
        let before = Clock.now()
        guard Gtk.initialize() else { exit(noDisplayStatus) }
        let row = ViewerGridRow(settings: settings)
        row.measurement.gtkInitSeconds = Clock.now() - before
        row.start()
    }

    private func start() -> Never {
        let cache = settings.cacheDirectory
        let configuration = SourceConfiguration(kind: .science, apiURL: settings.api, cacheDirectory: cache)
        let client = configuration.makeHTTPClient()
        let loader = ImageLoader(
            client: client, cache: ImageDiskCache(directory: ImageDiskCache.directory(inCache: cache)),
            resizingHosts: settings.resizes ? [settings.api.host ?? "127.0.0.1"] : [])
        let environment = ViewerEnvironment(
            source: configuration.makeSource(client: client),
            pictures: PictureLoader(fetcher: loader),
            wallpaperDirectory: cache.appendingPathComponent("wallpaper"))
        let options = settings.count > 0 ? ViewerOptions(randomCount: settings.count) : ViewerOptions()
        let application = ViewerApplication(
            environment: environment, options: options,
            applicationID: "io.github.apodviewer.Bench.Row\(getpid())")
        started = Clock.now()
        startCPU = Clock.processCPU()
        monitor.start()
        watcher = RepeatingTimer(milliseconds: StallMonitor.intervalMilliseconds) { [unowned self] in look() }
        _ = application.run()
        finish()
    }

    private func look() {
        let census = FlowBoxCensus.take()
        let elapsed = Clock.now() - started
        if census.drawnWindows > 0, measurement.firstFrameSeconds == nil { measurement.firstFrameSeconds = elapsed }
        if settings.count == 0 {
            if census.windowPictures > 0, pictureShown == nil {
                pictureShown = elapsed
                measurement.windowPictureSeconds = elapsed
                measurement.cpuSeconds = Clock.processCPU() - startCPU
            }
            if let pictureShown, elapsed > pictureShown + 1 { finish() }
            if elapsed > settings.deadline { finish() }
            return
        }
        if census.children > 0, measurement.firstCellSeconds == nil {
            measurement.firstCellSeconds = elapsed
            monitor.markPhase()
        }
        if census.showingPicture > 0, measurement.firstPictureSeconds == nil {
            measurement.firstPictureSeconds = elapsed
        }
        measurement.pictures = census.showingPicture
        if census.showingPicture >= settings.count {
            measurement.allPicturesSeconds = elapsed
            measurement.cpuSeconds = Clock.processCPU() - startCPU
            finish()
        }
        if elapsed > settings.deadline { finish() }
    }

    /// Reports and ends the process; the viewer's windows go with it.
    private func finish() -> Never {
        monitor.stop()
        if measurement.allPicturesSeconds == nil, pictureShown == nil {
            measurement.cpuSeconds = Clock.processCPU() - startCPU
        }
        measurement.peakRSSMegabytes = PeakMemory.megabytes()
        measurement.stall = monitor.worst
        measurement.loadingStall = monitor.worstInPhase
        FileHandle.standardOutput.write((try? JSONEncoder().encode(measurement)) ?? Data())
        exit(0)
    }
}
