import XCTest

@testable import APODCore

final class OfflineSourceTests: CoreTestCase, @unchecked Sendable {
    private var folder: URL!
    private let clock = TestClock(day: "2026-11-28")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sample/images"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var sample: URL { folder.appendingPathComponent("sample") }
    private var cacheRoot: URL { folder.appendingPathComponent("cache") }

    private func writeSample() throws {
        let json = """
            [{"date":"2026-10-01","title":"Sample One","explanation":"x","media_type":"image","url":"images/one.jpg"},
             {"date":"2026-10-02","title":"Sample Two","explanation":"x","media_type":"video","url":"https://www.youtube.com/embed/Zx9-8yh_7Gk","thumbnail_url":"images/poster.jpg"},
             {"date":"2026-10-03","title":"","media_type":"image"}]
            """
        try Data(json.utf8).write(to: sample.appendingPathComponent("entries.json"))
    }

    private func offline() -> OfflineSource {
        OfflineSource(cacheRoot: cacheRoot, sampleDirectory: sample, calendar: clock.calendar)
    }

    func testEmptyStoreSaysSo() async throws {
        do {
            _ = try await OfflineSource(cacheRoot: cacheRoot, sampleDirectory: nil, calendar: clock.calendar).latest()
            XCTFail("expected nothingOffline")
        } catch let error as APODError {
            XCTAssertEqual(error, .nothingOffline)
        }
    }

    func testSampleEntriesWithLocalPictures() async throws {
        try writeSample()
        let latest = try await offline().latest()
        XCTAssertEqual(latest.date.description, "2026-10-02")
        XCTAssertEqual(latest.thumbnailURL?.path, sample.appendingPathComponent("images/poster.jpg").path)
        let first = try await offline().entry(for: APODDay("2026-10-01")!)
        XCTAssertEqual(first.imageURL?.isFileURL, true)
        do {
            _ = try await offline().entry(for: APODDay("2026-10-03")!)
            XCTFail("the unusable sample entry is skipped")
        } catch APODError.notStoredOffline(let day) {
            XCTAssertEqual(day.description, "2026-10-03")
        }
    }

    func testCacheAndSampleCombineAndSampleWins() async throws {
        try writeSample()
        let cache = MetadataCache(root: cacheRoot, partition: "science", calendar: clock.calendar)
        cache.store(APODEntry(date: APODDay("2026-10-01")!, title: "Cached One"))
        cache.store(APODEntry(date: APODDay("2020-01-01")!, title: "Cached Old"))
        let range = try await offline().entries(from: APODDay("2019-01-01")!, through: APODDay("2026-10-31")!)
        XCTAssertEqual(range.map(\.title), ["Cached Old", "Sample One", "Sample Two"])
        let random = try await offline().random(count: 10)
        XCTAssertEqual(Set(random.map(\.date)).count, 3, "no more than what is stored, no repeats")
    }

    func testDatesAreStillValidated() async throws {
        try writeSample()
        do {
            _ = try await offline().entry(for: APODDay("1990-01-01")!)
            XCTFail("expected dateOutOfRange")
        } catch APODError.dateOutOfRange {}
    }
}
