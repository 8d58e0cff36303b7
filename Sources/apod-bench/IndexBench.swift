import APODCore
import Foundation
import LoopbackServer

/// The archive index rows: a full sync of a synthetic science-shaped archive over loopback,
/// then search latency and a random grid's worth of entries from the index, in this process,
/// and the viewer's random grid over that index in a child process.
enum IndexBench {
    /// Fifty searches as people type them: common and rare words, prefixes, several words,
    /// accents left out, and text that is query syntax elsewhere.
    static let queries: [String] =
        SyntheticArchive.themes + [
            "poznan", "tromso", "krakow", "mauna kea", "galaxy cluster", "total eclipse", "comet dust",
            "gal", "neb", "ecl", "a", "the light", "milky way over", "\"horsehead\" NOT", "(saturn)", "title:moon",
        ]

    /// - Parameter browseOnly: after the sync, only the browse rows.
    /// - Parameter realYear: with `browseOnly`, the real sample's entries file: its year's real
    ///   entries replace the synthetic ones.
    static func run(browseOnly: Bool = false, realYear: URL? = nil, progress: (String) -> Void) async throws
        -> [BenchRow]
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-index-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = ArchiveCalendar()
        progress("index: generating the synthetic archive…")
        // The viewer row loads the grid's pictures: they are asked of loopback (and not found);
        // the browse rows get a thumbnail-sized JPEG for every day, over the CDN profile.
        let thumbnail = ServedPicture()
        let pictures = try FakeHTTPServer { _ in
            thumbnail.value.map { .data($0, contentType: "image/jpeg") } ?? .html("<h1>Not Found</h1>", status: 404)
        }
        defer { pictures.stop() }
        let pictureBase = pictures.baseURL.absoluteString.trimmingCharacters(in: ["/"])
        let archive =
            try realYear.map { file -> SyntheticArchive in
                guard browseOnly else { throw BenchFailure(description: "a real year is for the browse rows only") }
                return try SyntheticArchive(through: calendar.today, pictureBase: pictureBase, realYear: file)
            } ?? SyntheticArchive(through: calendar.today, pictureBase: pictureBase)
        let service = try SyntheticScienceService(archive: archive)
        defer { service.stop() }
        let client = HTTPClient()
        let source = ScienceSource(apiURL: service.routeURL, client: client, calendar: calendar)
        // The index where the viewer looks for it: a data folder, the file of this source address.
        let dataFolder = DataFolder(root: folder.appendingPathComponent("data", isDirectory: true))
        let configuration = SourceConfiguration(
            kind: .science, apiURL: service.routeURL,
            cacheDirectory: folder.appendingPathComponent("cache", isDirectory: true))

        progress("index: sync…")
        var index: ArchiveIndex? = try dataFolder.openIndex(for: configuration, calendar: calendar)
        let clock = ContinuousClock()
        let syncStart = clock.now
        let summary = try await ArchiveSync(source: source, index: index!, calendar: calendar).run()
        let syncSeconds = (clock.now - syncStart).seconds
        let file = index!.file
        index = nil // closing checkpoints the WAL into the file, so its size is the database's
        let databaseBytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        var sync = BenchRow(
            name: "index-sync", flavour: "science-like", seconds: syncSeconds,
            mbDownloaded: service.megabytesServed, peakRSSMegabytes: PeakMemory.megabytes(),
            maxStallMilliseconds: 0, requests: service.requestCount,
            databaseMegabytes: Double(databaseBytes) / 1_000_000, entries: summary.entriesIndexed)
        sync.videoRequests = service.videoPageRequests
        sync.videos = archive.videoDays.count
        sync.realDays = archive.realDays
        sync.absentDays = summary.status?.absentDays
        sync.failedDays = summary.status?.failedDays
        // The archive lacks 84 days, as the real one does; the sync must still end complete.
        guard summary.status?.isComplete == true else {
            throw BenchFailure(
                description: "the sync ended without the whole archive: \(summary.status?.figures ?? "")")
        }
        var rows = [sync]

        if browseOnly {
            progress("index: browse…")
            thumbnail.value = try Pixbufs.jpeg(Pixbufs.generate(width: 480, height: 320, seed: 7), quality: 85)
            pictures.profile = .realisticCDN
            // The baseline in the same run: the same wall over an index of the newest year alone.
            let baseline = DataFolder(root: folder.appendingPathComponent("baseline-data", isDirectory: true))
            let synced = try ArchiveIndex(file: file, calendar: calendar)
            let year = calendar.today.year
            try baseline.openIndex(for: configuration, calendar: calendar).store(
                synced.entries(
                    from: APODDay(year: year, month: 1, day: 1)!, through: APODDay(year: year, month: 12, day: 31)!))
            // And one over the newest 5,000 days: the first screen at three sizes of the index.
            let growth = DataFolder(root: folder.appendingPathComponent("growth-data", isDirectory: true))
            try growth.openIndex(for: configuration, calendar: calendar).store(
                synced.entries(from: calendar.today.adding(days: 1 - BrowseBench.growthDays), through: calendar.today))
            return rows
                + (try BrowseBench.run(
                    api: service.routeURL, dataFolder: dataFolder.root, baselineDataFolder: baseline.root,
                    growthDataFolder: growth.root, scratch: folder, pictureRequests: { pictures.requests.count }))
        }
        progress("index: a month with videos…")
        rows.append(try await monthRow(archive: archive, service: service, client: client, calendar: calendar))

