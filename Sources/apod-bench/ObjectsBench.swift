import APODCore
import Foundation

/// The sky objects rows, over the synced synthetic index: finding every entry's objects, the
/// look-ups the viewer and `apod objects` make, and recall and precision for the well-known
/// objects of `SyntheticSky` against what the archive's text was written to name.
enum ObjectsBench {
    /// Look-ups by kind: a day's objects (a detail view's chips), a day's related entries (its
    /// "More of M31" rows), an object's newest 60 entries (a grid's first page) and all of them
    /// (`apod objects M31`), the list of every object and of those matching a word (`apod
    /// objects [QUERY]`), and a search by an object's name or designation with its count.
    static let lookupKinds = ["on-day", "related", "page", "all", "list", "search"]

    static func run(index: ArchiveIndex, sky: SyntheticSky) throws -> [BenchRow] {
        let clock = ContinuousClock()
        let all = try index.entries(from: ArchiveCalendar.firstDay, through: ArchiveCalendar().today)
        // Storing an entry again finds its objects again (the entry itself is left alone): what
        // an index of an earlier version pays once on opening, and a sync as it writes.
        let findStart = clock.now
        try index.store(all)
        let objects = try index.objects()
        var rows = [
            BenchRow(
                name: "objects-find", flavour: "science-like", seconds: (clock.now - findStart).seconds,
                mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
                entries: all.count, objects: objects.count, mentions: objects.reduce(0) { $0 + $1.count })
        ]

        let days = stride(from: 0, to: all.count, by: max(1, all.count / 200)).map { all[$0].date }
        let listed = SyntheticSky.measured.map { SkyObject(id: $0.id) } + objects.prefix(38).map(\.object)
        let spellings = SyntheticSky.measured.flatMap(\.spellings)
        var latencies: [String: [Double]] = [:]
        func measure(_ kind: String, _ body: () throws -> Void) rethrows {
            let start = clock.now
            try body()
            latencies[kind, default: []].append((clock.now - start).seconds * 1000)
        }
        for pass in 0..<2 { // the first warms SQLite's page cache
            if pass == 1 { latencies = [:] }
            for day in days {
                try measure("on-day") { _ = try index.objects(on: day) }
                try measure("related") { _ = try index.related(to: day, limit: 12) }
            }
            for object in listed {
                try measure("page") { _ = try index.entries(of: object, limit: 60) }
                try measure("all") { _ = try index.entries(of: object) }
            }
            for query in ["", "nebula", "NGC 70", "m1"] {
                try measure("list") { _ = try index.objects(matching: query) }
            }
            for spelling in spellings {
                try measure("search") {
                    _ = try index.search(spelling, limit: 20)
                    _ = try index.matchCount(spelling)
                }
            }
        }
        for kind in lookupKinds {
            let sorted = (latencies[kind] ?? [0]).sorted()
            rows.append(
                BenchRow(
                    name: "objects-lookup", flavour: kind, seconds: sorted.reduce(0, +) / 1000, mbDownloaded: 0,
                    peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
                    medianMilliseconds: sorted[sorted.count / 2],
                    p95Milliseconds: sorted[Int((Double(sorted.count) * 0.95).rounded(.up)) - 1],
                    maxMilliseconds: sorted.last, entries: sorted.count))
        }

        for id in SyntheticSky.measured.map(\.id) {
            let found = Set(try index.entries(of: SkyObject(id: id)).map(\.date))
            let titles = sky.inTitles[id] ?? []
            let named = sky.named[id] ?? []
            rows.append(
                BenchRow(
                    name: "objects-accuracy", flavour: id, seconds: 0, mbDownloaded: 0,
                    peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0, entries: found.count,
                    titles: titles.count,
                    recall: titles.isEmpty ? 1 : Double(found.intersection(titles).count) / Double(titles.count),
                    precision: found.isEmpty ? 1 : Double(found.intersection(named).count) / Double(found.count)))
        }
        return rows
    }
}
