import APODCore
import APODViewer
import Foundation
import GtkKit
import LoopbackServer
import Synchronization

/// What the browse row measured in the viewer, times since the viewer started.
struct BrowseMeasurement: Codable, Sendable {
    /// The wall's first screen: every cell on screen shows its thumbnail (or why it has none).
    var firstScreenSeconds: Double?
    var cellsOnFirstScreen = 0
    /// The fling from today to June 1995, and the wall's state once it came to rest there.
    var flingSeconds: Double?
    var restSeconds: Double?
    var cellsAtRest = 0
    var days = 0
    var requests = 0
    var cancelled = 0
    var readAheadCells = 0
    /// Rows the wall bound from the start of the fling to the rest after it.
    var rowsBound = 0
    var peakRSSMegabytes = 0.0
    /// The worst main-loop stall during the fling and the rest after it.
    var flingStall: StallMonitor.Stall?
    /// When every page of the index had arrived, and the worst stall from the first screen
    /// until then (the pages read in the background; nil when they all came before it).
    var pagesCompleteSeconds: Double?
    var pagingStall: StallMonitor.Stall?
    var stall = StallMonitor.Stall()
}

/// `apod-viewer --browse` (the main window on its Browse view) over the synced index of the
/// whole synthetic archive, its thumbnails from the bench's picture host over the realistic CDN
/// profile. The row waits for the first screen of thumbnails, then flings to the oldest days
/// (the whole wall in `flingSeconds`, one step a frame), waits for that screen too, and reports. It reads the wall through the app's
/// `browseCensus` (every 10 ms) and scrolls it through `scrollBrowse`.
@MainActor
final class ViewerBrowseRow {
    struct Settings: Sendable {
        var api: URL
        var dataDirectory: URL
        var scratchDirectory: URL
        var deadline: TimeInterval
    }

    /// How long the fling from today to 1995 lasts: about 80 000 px a second on a 1000 px wall.
    nonisolated static let flingSeconds = 5.0

    private let settings: Settings
    private let monitor = StallMonitor()
    private var watcher: RepeatingTimer?
    private var application: ViewerApplication!
    private var started = 0.0
    private var flingStarted: Double?
    private var flingEnded: Double?
    private var rowsBoundBeforeFling: Int?
    private var measurement = BrowseMeasurement()

    private init(settings: Settings) {
        self.settings = settings
    }

    static func run(_ settings: Settings) -> Never {
        guard Gtk.initialize() else { exit(ViewerGridRow.noDisplayStatus) }
        ViewerBrowseRow(settings: settings).start()
    }

    private func start() -> Never {
        started = Clock.now()
        monitor.start()
        let services = ViewerIndexRow.services(
            api: settings.api, data: settings.dataDirectory, scratch: settings.scratchDirectory)
        application = ViewerApplication(
            services: services, options: ViewerOptions(opensBrowse: true),
            applicationID: "io.github.apodviewer.Bench.BrowseRow\(getpid())")
        watcher = RepeatingTimer(milliseconds: StallMonitor.intervalMilliseconds) { [unowned self] in look() }
        _ = application.run()
        finish()
    }

    private func look() {
        let elapsed = Clock.now() - started
        if elapsed > settings.deadline { finish() }
        // Paging from the first screen on: what came before it is the wall's first layout.
        if measurement.pagesCompleteSeconds == nil, let paging = application.browsePaging, paging.showsDays {
            if measurement.firstScreenSeconds != nil { monitor.openWindow() }
            if paging.isComplete {
                monitor.closeWindow()
                measurement.pagesCompleteSeconds = elapsed
            }
        }
        // The fling reads nothing but the scroll range: the census looks at every bound row.
        guard flingStarted == nil || flingEnded != nil else { return }
        guard let census = application.browseCensus, census.isShowingDays, census.cellsOnScreen > 0 else { return }
        let settled = census.settledOnScreen == census.cellsOnScreen
        if measurement.firstScreenSeconds == nil {
            guard settled else { return }
            measurement.firstScreenSeconds = elapsed
            measurement.cellsOnFirstScreen = census.cellsOnScreen
            rowsBoundBeforeFling = census.rowsBound
            startFling()
        } else if flingEnded != nil, measurement.restSeconds == nil, settled {
            measurement.restSeconds = elapsed - flingEnded!
            measurement.cellsAtRest = census.cellsOnScreen
            measurement.days = census.days
            measurement.requests = census.requests
            measurement.cancelled = census.cancelled
            measurement.readAheadCells = census.readAheadCells
            measurement.rowsBound = census.rowsBound - (rowsBoundBeforeFling ?? 0)
            finish()
        }
    }