        let openStart = clock.now
        let reopened = try ArchiveIndex(file: file, calendar: calendar)
        rows.append(
            BenchRow(
                name: "index-open", flavour: "science-like", seconds: (clock.now - openStart).seconds,
                mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0))

        progress("index: search…")
        for query in queries { _ = try reopened.search(query, limit: 20) } // warm the page cache
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
        rows.append(
            BenchRow(
                name: "index-search", flavour: "science-like", seconds: latencies.reduce(0, +) / 1000,
                mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
                medianMilliseconds: latencies[latencies.count / 2],
                p95Milliseconds: latencies[Int((Double(latencies.count) * 0.95).rounded(.up)) - 1],
                entries: matched))

        progress("index: sky objects…")
        rows += try ObjectsBench.run(index: reopened, sky: archive.sky)
        rows += try await ChineseSearchBench.run(index: file, calendar: calendar, progress: progress)

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
        rows.append(
            BenchRow(
                name: "index-random", flavour: "science-like", seconds: (clock.now - randomStart).seconds,
                mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
                requests: service.requestCount - before, firstMilliseconds: first, entries: picked))

        progress("index: random 100 and the Shell's search in the viewer…")
        rows += try viewerRows(service: service, dataFolder: dataFolder.root, scratch: folder, calendar: calendar)

        progress("index: browse…")
        thumbnail.value = try Pixbufs.jpeg(Pixbufs.generate(width: 480, height: 320, seed: 7), quality: 85)
        pictures.profile = .realisticCDN
        rows += try BrowseBench.run(
            api: service.routeURL, dataFolder: dataFolder.root, scratch: folder,
            pictureRequests: { pictures.requests.count })
        return rows
    }

    /// What `apod range` of a whole month costs: the past month with the most videos, asked
    /// of the source itself (no cache, no index), with its videos' players.
    private static func monthRow(
        archive: SyntheticArchive, service: SyntheticScienceService, client: HTTPClient,
        calendar: ArchiveCalendar
    ) async throws -> BenchRow {
        let lastMonth = ArchiveMonth(containing: ArchiveMonth(containing: calendar.today).firstDay.adding(days: -1))
        let videosByMonth = Dictionary(
            grouping: archive.videoDays.filter { $0 <= lastMonth.lastDay }, by: ArchiveMonth.init(containing:))
        let month = videosByMonth.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key ?? lastMonth
        let source = ScienceSource(apiURL: service.routeURL, client: client, calendar: calendar)
        let before = service.requestCount
        let clock = ContinuousClock()
        let start = clock.now
        let entries = try await source.withVideoAddresses(
            try await source.entries(from: month.firstDay, through: month.lastDay))
        var row = BenchRow(
            name: "index-month", flavour: "science-like", seconds: (clock.now - start).seconds,
            mbDownloaded: 0, peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
            requests: service.requestCount - before, entries: entries.count)
        row.videos = entries.filter { $0.mediaType == .video && $0.videoURL != nil }.count
        row.month = month.description
        return row
    }

    /// `apod-viewer --random 100` over the synced index (`ViewerIndexRow`), then GNOME Shell's
    /// search asking that viewer over the session bus; none without a display. `requests` counts
    /// the metadata requests for the batch; the main window's own request for the latest day
    /// (the index is done through yesterday) is `todayRequests`.
    private static func viewerRows(
        service: SyntheticScienceService, dataFolder: URL, scratch: URL,
        calendar: ArchiveCalendar
    ) throws -> [BenchRow] {
        let settings = ViewerIndexRow.Settings(
            api: service.routeURL, dataDirectory: dataFolder,
            scratchDirectory: scratch.appendingPathComponent("viewer", isDirectory: true),
            count: 100, deadline: 30)
        let before = service.requests.count
        let (status, data) = try BenchPlan.spawn(IndexGridRowArguments.arguments(for: settings))
        if status == ViewerGridRow.noDisplayStatus { return [] }
        guard status == 0 else { throw BenchFailure(description: "the viewer's index row failed (exit \(status))") }
        let measured = try JSONDecoder().decode(IndexGridMeasurement.self, from: data)
        let recent = [calendar.today, calendar.today.adding(days: -1)].map { "/" + $0.compactForm }
        let asked = service.requests.dropFirst(before)
        let forToday = asked.filter { request in
            request.query["per_page"] == "1" || recent.contains { request.path.hasSuffix($0) }
        }.count
        var row = BenchRow(
            name: "index-random-viewer", flavour: "science-like",
            seconds: measured.firstCellSeconds ?? settings.deadline,
            mbDownloaded: 0, peakRSSMegabytes: measured.peakRSSMegabytes, stall: measured.stall)
        row.firstCellSeconds = measured.firstCellSeconds
        row.allCellsSeconds = measured.allCellsSeconds
        row.requests = asked.count - forToday
        row.entries = measured.cells
        row.startupSeconds = measured.firstWindowSeconds
        row.todayRequests = forToday
        let times = measured.providerMilliseconds
        guard !times.isEmpty else { return [row] }
        let provider = BenchRow(
            name: "index-search-provider", flavour: "science-like", seconds: times.reduce(0, +) / 1000,
            mbDownloaded: 0, peakRSSMegabytes: measured.peakRSSMegabytes, maxStallMilliseconds: 0,
            medianMilliseconds: times[times.count / 2],
            p95Milliseconds: times[Int((Double(times.count) * 0.95).rounded(.up)) - 1],
            maxMilliseconds: times.last, entries: measured.providerMatched)
        return [row, provider]
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
