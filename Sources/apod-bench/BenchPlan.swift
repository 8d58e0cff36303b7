import APODViewer
import Foundation
import LoopbackServer

/// The parent process: makes the pictures, serves them, and measures each row in a child
/// process of its own so every row's peak RSS and memory start from zero.
enum BenchPlan {
    /// A grid cell 320 px wide (e.g. 160 px at scale 2).
    static let thumbnailWidth = 320

    struct Options {
        var count = 100
        /// The pipeline rows' picture host. The default stands for a good connection to a CDN:
        /// on pure loopback a naive client pays no network cost at all, which no real viewer enjoys.
        var network = NetworkProfile.realisticCDN
        var json = false
        var sample: URL?
        var grids = true
        /// The naive and pipeline rows.
        var pipeline = true
        /// The renderers each viewer row runs under, in this order.
        var renderers = RendererMode.standard
    }

    static func run(_ options: Options) throws -> BenchReport {
        progress("preparing \(options.count) pictures…")
        let originals =
            try options.sample.map { try PictureSet.sample(directory: $0, count: options.count) }
            ?? PictureSet.generated(count: options.count)
        let count = options.sample == nil ? options.count : min(options.count, originals.count)
        let server = try PictureServer(originals: originals, network: options.network)
        defer { server.stop() }
        try server.prepare(width: thumbnailWidth)

        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: caches) }
        var rows: [BenchRow] = []
        for flavour in Flavour.allCases where options.pipeline {
            let cache = caches.appendingPathComponent(flavour.rawValue)
            try? FileManager.default.removeItem(at: cache)
            for kind in RowKind.allCases {
                progress("\(kind.rawValue) \(flavour.rawValue)…")
                _ = server.takeBytesServed()
                let settings = RowProcess.Settings(
                    kind: kind, flavour: flavour, base: server.baseURL, count: count,
                    width: thumbnailWidth, cacheDirectory: cache)
                let before = childCPU()
                let measured = try spawnRow(settings)
                let cpu = childCPU()
                progress(
                    String(
                        format: "  %.2f s wall, child CPU %.2f s user + %.2f s system", measured.seconds,
                        cpu.user - before.user, cpu.system - before.system))
                guard measured.thumbnails == count else {
                    throw BenchFailure(
                        description:
                            "\(kind.rawValue) \(flavour.rawValue) decoded \(measured.thumbnails) of \(count) thumbnails"
                    )
                }
                rows.append(
                    BenchRow(
                        name: kind.rawValue, flavour: flavour.rawValue, seconds: measured.seconds,
                        mbDownloaded: Double(server.takeBytesServed()) / 1_000_000,
                        peakRSSMegabytes: measured.peakRSSMegabytes, stall: measured.stall))
            }
        }
        progress("\(WaitCPU.rowName): one request waiting \(WaitCPU.seconds) s on a server that never answers…")
        rows.append(try WaitCPU.row())
        if options.grids {
            rows += try gridRows(
                server: server, count: min(count, ViewerOptions.countRange.upperBound),
                caches: caches, renderers: options.renderers)
        }
        return BenchReport(count: count, rows: rows)
    }

    /// The viewer's own windows (the main window alone, a realistic grid, a cold grid on
    /// loopback), each under every renderer in turn, back to back; skipped without a display.
    private static func gridRows(
        server: PictureServer, count: Int, caches: URL,
        renderers: [RendererMode]
    ) throws -> [BenchRow] {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"]?.isEmpty == false || environment["WAYLAND_DISPLAY"]?.isEmpty == false else {
            progress("no display: the grid rows are skipped (make bench runs them under Xvfb)")
            return []
        }
        var rows: [BenchRow] = []
        for kind in GridRowKind.allCases {
            var bound: GridBound?
            if kind == .realistic {
                server.network = .realisticCDN
            } else {
                server.network = .loopback
            }
            if kind == .cold {
                progress("grid bound: transfer and decode of \(count) full-size pictures…")
                bound = try GridBound.measure(
                    server: server, flavour: kind.flavour, count: count, width: thumbnailWidth)
            }
            let route = ScienceRoute(
                pictures: server.baseURL, flavour: kind.flavour, latestHasPicture: kind == .mainWindow)
            for renderer in renderers {
                let metadata = try FakeHTTPServer { route.respond(to: $0) }
                defer { metadata.stop() }
                metadata.profile = kind == .realistic ? .realistic : .loopback
                let cells = kind == .mainWindow ? 0 : count
                progress(
                    "\(kind.rawValue) \(kind.flavour.rawValue), renderer \(renderer.rawValue) (the viewer, \(cells) cells)…"
                )
                _ = server.takeBytesServed()
                let cache = caches.appendingPathComponent("\(kind.rawValue)-\(renderer.rawValue)")
                let settings = ViewerGridRow.Settings(
                    api: metadata.baseURL.appendingPathComponent(String(ScienceRoute.path.dropFirst())),
                    resizes: kind.flavour == .science, count: cells, cacheDirectory: cache, deadline: kind.deadline)
                // A new user's profile: Mesa's shader cache starts empty, so software GL compiles
                // its shaders during the first frames as it does on a first launch.
                var childEnvironment = renderer.environment(environment)
                childEnvironment["MESA_SHADER_CACHE_DIR"] = cache.appendingPathComponent("mesa-shader-cache").path
                guard let measured = try spawnGridRow(settings, environment: childEnvironment) else {
                    progress("  no display could be opened: the grid rows are skipped")
                    return rows
                }
                var row = row(
                    kind, measured, count: cells, megabytes: Double(server.takeBytesServed()) / 1_000_000, bound: bound)
                row.renderer = renderer.rawValue
                rows.append(row)
                progress(
                    String(
                        format:
                            "  first frame %@ s, main picture %@ s, first cell %@ s, all pictures %@ s (%d of %d), CPU %.2f s, RSS %.0f MB",
                        format(measured.firstFrameSeconds), format(measured.windowPictureSeconds),
                        format(measured.firstCellSeconds), format(measured.allPicturesSeconds),
                        measured.pictures, cells, measured.cpuSeconds, measured.peakRSSMegabytes))
            }
        }
        return rows
    }

    private static func row(
        _ kind: GridRowKind, _ measured: GridMeasurement, count: Int, megabytes: Double,
        bound: GridBound?
    ) -> BenchRow {
        let goal = kind == .mainWindow ? measured.windowPictureSeconds : measured.allPicturesSeconds
        var row = BenchRow(
            name: kind.rawValue, flavour: kind.flavour.rawValue,
            seconds: goal ?? kind.deadline, mbDownloaded: megabytes,
            peakRSSMegabytes: measured.peakRSSMegabytes, stall: measured.stall)
        row.gtkInitSeconds = measured.gtkInitSeconds
        row.firstFrameSeconds = measured.firstFrameSeconds
        row.firstCellSeconds = measured.firstCellSeconds
        row.firstPictureSeconds = measured.firstPictureSeconds
        row.cpuSeconds = measured.cpuSeconds
        row.pictures = kind == .mainWindow ? nil : measured.pictures
        row.maxStallLoadingMilliseconds = measured.loadingStall?.milliseconds
        if let bound {
            row.boundSeconds = bound.seconds
            row.transferSeconds = bound.transferSeconds
            row.decodeSeconds = bound.decodeSeconds
            row.boundRatio = goal.map { $0 / max(bound.seconds, 0.000_001) }
        }
        return row
    }

    /// The arguments `RowArguments.parse` reads back in the child.
    private static func spawnRow(_ settings: RowProcess.Settings) throws -> RowMeasurement {
        let (status, data) = try spawn(RowArguments.arguments(for: settings))
        guard status == 0 else {
            throw BenchFailure(
                description: "the \(settings.kind.rawValue) \(settings.flavour.rawValue) row failed (exit \(status))")
        }
        return try JSONDecoder().decode(RowMeasurement.self, from: data)
    }

    /// nil when the child could not open a display.
    private static func spawnGridRow(_ settings: ViewerGridRow.Settings, environment: [String: String]) throws
        -> GridMeasurement?
    {
        let (status, data) = try spawn(GridRowArguments.arguments(for: settings), environment: environment)
        if status == ViewerGridRow.noDisplayStatus { return nil }
        guard status == 0 else { throw BenchFailure(description: "a grid row failed (exit \(status))") }
        return try JSONDecoder().decode(GridMeasurement.self, from: data)
    }

    /// Runs this program again with `arguments` (a row's private command line), in
    /// `environment` (this process's when nil): its status and output.
    static func spawn(_ arguments: [String], environment: [String: String]? = nil) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// CPU seconds used by finished child processes so far (setup and teardown included).
    private static func childCPU() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    private static func format(_ value: Double?) -> String {
        value.map { String(format: "%.2f", $0) } ?? "–"
    }

    private static func progress(_ text: String) {
        FileHandle.standardError.write(Data("apod-bench: \(text)\n".utf8))
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}
