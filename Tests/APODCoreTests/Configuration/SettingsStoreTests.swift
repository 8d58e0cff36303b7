import XCTest
@testable import APODCore

final class SettingsStoreTests: CoreTestCase, @unchecked Sendable {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testDefaultLocationFollowsXDGConfigHome() {
        let store = SettingsStore(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"])
        XCTAssertEqual(store.fileURL.path, "/x/conf/apod-viewer/config")
        let fallback = SettingsStore(environment: ["HOME": "/home/u"])
        XCTAssertEqual(fallback.fileURL.path, "/home/u/.config/apod-viewer/config")
    }

    func testSavesAndLoadsWithOwnerOnlyPermissions() throws {
        let store = SettingsStore(fileURL: folder.appendingPathComponent("apod-viewer/config"))
        try store.save([.source: "legacy", .apiKey: "MARKER-KEY-123"])
        XCTAssertEqual(store.value(.source), "legacy")
        XCTAssertEqual(store.value(.apiKey), "MARKER-KEY-123")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(
            atPath: store.fileURL.deletingLastPathComponent().path)
        XCTAssertEqual((folderAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
    }

    func testRemovingAValueKeepsTheOthersAndUnknownKeys() throws {
        let url = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# comment\nfuture_option = yes\nsource=science\n".write(to: url, atomically: true, encoding: .utf8)
        let store = SettingsStore(fileURL: url)
        try store.save([.apiKey: "k", .source: nil])
        let values = store.load()
        XCTAssertEqual(values["future_option"], "yes")
        XCTAssertEqual(values["api_key"], "k")
        XCTAssertNil(values["source"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["config"],
                       "no temporary file is left behind")
    }

    func testMissingFileReadsAsEmpty() {
        XCTAssertTrue(SettingsStore(fileURL: folder.appendingPathComponent("nope")).load().isEmpty)
    }
}
