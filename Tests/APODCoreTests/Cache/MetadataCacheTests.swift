import XCTest

@testable import APODCore

final class MetadataCacheTests: CoreTestCase, @unchecked Sendable {
    private var root: URL!
    private let clock = TestClock(day: "2026-11-28")

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-cache-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func cache() -> MetadataCache {
        MetadataCache(root: root, partition: "science", calendar: clock.calendar)
    }

    private func entry(_ day: String) -> APODEntry {
        APODEntry(
            date: APODDay(day)!, title: "T \(day)", explanation: "E", copyright: nil,
            imageURL: URL(string: "https://apod.nasa.gov/\(day).jpg"))
    }

    func testPastEntriesAreKeptForGood() {
        cache().store(entry("2020-01-01"))
        clock.advance(86_400 * 400)
        XCTAssertEqual(cache().lookup(APODDay("2020-01-01")!), .entry(entry("2020-01-01")))
    }

    /// An explanation's links come back from the cache (beside the entry, so `apod --json`
    /// keeps its keys), and records written before links were kept still read.
    func testExplanationLinksAreKeptAndOldRecordsStillRead() throws {
        var linked = entry("2020-01-02")
        linked.explanationLinks = [TextLink(text: "E", url: URL(string: "https://example.org/e")!)]
        cache().store(linked)
        XCTAssertEqual(cache().lookup(APODDay("2020-01-02")!), .entry(linked))

        let old =
            #"{"fetched_at": 1700000000, "entry": {"date": "2020-01-03", "title": "T", "explanation": "E", "media_type": "image"}}"#
        let folder = root.appendingPathComponent("metadata/science", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(old.utf8).write(to: folder.appendingPathComponent("2020-01-03.json"))
        XCTAssertEqual(
            MetadataCache.allEntries(under: root).first { $0.date == APODDay("2020-01-03")! }?.explanationLinks, [])
    }

    func testTodayIsRefreshedAfterAnHour() {
        cache().store(entry("2026-11-28"))
        clock.advance(3500)
        XCTAssertEqual(cache().lookup(APODDay("2026-11-28")!), .entry(entry("2026-11-28")))
        clock.advance(200)
        XCTAssertEqual(cache().lookup(APODDay("2026-11-28")!), .stale(entry("2026-11-28")))
    }

    func testYesterdaysTodayBecomesPermanentAfterMidnight() {
        cache().store(entry("2026-11-28"))
        clock.advance(86_400)
        XCTAssertEqual(cache().lookup(APODDay("2026-11-28")!), .entry(entry("2026-11-28")))
    }

    func testNoEntryForAPastDayLastsADayAtMost() {
        cache().storeNoEntry(APODDay("2025-10-15")!)
        XCTAssertEqual(cache().lookup(APODDay("2025-10-15")!), .noEntry)
        clock.advance(86_401)
        XCTAssertEqual(cache().lookup(APODDay("2025-10-15")!), .miss, "NASA back-fills missed days")
    }

    func testNoEntryForTodayIsNeverStored() {
        cache().storeNoEntry(APODDay("2026-11-28")!)
        XCTAssertEqual(cache().lookup(APODDay("2026-11-28")!), .miss)
    }

    func testWritesLeaveNoTemporaryFilesAndCorruptFilesAreMisses() throws {
        for day in ["2020-01-01", "2020-01-02"] { cache().store(entry(day)) }
        let folder = root.appendingPathComponent("metadata/science")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, ["2020-01-01.json", "2020-01-02.json"])
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("2020-01-02.json"))
        XCTAssertEqual(cache().lookup(APODDay("2020-01-02")!), .miss)
    }

    func testAllEntriesSpansPartitionsAndPrefersTheNewestRecord() {
        cache().store(entry("2020-01-01"))
        var newer = entry("2020-01-01")
        newer.title = "Newer"
        clock.advance(10)
        MetadataCache(root: root, partition: "legacy", calendar: clock.calendar).store(newer)
        MetadataCache(root: root, partition: "legacy", calendar: clock.calendar).store(entry("2020-01-03"))
        let all = MetadataCache.allEntries(under: root)
        XCTAssertEqual(all.map(\.date.description), ["2020-01-01", "2020-01-03"])
        XCTAssertEqual(all.first?.title, "Newer")
    }

    func testPartitionNamesCannotEscapeTheCache() {
        let odd = MetadataCache(root: root, partition: "../../etc", calendar: clock.calendar)
        XCTAssertTrue(odd.directory.path.hasPrefix(root.appendingPathComponent("metadata").path))
        XCTAssertFalse(odd.directory.lastPathComponent.contains("/"))
        XCTAssertFalse(odd.directory.pathComponents.contains(".."))
    }
}