    private func startFling() {
        monitor.markPhase()
        flingStarted = Clock.now()
        // One step a frame, as GTK's kinetic scrolling moves: GTK 4.8's list view places its
        // anchor by the row heights of its last layout, and a second step before the next
        // layout finds the rows it has just bound at no height and runs far ahead. Each frame
        // covers its share of what is left by the clock, so the fling lasts `flingSeconds`
        // however the wall's length estimate changes on the way.
        application.onBrowseFrame { [unowned self] in
            guard let range = application.browseScrollRange else { return true }
            let left = max(0.016, Self.flingSeconds - (Clock.now() - flingStarted!))
            let step = max(1, (range.upper - range.pageSize - range.value) * 0.016 / left)
            guard application.scrollBrowse(by: step) else { return true }
            flingEnded = Clock.now() - started
            measurement.flingSeconds = Clock.now() - flingStarted!
            return false
        }
    }

    private func finish() -> Never {
        monitor.stop()
        measurement.peakRSSMegabytes = PeakMemory.megabytes()
        measurement.stall = monitor.worst
        measurement.flingStall = monitor.worstInPhase
        measurement.pagingStall = monitor.worstInWindow
        FileHandle.standardOutput.write((try? JSONEncoder().encode(measurement)) ?? Data())
        exit(0)
    }
}

/// The private command line by which the bench runs the browse row in a child.
enum BrowseRowArguments {
    static let flag = "--browse-row"

    static func arguments(for settings: ViewerBrowseRow.Settings) -> [String] {
        [
            flag, settings.api.absoluteString, "--data", settings.dataDirectory.path, "--scratch",
            settings.scratchDirectory.path,
            "--deadline", String(settings.deadline),
        ]
    }

    static func parse(_ arguments: [String]) -> ViewerBrowseRow.Settings? {
        guard let values = RowArguments.pairs(arguments, startingWith: flag),
            let api = values[flag].flatMap(URL.init(string:)), let data = values["--data"],
            let scratch = values["--scratch"],
            let deadline = values["--deadline"].flatMap(Double.init)
        else { return nil }
        return ViewerBrowseRow.Settings(
            api: api, dataDirectory: URL(fileURLWithPath: data, isDirectory: true),
            scratchDirectory: URL(fileURLWithPath: scratch, isDirectory: true), deadline: deadline)
    }
}

/// The browse rows: the viewer's wall under cairo and under the renderer the app chooses,
/// each in a fresh process, with the picture host's requests counted here.
enum BrowseBench {
    static let renderers: [RendererMode] = [.cairo, .automatic]

    /// The flavour of the baseline row: the same wall under cairo over the newest year alone.
    static let baselineFlavour = "newest-year"
    /// The flavour of the growth row: under cairo over the newest `growthDays` days, so the first
    /// screen is measured at three index sizes in one run (does it grow with the archive?).
    static let growthFlavour = "newest-5000"
    static let growthDays = 5_000

