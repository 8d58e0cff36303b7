import APODCore
import Foundation
import XCTest
@testable import APODViewer

/// The viewer's access to the indexes keeps sources apart while the user switches.
final class ArchiveAccessTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-access-\(UUID().uuidString)")

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testEachSourceKeepsItsOwnIndexAcrossASwitch() throws {
        let cache = folder.appendingPathComponent("cache")
        let science = SourceConfiguration(kind: .science, cacheDirectory: cache)
        let mirror = SourceConfiguration(kind: .legacy, apiURL: URL(string: "http://127.0.0.1:9/planetary/apod"), cacheDirectory: cache)
        let access = ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: science)
        let before = try access.openIndex()
        access.use(mirror)
        let after = try access.openIndex()
        XCTAssertNotEqual(before.file, after.file)
        XCTAssertTrue(try access.openIndex(for: science) === before, "a request still running for science writes there")
        try before.store([APODEntry(date: APODDay("2020-01-01")!, title: "Science only")])
        XCTAssertEqual(try after.count(), 0)
        XCTAssertEqual(try access.openIndex(for: SourceConfiguration(kind: .offline, cacheDirectory: cache)).file, before.file,
                       "offline reads the science index")
    }
}
