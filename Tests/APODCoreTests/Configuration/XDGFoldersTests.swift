import XCTest

@testable import APODCore

final class XDGFoldersTests: XCTestCase {
    func testHomesHonourAbsoluteVariablesOnly() {
        let set = ["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k", "HOME": "/h"]
        XCTAssertEqual(XDGFolders.dataHome(environment: set).path, "/d")
        XCTAssertEqual(XDGFolders.configHome(environment: set).path, "/c")
        XCTAssertEqual(XDGFolders.cacheHome(environment: set).path, "/k")
        let relative = ["XDG_DATA_HOME": "d", "XDG_CONFIG_HOME": "c", "XDG_CACHE_HOME": "k", "HOME": "/h"]
        XCTAssertEqual(XDGFolders.dataHome(environment: relative).path, "/h/.local/share")
        XCTAssertEqual(XDGFolders.configHome(environment: relative).path, "/h/.config")
        XCTAssertEqual(XDGFolders.cacheHome(environment: relative).path, "/h/.cache")
    }

    func testInstalledCopiesAreSearchedBesideTheProgramThenDataHomeThenDataDirectories() {
        let found = XDGFolders.installed(
            "metainfo/x.xml", environment: ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b"])
        XCTAssertEqual(found.dropFirst().map(\.path), ["/d/metainfo/x.xml", "/a/metainfo/x.xml", "/b/metainfo/x.xml"])
        XCTAssertEqual(found.first?.lastPathComponent, "x.xml")
        XCTAssertEqual(found.first?.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent, "share")
        let defaults = XDGFolders.installed("s", environment: ["HOME": "/h"]).dropFirst().map(\.path)
        XCTAssertEqual(defaults, ["/h/.local/share/s", "/usr/local/share/s", "/usr/share/s"])
    }

    /// The sample and the metainfo are found in the same places, so a package that installs
    /// one beside the other never finds only one of them.
    func testTheSampleAndTheMetainfoAreLookedForInTheSameFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let share = root.appendingPathComponent("share")
        try FileManager.default.createDirectory(
            at: share.appendingPathComponent("apod-viewer/sample"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: share.appendingPathComponent("metainfo"), withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: share.appendingPathComponent("apod-viewer/sample/entries.json"))
        try Data("<component/>".utf8).write(to: share.appendingPathComponent("metainfo/" + Metainfo.fileName))
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("empty").path, "XDG_DATA_DIRS": share.path]
        XCTAssertEqual(
            SampleLocator.find(environment: environment)?.standardizedFileURL.path,
            share.appendingPathComponent("apod-viewer/sample").standardizedFileURL.path)
        XCTAssertEqual(
            Metainfo.find(environment: environment)?.standardizedFileURL.path,
            share.appendingPathComponent("metainfo/" + Metainfo.fileName).standardizedFileURL.path)
    }
}
