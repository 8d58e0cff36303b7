import APODCore
import APODViewer
import Foundation
import GtkKit

/// What the random-from-the-index row measured, times since the viewer started.
struct IndexGridMeasurement: Codable, Sendable {
    /// The first toplevel window on screen: the viewer's start-up, which any launch pays.
    var firstWindowSeconds: Double?
    var firstCellSeconds: Double?
    /// The grid held every cell asked for.
    var allCellsSeconds: Double?
    /// Cells in the grid when the row ended.
    var cells: Int
    var peakRSSMegabytes: Double
    /// The worst main-loop stall of the run, start-up included.
    var stall: StallMonitor.Stall
    /// GNOME Shell's `GetInitialResultSet` for each of `IndexBench.queries`, over the session
    /// bus to this viewer's search provider, in milliseconds (sorted); empty without a bus.
    var providerMilliseconds: [Double] = []
    /// Of those, how many answered with results.
    var providerMatched = 0
}

/// The viewer as `apod-viewer --source science --api-url URL --data-dir DIR --random N` starts
/// it (the same `ViewerServices` and `ViewerApplication`; only the application ID is the row's
/// own, so that a viewer already running on the session cannot take the launch), over a data
/// folder whose index covers the archive. It watches the grid through GTK's widget tree
/// (`FlowBoxCensus`, every 10 ms) and ends once the grid holds every cell, or at the deadline.
/// The parent counts the metadata requests the service received meanwhile.
@MainActor
final class ViewerIndexRow {
    struct Settings: Sendable {
        /// The science route on the bench's metadata server.
        var api: URL
        var dataDirectory: URL
        /// Cache and settings of the row's own, so that nothing of the user's is read.
        var scratchDirectory: URL
        var count: Int
        var deadline: TimeInterval
    }

    private let settings: Settings
    private let monitor = StallMonitor()
    private var watcher: RepeatingTimer?
    private var started = 0.0
    private var measurement = IndexGridMeasurement(cells: 0, peakRSSMegabytes: 0, stall: .init())
    private let applicationID = "io.github.apodviewer.Bench.IndexRow\(getpid())"
    private var isAskingProvider = false

    private init(settings: Settings) {
        self.settings = settings
    }

    static func run(_ settings: Settings) -> Never {
        guard Gtk.initialize() else { exit(ViewerGridRow.noDisplayStatus) }
        ViewerIndexRow(settings: settings).start()
    }

    private func start() -> Never {
        started = Clock.now()
        monitor.start()
        let services = Self.services(
            api: settings.api, data: settings.dataDirectory, scratch: settings.scratchDirectory)
        let application = ViewerApplication(
            services: services, options: ViewerOptions(randomCount: settings.count),
            applicationID: applicationID)
        watcher = RepeatingTimer(milliseconds: StallMonitor.intervalMilliseconds) { [unowned self] in look() }
        _ = application.run()
        finish()
    }

    /// What `apod-viewer --source science --api-url URL --data-dir DIR` runs on, with a cache and
    /// settings of the row's own in `scratch`, so that nothing of the user's is read.
    static func services(api: URL, data: URL, scratch: URL) -> ViewerServices {
        let configuration = SourceConfiguration(
            kind: .science, apiURL: api,
            cacheDirectory: scratch.appendingPathComponent("cache", isDirectory: true))
        let store = SettingsStore(environment: ["XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path])
        return ViewerServices(configuration: configuration, store: store, dataFolder: DataFolder(root: data))
    }

    private func look() {
        let census = FlowBoxCensus.take()
        let elapsed = Clock.now() - started
        if census.mappedWindows > 0, measurement.firstWindowSeconds == nil { measurement.firstWindowSeconds = elapsed }
        if census.children > 0, measurement.firstCellSeconds == nil { measurement.firstCellSeconds = elapsed }
        measurement.cells = census.children
        if census.children >= settings.count, measurement.allCellsSeconds == nil {
            measurement.allCellsSeconds = elapsed
        }
        if (census.children >= settings.count || elapsed > settings.deadline) && !isAskingProvider { askProvider() }
    }

    /// Once the grid is done: the Shell's searches, each a blocking call from another thread
    /// while the viewer's main loop runs, as the Shell's process would ask; then the row ends.
    private func askProvider() {
        isAskingProvider = true
        monitor.stop()
        let destination = applicationID
        let path = ViewerApplication.searchProviderPath(applicationID: destination)
        Thread.detachNewThread {
            var times: [Double] = []
            var matched = 0
            for pass in 0..<2 {
                for query in IndexBench.queries {
                    let start = Clock.now()
                    guard
                        let found = BusCall.strings(
                            destination: destination, path: path, interface: "org.gnome.Shell.SearchProvider2",
                            method: "GetInitialResultSet", query.split(separator: " ").map(String.init))
                    else {
                        break
                    }
                    // The first pass warms the page cache, as the index search row does.
                    if pass == 1 {
                        times.append((Clock.now() - start) * 1000)
                        if !found.isEmpty { matched += 1 }
                    }
                }
            }
            MainThread.post { [self, times, matched] in
                measurement.providerMilliseconds = times.sorted()
                measurement.providerMatched = matched
                finish()
            }
        }
    }

    private func finish() -> Never {
        monitor.stop()
        measurement.peakRSSMegabytes = PeakMemory.megabytes()
        measurement.stall = monitor.worst
        FileHandle.standardOutput.write((try? JSONEncoder().encode(measurement)) ?? Data())
        exit(0)
    }
}

/// The private command line by which the bench runs the random-from-the-index row in a child.
enum IndexGridRowArguments {
    static let flag = "--index-grid-row"

    static func arguments(for settings: ViewerIndexRow.Settings) -> [String] {
        [
            flag, settings.api.absoluteString, "--data", settings.dataDirectory.path, "--scratch",
            settings.scratchDirectory.path,
            "--count", String(settings.count), "--deadline", String(settings.deadline),
        ]
    }

    /// The settings when `arguments` (without the program name) start with `--index-grid-row`.
    static func parse(_ arguments: [String]) -> ViewerIndexRow.Settings? {
        guard let values = RowArguments.pairs(arguments, startingWith: flag) else { return nil }
        guard let api = values[flag].flatMap(URL.init(string:)), let data = values["--data"],
            let scratch = values["--scratch"],
            let count = values["--count"].flatMap(Int.init),
            let deadline = values["--deadline"].flatMap(Double.init)
        else { return nil }
        return ViewerIndexRow.Settings(
            api: api, dataDirectory: URL(fileURLWithPath: data, isDirectory: true),
            scratchDirectory: URL(fileURLWithPath: scratch, isDirectory: true),
            count: count, deadline: deadline)
    }
}
