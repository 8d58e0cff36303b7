import TestSupport
import XCTest

@testable import APODCore

/// Every wrapper passes on what the source it wraps said: the days that came unusable (which
/// a wrapper with a leaf default once dropped), the sync window, and the players of videos,
/// which the wrappers that keep entries fetch once.
/// (With the caching wrapper's tests, whose folder and clock they share.)
extension CachingSourceTests {
    private func indexing(_ upstream: any APODSource) throws -> IndexingSource {
        IndexingSource(
            upstream: upstream, index: try ArchiveIndex.open(in: root, partition: "test", calendar: clock.calendar),
            calendar: clock.calendar)
    }

    private func wrappers(around leaf: any APODSource) throws -> [(String, any APODSource)] {
        [
            ("caching", caching(leaf)),
            ("coalescing", CoalescingSource(upstream: leaf, calendar: clock.calendar)),
            ("indexing", try indexing(leaf)),
            ("all of them", try indexing(caching(CoalescingSource(upstream: leaf, calendar: clock.calendar)))),
        ]
    }

    func testUnusableDaysSurviveEveryWrapper() async throws {
        let leaf = RecordingSource(days: ["2020-01-01", "2020-01-03"])
        leaf.setUnusable(["2020-01-02"])
        for (name, source) in try wrappers(around: leaf) {
            try? FileManager.default.removeItem(at: root)
            let answer = try await source.rangeAnswer(from: APODDay("2020-01-01")!, through: APODDay("2020-01-03")!)
            XCTAssertEqual(answer.entries.map(\.date.description), ["2020-01-01", "2020-01-03"], name)
            XCTAssertEqual(answer.unusableDays, [APODDay("2020-01-02")!], name)
            XCTAssertEqual(source.syncWindowDays, 31, name)
        }
    }

    /// The caching wrapper answered the range from its cache but one day: the unusable day is
    /// still reported, and asked again next time (not remembered as a day without a picture).
    func testTheCacheReportsUnusableDaysOfThePartItAskedFor() async throws {
        let leaf = RecordingSource(days: ["2020-01-01", "2020-01-03"])
        leaf.setUnusable(["2020-01-02"])
        _ = try await caching(leaf).rangeAnswer(from: APODDay("2020-01-01")!, through: APODDay("2020-01-01")!)
        let answer = try await caching(leaf).rangeAnswer(from: APODDay("2020-01-01")!, through: APODDay("2020-01-03")!)
        XCTAssertEqual(answer.unusableDays, [APODDay("2020-01-02")!])
        XCTAssertEqual(leaf.calls, ["range 2020-01-01 2020-01-01", "range 2020-01-02 2020-01-03"])
        _ = try await caching(leaf).rangeAnswer(from: APODDay("2020-01-02")!, through: APODDay("2020-01-02")!)
        XCTAssertEqual(leaf.calls.last, "range 2020-01-02 2020-01-02")
    }

    /// Each wrapper hands a video to the service once: the player it fetched is kept with the
    /// entry, so later wrappers over the same files ask nothing.
    func testAVideoPlayerIsFetchedOnceThroughTheWrappersThatKeepEntries() async throws {
        let leaf = RecordingSource(days: ["2020-01-01"])
        leaf.publishVideo("2020-01-02", player: "https://www.youtube.com/embed/abc")
        for (name, makeSource) in [
            ("caching", { [self] in caching(leaf) as any APODSource }),
            ("indexing", { [self] in try indexing(leaf) as any APODSource }),
        ] as [(String, () throws -> any APODSource)] {
            try? FileManager.default.removeItem(at: root)
            let listed = try await makeSource().entries(from: APODDay("2020-01-01")!, through: APODDay("2020-01-02")!)
            XCTAssertTrue(listed[1].lacksVideoAddress, name)
            let before = leaf.calls.count
            let first = try await makeSource().withVideoAddresses(listed)
            XCTAssertEqual(first[1].videoURL?.absoluteString, "https://www.youtube.com/embed/abc", name)
            XCTAssertEqual(first[0], listed[0], name)
            XCTAssertEqual(leaf.calls.count, before + 1, name)
            let again = try await makeSource().withVideoAddresses(listed)
            XCTAssertEqual(again, first, name)
            XCTAssertEqual(leaf.calls.count, before + 1, "\(name): the kept player costs no request")
        }
    }
}
