import APODCore
import APODViewer
import Foundation
import GtkKit

/// What a grid row measured, all times since the viewer started.
struct GridMeasurement: Codable, Sendable {
    var firstCellSeconds: Double?
    var firstPictureSeconds: Double?
    var allPicturesSeconds: Double?
    /// Cells showing a picture when the row ended.
    var pictures: Int
    var cpuSeconds: Double
    var peakRSSMegabytes: Double
    /// The worst stall of the whole run, start-up included.
    var stall: StallMonitor.Stall
    /// The worst stall once the first cell was on screen.
    var loadingStall: StallMonitor.Stall?
}

/// One grid row in this (fresh) process: the viewer itself, as `apod-viewer --random N` starts
/// it (main window and grid), fed by the bench's science-shaped service and picture server. It
/// watches the grid fill through GTK's widget tree (`FlowBoxCensus`, every 10 ms), so it
/// measures whatever the window does, with no hook in the viewer's code; the process ends
/// once every cell shows its picture, or at the deadline with what was reached.
@MainActor
final class ViewerGridRow {
    struct Settings: Sendable {
        /// The science route on the bench's metadata server.
        var api: URL
        /// Whether the picture host resizes on `w=` (the science CDN) or serves full files.
        var resizes: Bool
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
    private var measurement = GridMeasurement(pictures: 0, cpuSeconds: 0, peakRSSMegabytes: 0, stall: .init())

    private init(settings: Settings) {
        self.settings = settings
    }

    static func run(_ settings: Settings) -> Never {
        guard Gtk.initialize() else { exit(noDisplayStatus) }
        ViewerGridRow(settings: settings).start()
    }

    private func start() -> Never {
        let cache = settings.cacheDirectory
        let configuration = SourceConfiguration(kind: .science, apiURL: settings.api, cacheDirectory: cache)
        let client = configuration.makeHTTPClient()
        let loader = ImageLoader(client: client, cache: ImageDiskCache(directory: ImageDiskCache.directory(inCache: cache)),
                                 resizingHosts: settings.resizes ? [settings.api.host ?? "127.0.0.1"] : [])
        let environment = ViewerEnvironment(source: configuration.makeSource(client: client),
                                            pictures: PictureLoader(fetcher: loader),
                                            wallpaperDirectory: cache.appendingPathComponent("wallpaper"))
        let application = ViewerApplication(environment: environment, options: ViewerOptions(randomCount: settings.count),
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
        if census.children > 0, measurement.firstCellSeconds == nil {
            measurement.firstCellSeconds = elapsed
            monitor.markPhase()
        }
        if census.showingPicture > 0, measurement.firstPictureSeconds == nil { measurement.firstPictureSeconds = elapsed }
        measurement.pictures = census.showingPicture
        if census.showingPicture >= settings.count {
            measurement.allPicturesSeconds = elapsed
            finish()
        }
        if elapsed > settings.deadline { finish() }
    }

    /// Reports and ends the process; the viewer's windows go with it.
    private func finish() -> Never {
        monitor.stop()
        measurement.cpuSeconds = Clock.processCPU() - startCPU
        measurement.peakRSSMegabytes = PeakMemory.megabytes()
        measurement.stall = monitor.worst
        measurement.loadingStall = monitor.worstInPhase
        FileHandle.standardOutput.write((try? JSONEncoder().encode(measurement)) ?? Data())
        exit(0)
    }
}
