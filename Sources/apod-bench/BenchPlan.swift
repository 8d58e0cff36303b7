import Foundation

/// The parent process: makes the pictures, serves them, and measures each row in a child
/// process of its own so every row's peak RSS and memory start from zero.
enum BenchPlan {
    /// A grid cell 320 px wide (e.g. 160 px at scale 2).
    static let thumbnailWidth = 320

    struct Options {
        var count = 100
        /// The defaults stand for a good connection to a CDN: on pure loopback (0 and 0) a
        /// naive client pays no network cost at all, which no real viewer enjoys.
        var network = PictureServer.Network(latency: 0.04, bytesPerSecond: 20_000_000)
        var json = false
        var sample: URL?
    }

    static func run(_ options: Options) throws -> BenchReport {
        progress("preparing \(options.count) pictures…")
        let originals = try options.sample.map { try PictureSet.sample(directory: $0, count: options.count) }
            ?? PictureSet.generated(count: options.count)
        let count = options.sample == nil ? options.count : min(options.count, originals.count)
        let server = try PictureServer(originals: originals, count: count, network: options.network)
        defer { server.stop() }
        try server.prepare(width: thumbnailWidth)

        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: caches) }
        var rows: [BenchRow] = []
        for flavour in Flavour.allCases {
            let cache = caches.appendingPathComponent(flavour.rawValue)
            try? FileManager.default.removeItem(at: cache)
            for kind in RowKind.allCases {
                progress("\(kind.rawValue) \(flavour.rawValue)…")
                _ = server.takeBytesServed()
                let settings = RowProcess.Settings(kind: kind, flavour: flavour, base: server.baseURL, count: count,
                                                   width: thumbnailWidth, cacheDirectory: cache)
                let before = childCPU()
                let measured = try spawnRow(settings)
                let cpu = childCPU()
                progress(String(format: "  %.2f s wall, child CPU %.2f s user + %.2f s system", measured.seconds,
                                cpu.user - before.user, cpu.system - before.system))
                guard measured.thumbnails == count else {
                    throw BenchFailure(description: "\(kind.rawValue) \(flavour.rawValue) decoded \(measured.thumbnails) of \(count) thumbnails")
                }
                rows.append(BenchRow(name: kind.rawValue, flavour: flavour.rawValue, seconds: measured.seconds,
                                     mbDownloaded: Double(server.takeBytesServed()) / 1_000_000,
                                     peakRSSMegabytes: measured.peakRSSMegabytes,
                                     maxStallMilliseconds: measured.maxStallMilliseconds))
            }
        }
        progress("\(WaitCPU.rowName): one request waiting \(WaitCPU.seconds) s on a server that never answers…")
        rows.append(try WaitCPU.row())
        return BenchReport(count: count, rows: rows)
    }

    /// The arguments `RowArguments.parse` reads back in the child.
    private static func spawnRow(_ settings: RowProcess.Settings) throws -> RowMeasurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = RowArguments.arguments(for: settings)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure(description: "the \(settings.kind.rawValue) \(settings.flavour.rawValue) row failed (exit \(process.terminationStatus))")
        }
        return try JSONDecoder().decode(RowMeasurement.self, from: data)
    }

    /// CPU seconds used by finished child processes so far (setup and teardown included).
    private static func childCPU() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    private static func progress(_ text: String) {
        FileHandle.standardError.write(Data("apod-bench: \(text)\n".utf8))
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}
