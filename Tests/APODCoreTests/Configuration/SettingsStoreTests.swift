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
        XCTAssertTrue(try String(contentsOf: url, encoding: .utf8).contains("\nfuture_option = yes\n"))
        XCTAssertEqual(values["api_key"], "k")
        XCTAssertNil(values["source"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path), ["config"],
            "no temporary file is left behind")
    }

    func testMissingFileReadsAsEmpty() {
        XCTAssertTrue(SettingsStore(fileURL: folder.appendingPathComponent("nope")).load().isEmpty)
    }

    private func write(_ text: String) throws -> SettingsStore {
        let url = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return SettingsStore(fileURL: url)
    }

    func testBadValuesAreDroppedWithAProblemNamingFileAndLine() throws {
        let store = try write(
            "# mine\nsource = Bogus\napi_url=ftp://h/p?api_key=SECRET\nimage_cache_limit_mb=lots\n"
                + "colour=blue\njust words\napi_key=k\n")
        let settings = store.load()
        XCTAssertEqual(settings.values, ["api_key": "k"])
        XCTAssertEqual(settings.problems.map(\.line), [2, 3, 4, 5, 6])
        XCTAssertEqual(
            settings.problems.map(\.kind),
            [
                .unknownSource("Bogus"), .notWebAddress("ftp://h/p?api_key=SECRET"),
                .notMegabytes("lots"), .unknownKey("colour"), .unreadableLine,
            ])
        for problem in settings.problems {
            XCTAssertTrue(problem.message.hasPrefix("\(store.fileURL.path), line \(problem.line): "), problem.message)
            XCTAssertFalse(problem.message.contains("SECRET"), "an address is shown without its query")
        }
    }

    func testDailyChoicesOutsideTheirValuesFallBackWithAProblem() throws {
        let store = try write("daily_notify=yes\ndaily_background_placement=ceiling\ndaily_metered=wait\n")
        let settings = store.load()
        XCTAssertEqual(settings.values, ["daily_metered": "wait"])
        XCTAssertEqual(
            settings.problems.map(\.kind),
            [
                .notOneOf("yes", ["true", "false"]),
                .notOneOf("ceiling", ["desktop", "lockscreen", "both"]),
            ])
        XCTAssertFalse(DailySettings(store: store).notifies, "a bad value keeps the default: off")
    }

    func testTheStyleIsSavedAndAnUnknownOneFollowsTheSystemWithAProblem() throws {
        let store = try write("style=purple\n")
        XCTAssertEqual(store.load().problems.map(\.kind), [.notOneOf("purple", ["system", "light", "dark"])])
        XCTAssertEqual(StylePreference(store: store), .followSystem)
        try StylePreference.dark.save(to: store)
        XCTAssertEqual(StylePreference(store: store), .dark)
        XCTAssertEqual(try String(contentsOf: store.fileURL, encoding: .utf8), "style=dark\n")
    }

    func testTheBackgroundChoicesAreSavedAndReadBack() throws {
        let store = try write("daily_fit=stretch\ndaily_rotation=weekly\n")
        XCTAssertEqual(
            store.load().problems.map(\.kind),
            [
                .notOneOf("stretch", ["auto", "fill", "whole"]),
                .notOneOf("weekly", ["off", "1h", "6h", "1d"]),
            ])
        var settings = DailySettings(store: store)
        XCTAssertEqual(settings.fit, .auto)
        XCTAssertEqual(settings.rotation, .off)
        XCTAssertEqual(settings.caption, .none, "no title on the background unless asked")
        settings.caption = .titleAndSentence
        settings.fit = .whole
        settings.unusableDays = .useFavourite
        settings.rotation = .sixHours
        settings.rotationSource = .archive
        try settings.save(to: store)
        XCTAssertEqual(DailySettings(store: store), settings)
        XCTAssertEqual(store.load().problems, [])
    }

    func testSavingKeepsCommentsUnknownKeysAndOrder() throws {
        let store = try write(
            "# my settings\nsource=legacy\n\n# from a newer version\nfuture_option = yes\napi_key=old\n")
        try store.save([.source: "science", .apiKey: nil, .imageCacheLimitMB: "300"])
        XCTAssertEqual(
            try String(contentsOf: store.fileURL, encoding: .utf8),
            "# my settings\nsource=science\n\n# from a newer version\nfuture_option = yes\nimage_cache_limit_mb=300\n")
    }

    func testAKeySetTwiceIsWrittenOnce() throws {
        let store = try write("source=legacy\n# note\nsource=offline\n")
        XCTAssertEqual(store.value(.source), "offline", "the last line wins")
        try store.save([.source: "science"])
        XCTAssertEqual(try String(contentsOf: store.fileURL, encoding: .utf8), "# note\nsource=science\n")
    }

    func testAnOversizedFileIsNeitherReadNorOverwritten() throws {
        let text = "source=legacy\n" + String(repeating: "# padding\n", count: SettingsStore.maxBytes / 10)
        let store = try write(text)
        let settings = store.load()
        XCTAssertTrue(settings.isEmpty)
        XCTAssertEqual(settings.problems.map(\.kind), [.tooLarge])
        XCTAssertEqual(settings.problems.first?.message, APODError.settingsTooLarge(path: store.fileURL.path).message)
        XCTAssertThrowsError(try store.save([.source: "science"])) { error in
            XCTAssertEqual(error as? APODError, .settingsTooLarge(path: store.fileURL.path))
        }
        XCTAssertEqual(try String(contentsOf: store.fileURL, encoding: .utf8), text)
    }

    func testALargeButAllowedFileIsRead() throws {
        let padding = String(repeating: "#", count: SettingsStore.maxBytes - 40) + "\n"
        let store = try write(padding + "source=offline\n")
        XCTAssertEqual(store.load().values, ["source": "offline"])
        XCTAssertEqual(store.load().problems, [])
    }
}
