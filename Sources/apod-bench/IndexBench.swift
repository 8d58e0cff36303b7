import APODCore
import Foundation

/// The archive index rows: a full sync of a synthetic science-shaped archive over loopback,
/// then search latency and a random grid's worth of entries from the index, in this process.
enum IndexBench {
    /// Fifty searches as people type them: common and rare words, prefixes, several words,
    /// accents left out, and text that is query syntax elsewhere.
    static let queries: [String] = SyntheticArchive.themes + [
        "poznan", "tromso", "krakow", "mauna kea", "galaxy cluster", "total eclipse", "comet dust",
        "gal", "neb", "ecl", "a", "the light", "milky way over", "\"horsehead\" NOT", "(saturn)", "title:moon",
    ]

    static func run(progress: (String) -> Void) async throws -> [BenchRow] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-index-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = ArchiveCalendar()
        progress("index: generating the synthetic archive…")
        let service = try SyntheticScienceService(archive: SyntheticArchive(through: calendar.today))
        defer { service.stop() }
        let client = HTTPClient()
        let source = ScienceSource(apiURL: service.routeURL, client: client, calendar: calendar)

        progress("index: sync…")
        var index: ArchiveIndex? = try ArchiveIndex.open(in: folder, partition: "science", calendar: calendar)
        let clock = ContinuousClock()
        let syncStart = clock.now
        let summary = try await ArchiveSync(source: source, index: index!, calendar: calendar).run()
        let syncSeconds = (clock.now - syncStart).seconds
        let file = index!.file
        index = nil  // closing checkpoints the WAL into the file, so its size is the database's
        let databaseBytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        var rows = [BenchRow(name: "index-sync", flavour: "science-like", seconds: syncSeconds,
                             mbDownloaded: service.megabytesServed, peakRSSMegabytes: PeakMemory.megabytes(),
                             maxStallMilliseconds: 0, requests: service.requestCount,
                             databaseMegabytes: Double(databaseBytes) / 1_000_000, entries: summary.entriesIndexed)]

        let openStart = clock.now
        let reopened = try ArchiveIndex(file: file, calendar: calendar)
        rows.append(BenchRow(name: "index-open", flavour: "science-like", seconds: (clock.now - openStart).seconds,
                             mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0))

        progress("index: search…")
        for query in queries { _ = try reopened.search(query, limit: 20) }  // warm the page cache
        var latencies: [Double] = []
        var matched = 0
        for query in queries {
            let start = clock.now
            let found = try reopened.search(query, limit: 20)
            _ = try reopened.matchCount(query)
            latencies.append((clock.now - start).seconds * 1000)
            if !found.isEmpty { matched += 1 }
        }
        latencies.sort()
        rows.append(BenchRow(name: "index-search", flavour: "science-like", seconds: latencies.reduce(0, +) / 1000,
                             mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
                             medianMilliseconds: latencies[latencies.count / 2],
                             p95Milliseconds: latencies[Int((Double(latencies.count) * 0.95).rounded(.up)) - 1],
                             entries: matched))

        progress("index: random 100…")
        let before = service.requestCount
        let indexed = IndexingSource(upstream: source, index: reopened, calendar: calendar)
        let randomStart = clock.now
        var first: Double?
        var picked = 0
        for try await _ in indexed.randomStream(count: 100) {
            if first == nil { first = (clock.now - randomStart).seconds * 1000 }
            picked += 1
        }
        rows.append(BenchRow(name: "index-random", flavour: "science-like", seconds: (clock.now - randomStart).seconds,
                             mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
                             requests: service.requestCount - before, firstMilliseconds: first, entries: picked))
        return rows
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
