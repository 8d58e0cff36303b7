import APODCore
import Foundation
import XCTest

@testable import APODViewer

/// The viewer's access to the indexes keeps sources apart while the user switches.
final class ArchiveAccessTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "archive-access-\(UUID().uuidString)")

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testEachSourceKeepsItsOwnIndexAcrossASwitch() throws {
        let cache = folder.appendingPathComponent("cache")
        let science = SourceConfiguration(kind: .science, cacheDirectory: cache)
        let mirror = SourceConfiguration(
            kind: .legacy, apiURL: URL(string: "http://127.0.0.1:9/planetary/apod"), cacheDirectory: cache)
        let access = ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: science)
        let before = try access.openIndex()
        access.use(mirror)
        let after = try access.openIndex()
        XCTAssertNotEqual(before.file, after.file)
        XCTAssertTrue(try access.openIndex(for: science) === before, "a request still running for science writes there")
        try before.store([APODEntry(date: APODDay("2020-01-01")!, title: "Science only")])
        XCTAssertEqual(try after.count(), 0)
        XCTAssertEqual(
            try access.openIndex(for: SourceConfiguration(kind: .offline, cacheDirectory: cache)).file, before.file,
            "offline reads the science index")
    }
}

/// The viewer's own wrappers pass on everything the source says (no display needed).
final class ViewerSourceWrapperTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wrappers-\(UUID().uuidString)")

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testUnusableDaysAndTheSyncWindowSurviveTheSwitchAndTheDeferredIndex() async throws {
        let leaf = FakeSource(entries: [
            APODEntry(date: APODDay("2020-01-01")!, title: "One"),
            APODEntry(date: APODDay("2020-01-03")!, title: "Three"),
        ])
        leaf.setUnusable([APODDay("2020-01-02")!])
        let configuration = SourceConfiguration(kind: .science, cacheDirectory: folder.appendingPathComponent("cache"))
        let deferred = DeferredIndexingSource(
            upstream: leaf, configuration: configuration,
            archive: ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: configuration),
            calendar: ArchiveCalendar())
        for (name, source) in [
            ("switchable", SwitchableSource(leaf)), ("deferred", deferred),
            ("both", SwitchableSource(deferred)),
        ] as [(String, any APODSource)] {
            let answer = try await source.rangeAnswer(from: APODDay("2020-01-01")!, through: APODDay("2020-01-03")!)
            XCTAssertEqual(answer.entries.map(\.title), ["One", "Three"], name)
            XCTAssertEqual(answer.unusableDays, [APODDay("2020-01-02")!], name)
            XCTAssertEqual(source.syncWindowDays, leaf.syncWindowDays, name)
        }
    }
}