    /// - Parameters:
    ///   - baselineDataFolder: a data folder whose index holds the newest year alone: its row,
    ///     under cairo and first, is the baseline of the first screen in the same run.
    ///   - pictureRequests: how many picture requests the host has answered so far.
    ///   - growthDataFolder: a data folder whose index holds the newest `growthDays` days: run
    ///     under cairo after the baseline.
    static func run(
        api: URL, dataFolder: URL, baselineDataFolder: URL? = nil, growthDataFolder: URL? = nil, scratch: URL,
        pictureRequests: () -> Int
    ) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        let runs =
            (baselineDataFolder.map { [(RendererMode.cairo, $0, baselineFlavour)] } ?? [])
            + (growthDataFolder.map { [(RendererMode.cairo, $0, growthFlavour)] } ?? [])
            + renderers.map { ($0, dataFolder, "science-like") }
        for (renderer, folder, flavour) in runs {
            let settings = ViewerBrowseRow.Settings(
                api: api, dataDirectory: folder,
                scratchDirectory: scratch.appendingPathComponent(
                    "browse-\(flavour)-\(renderer.rawValue)", isDirectory: true),
                deadline: 90)
            let before = pictureRequests()
            let (status, data) = try BenchPlan.spawn(
                BrowseRowArguments.arguments(for: settings),
                environment: renderer.environment(ProcessInfo.processInfo.environment))
            if status == ViewerGridRow.noDisplayStatus { return [] }
            guard status == 0 else { throw BenchFailure(description: "the browse row failed (exit \(status))") }
            let measured = try JSONDecoder().decode(BrowseMeasurement.self, from: data)
            var row = BenchRow(
                name: "browse", flavour: flavour, seconds: measured.firstScreenSeconds ?? settings.deadline,
                mbDownloaded: 0, peakRSSMegabytes: measured.peakRSSMegabytes,
                stall: measured.flingStall ?? measured.stall)
            row.renderer = renderer.rawValue
            row.firstPictureSeconds = measured.firstScreenSeconds
            row.pictures = measured.cellsOnFirstScreen
            row.requests = pictureRequests() - before
            row.entries = measured.days
            row.browse = measured
            rows.append(row)
        }
        return rows
    }

    /// The table's lines: each figure against its target, the default renderer as a ratio of
    /// cairo's in the same run.
    static func lines(_ rows: [BenchRow]) -> [String] {
        let baseline = rows.first { $0.name == "browse" && $0.flavour == baselineFlavour }?.browse
        let growth = rows.first { $0.name == "browse" && $0.flavour == growthFlavour }?.browse
        let browse = rows.filter { $0.name == "browse" && ![baselineFlavour, growthFlavour].contains($0.flavour) }
        guard !browse.isEmpty else { return [] }
        var lines = [
            "",
            "browse: apod-viewer --browse over the synced index, thumbnails over \(NetworkProfile.realisticCDN.summary); fling from today to 1995 in \(Int(ViewerBrowseRow.flingSeconds)) s",
        ]
        let cairo = browse.first { $0.renderer == RendererMode.cairo.rawValue }
        if let baseline {
            lines.append(
                "info    browse   baseline first screen over the newest year alone (\(baseline.days) days, cairo): "
                    + (baseline.firstScreenSeconds.map { String(format: "%.2f s", $0) } ?? "not reached"))
        }
        if let growth {
            let full = cairo?.browse
            let figure = { (value: Double?) in value.map { String(format: "%.2f s", $0) } ?? "not reached" }
            let ratio = { (value: Double?, base: Double?) -> String in
                guard let value, let base, base > 0 else { return "–" }
                return String(format: "%.2f×", value / base)
            }
            lines.append(
                "info    browse   growth of the first screen under cairo, same run: "
                    + "\(baseline?.days ?? 0) days \(figure(baseline?.firstScreenSeconds)), "
                    + "\(growth.days) days \(figure(growth.firstScreenSeconds)), "
                    + "\(full?.days ?? 0) days \(figure(full?.firstScreenSeconds)); "
                    + "full / \(growth.days) days \(ratio(full?.firstScreenSeconds, growth.firstScreenSeconds)), "
                    + "\(growth.days) days / newest year \(ratio(growth.firstScreenSeconds, baseline?.firstScreenSeconds)); "
                    + "cells on it \(baseline?.cellsOnFirstScreen ?? 0) / \(growth.cellsOnFirstScreen) / \(full?.cellsOnFirstScreen ?? 0), "
                    + "all pages in by \(figure(growth.pagesCompleteSeconds)) / \(figure(full?.pagesCompleteSeconds))")
        }
        for row in browse {
            guard let measured = row.browse else { continue }
            let name = (row.renderer ?? "?").padding(toLength: 6, withPad: " ", startingAt: 0)
            let ratio: (Double?, Double?) -> String = { value, base in
                guard row.renderer != cairo?.renderer, let value, let base, base > 0 else { return "" }
                return String(format: ", %.2f × cairo", value / base)
            }
            let first = measured.firstScreenSeconds
            lines.append(
                IndexBenchTable.verdict(
                    (first ?? .infinity) <= 1.5,
                    "browse   \(name) first screen of thumbnails: "
                        + (first.map { String(format: "%.2f s", $0) } ?? "not reached")
                        + (first.flatMap { value in
                            baseline?.firstScreenSeconds.map {
                                String(format: ", %.2f × the newest year alone", value / $0)
                            }
                        } ?? "")
                        + " (\(measured.cellsOnFirstScreen) cells; target <= 1.5 s\(ratio(first, cairo?.browse?.firstScreenSeconds)))"
                ))
            lines.append(
                IndexBenchTable.verdict(
                    measured.peakRSSMegabytes <= 250,
                    "browse   \(name) "
                        + String(
                            format:
                                "peak RSS through the fling over %d days (%.1f s to 1995): %.0f MB (target <= 250 MB%@)",
                            measured.days, measured.flingSeconds ?? 0, measured.peakRSSMegabytes,
                            ratio(measured.peakRSSMegabytes, cairo?.browse?.peakRSSMegabytes))))
            lines.append(
                "info    browse   \(name) "
                    + String(
                        format:
                            "index read in pages: all %d days by %@, longest main-loop stall from the first screen until then %@",
                        measured.days, measured.pagesCompleteSeconds.map { String(format: "%.2f s", $0) } ?? "never",
                        measured.pagingStall.map {
                            String(
                                format: "%.0f ms (%.0f ms main-thread CPU)", $0.milliseconds,
                                $0.mainThreadCPUMilliseconds)
                        } ?? "none (every page came before it)"))
            let stall = measured.flingStall?.milliseconds ?? .infinity
            let isCairo = row.renderer == RendererMode.cairo.rawValue
            let stallText =
                "browse   \(name) "
                + String(
                    format:
                        "longest main-loop stall in the fling and the rest: %.0f ms, %.0f ms of it main-thread CPU; %d rows bound (target <= 50 ms under cairo%@)",
                    stall, measured.flingStall?.mainThreadCPUMilliseconds ?? 0, measured.rowsBound,
                    ratio(stall, cairo?.browse?.flingStall?.milliseconds))
            lines.append(isCairo ? IndexBenchTable.verdict(stall <= 50, stallText) : "info    " + stallText)
            let allowed = measured.cellsOnFirstScreen + measured.cellsAtRest + 2 * measured.readAheadCells
            let requests = row.requests ?? measured.requests
            lines.append(
                IndexBenchTable.verdict(
                    requests <= allowed && measured.restSeconds != nil,
                    "browse   \(name) "
                        + String(
                            format:
                                "image requests %d (the wall started %d, cancelled %d) for %d + %d cells at rest plus %d read-ahead (target <= %d); rest after the fling %@",
                            requests, measured.requests, measured.cancelled, measured.cellsOnFirstScreen,
                            measured.cellsAtRest,
                            2 * measured.readAheadCells, allowed,
                            measured.restSeconds.map { String(format: "%.2f s", $0) } ?? "not reached")))
        }
        return lines
    }
}

/// The picture the bench's picture host answers every request with, once set (thread-safe).
final class ServedPicture: Sendable {
    private let data = Mutex<Data?>(nil)

    var value: Data? {
        get { data.withLock { $0 } }
        set { data.withLock { $0 = newValue } }
    }
}
