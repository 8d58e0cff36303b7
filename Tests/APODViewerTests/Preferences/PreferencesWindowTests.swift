import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The preferences window saves to the preferences file and applies changes at once.
final class PreferencesWindowTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var servers: [FakeHTTPServer] = []

    override func tearDown() {
        servers.forEach { $0.stop() }
        super.tearDown()
        files.remove()
    }

    private func server(_ handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws -> FakeHTTPServer {
        let server = try FakeHTTPServer(handler: handler)
        servers.append(server)
        return server
    }

    @MainActor
    private func openPreferences() throws -> PreferencesWindow {
        app.application.activateAction(AppAction.preferences)
        return try XCTUnwrap(app.preferencesWindow)
    }

    func testTheChosenSourceIsSavedAndUsedWithoutARestart() throws {
        let picture = pictures.url("/900x600.jpg").absoluteString
        let science = try server { _ in
            .json(
                #"[{"date": "2026-11-28", "title": "Science Sky", "explanation": "x", "media_type": "image", "url": "\#(picture)"}]"#
            )
        }
        let legacy = try server { request in
            guard request.query["api_key"] == "my-secret-key" else {
                return .json(
                    #"{"error": {"code": "API_KEY_INVALID", "message": "An invalid api_key was supplied."}}"#,
                    status: 403)
            }
            return .json(
                #"{"date": "2026-11-28", "title": "Legacy Sky", "explanation": "y", "media_type": "image", "service_version": "v1", "url": "\#(picture)"}"#
            )
        }
        let legacyURL = legacy.baseURL.appendingPathComponent("planetary/apod")
        try MainActor.assumeIsolated {
            try start(
                services: files.services(
                    .science, apiURL: science.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic"),
                    calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the science entry is shown") { main.caption.titleLabel.text == "Science Sky" }

            let preferences = try openPreferences()
            XCTAssertEqual(preferences.window.title, "Preferences")
            XCTAssertFalse(preferences.window.isModal, "the main window stays usable beside it (issue 19)")
            XCTAssertTrue(preferences.window.isDialog(of: main.window), "kept above the main window")
            XCTAssertEqual(preferences.sourceChoice.selectedValue, .science)
            XCTAssertEqual(
                preferences.sourceChoice.selectedLabel, "127.0.0.1:\(science.baseURL.port!) (as science.nasa.gov)",
                "the host really asked, not NASA's, while --api-url points elsewhere")
            XCTAssertFalse(preferences.showsLegacyFields)
            XCTAssertTrue(preferences.keyEntry.isSecret, "the key is masked on screen")
            preferences.urlEntry.text = legacyURL.absoluteString
            preferences.keyEntry.text = "my-secret-key"
            preferences.sourceChoice.selectedValue = .legacy
            XCTAssertTrue(preferences.showsLegacyFields)
            waitUntil("the main window reloaded from the legacy API") { main.caption.titleLabel.text == "Legacy Sky" }

            let saved = files.store.load()
            XCTAssertEqual(saved["source"], "legacy")
            XCTAssertEqual(saved["api_url"], legacyURL.absoluteString)
            XCTAssertEqual(saved["api_key"], "my-secret-key")
            let mode =
                try FileManager.default.attributesOfItem(atPath: files.store.fileURL.path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)

            servers.forEach { $0.stop() }
            preferences.sourceChoice.selectedValue = .offline
            app.application.activateAction(AppAction.showDate, string: TestConfiguration.newestSampleDate)
            waitUntil("the sample is shown with both services gone") {
                main.caption.titleLabel.text == TestConfiguration.newestSampleTitle
            }
            XCTAssertEqual(files.store.load()["source"], "offline")
            XCTAssertNil(files.store.load()["api_url"])

            preferences.window.close()
            waitUntil("the window closed") { app.preferencesWindow == nil }
            XCTAssertEqual(
                try openPreferences().sourceChoice.selectedValue, .offline, "the window shows what is in use")
            let restarted = try SourceConfiguration.resolve(
                arguments: [], environment: [:], settings: files.store.load()
            ).0
            XCTAssertEqual(restarted.kind, .offline, "the next launch starts where the user left off")
        }
    }

    func testALegacyAddressThatIsNotAWebAddressIsExplainedAndNotSaved() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            let preferences = try openPreferences()
            preferences.urlEntry.text = "ftp://example.org/apod"
            preferences.sourceChoice.selectedValue = .legacy
            XCTAssertTrue(preferences.addressMessage.isVisible)
            XCTAssertTrue(preferences.addressMessage.text.contains("http://"), preferences.addressMessage.text)
            let field = try XCTUnwrap(preferences.urlEntry.bounds(in: preferences.window))
            let message = try XCTUnwrap(preferences.addressMessage.bounds(in: preferences.window))
            XCTAssertEqual(message.y, field.y + field.height, accuracy: 12, "the message sits right under its field")
            XCTAssertNil(files.store.load()["source"])
            XCTAssertEqual(app.services?.configuration.kind, .offline)

            preferences.urlEntry.text = ""
            waitUntil("a usable address is applied once typing pauses, with no Apply button") {
                app.services?.configuration.kind == .legacy
            }
            XCTAssertFalse(preferences.addressMessage.isVisible)
            XCTAssertEqual(
                app.services?.configuration.apiURL, SourceConfiguration.legacyURL, "empty means the public API")
        }
    }

    func testATypedKeyAndAddressAreAppliedWhenTheWindowCloses() throws {
        let picture = pictures.url("/900x600.jpg").absoluteString
        let legacy = try server { request in
            let key = request.query["api_key"] ?? ""
            return .json(
                #"{"date": "2026-11-28", "title": "Sky for \#(key)", "explanation": "y", "media_type": "image", "service_version": "v1", "url": "\#(picture)"}"#
            )
        }
        let address = legacy.baseURL.appendingPathComponent("planetary/apod")
        try MainActor.assumeIsolated {
            try start(services: files.services(.legacy, apiURL: address, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the entry for the demo key is shown") { main.caption.titleLabel.text == "Sky for DEMO_KEY" }

            var preferences = try openPreferences()
            preferences.urlEntry.text = "ftp://example.org/apod"
            XCTAssertTrue(preferences.addressMessage.isVisible, "an unusable address is explained as it is typed")
            waitForFrames()
            saveScreenshot(of: preferences.window, named: "preferences-unusable-address")
            preferences.window.close()
            waitUntil("the window closed") { app.preferencesWindow == nil }
            XCTAssertNil(files.store.load()["api_url"], "an unusable address is never saved")
            XCTAssertEqual(app.services?.configuration.apiURL, address)

            preferences = try openPreferences()
            preferences.urlEntry.text = address.absoluteString + "/"
            XCTAssertFalse(preferences.addressMessage.isVisible)
            preferences.keyEntry.text = "typed-key"
            preferences.window.close()
            waitUntil("the window closed") { app.preferencesWindow == nil }
            XCTAssertEqual(files.store.load()["api_key"], "typed-key", "closing keeps what was typed")
            XCTAssertEqual(files.store.load()["api_url"], address.absoluteString + "/")
            XCTAssertEqual(app.services?.configuration.apiKey, "typed-key")
            waitUntil("the main window reloaded with the typed key") {
                main.caption.titleLabel.text == "Sky for typed-key"
            }
        }
    }

    /// A lower limit reaches the video cache while the app runs: the least recently played
    /// video goes at once, not at the next start.
    func testALowerCacheLimitEvictsVideosAtOnce() throws {
        let videos = files.cacheDirectory.appendingPathComponent("videos", isDirectory: true)
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        func video(_ name: String, megabytes: UInt64, playedAgo: TimeInterval) throws -> URL {
            let file = videos.appendingPathComponent(name)
            XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: megabytes << 20)
            try handle.close()
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-playedAgo)], ofItemAtPath: file.path)
            return file
        }
        let older = try video(String(repeating: "a", count: 64) + ".mp4", megabytes: 40, playedAgo: 600)
        let newer = try video(String(repeating: "b", count: 64) + ".mp4", megabytes: 30, playedAgo: 60)
        try MainActor.assumeIsolated {
            let services = files.services(.offline, calendar: calendar)
            try start(services: services)
            let preferences = try openPreferences()
            preferences.cacheLimitSpin.value = 50
            XCTAssertEqual(services.environment.videos.cache.capacity, 50 << 20, "the new limit is in use")
            waitUntil("the least recently played video goes") {
                !FileManager.default.fileExists(atPath: older.path)
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: newer.path), "what fits stays")
        }
    }

    func testTheCacheLimitIsSavedAndClearCacheEmptiesOnlyTheCache() throws {
        let cache = files.cacheDirectory
        let manager = FileManager.default
        try manager.createDirectory(
            at: cache.appendingPathComponent("metadata/science"), withIntermediateDirectories: true)
        try manager.createDirectory(at: cache.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data(count: 2 << 20).write(to: cache.appendingPathComponent("images/" + String(repeating: "a", count: 64)))
        try Data(count: 1 << 19).write(to: cache.appendingPathComponent("metadata/science/2020-12-17.json"))
        try Data("mine".utf8).write(to: cache.appendingPathComponent("unrelated.txt"))
        try MainActor.assumeIsolated {
            let services = files.services(.offline, calendar: calendar)
            try start(services: services)
            let preferences = try openPreferences()
            XCTAssertEqual(preferences.cacheLimitSpin.value, ViewerServices.defaultCacheLimitMB)
            waitUntil("the usage is measured") { preferences.usageRow.title == "In use: 2.5 MB (entries and pictures)" }

            preferences.cacheLimitSpin.value = 200
            XCTAssertEqual(files.store.load()["image_cache_limit_mb"], "200")
            XCTAssertEqual(
                (services.pictureFetcher as? ImageLoader)?.cacheCapacity, 200 << 20, "the new limit is in use")
            XCTAssertEqual(files.services(.offline, calendar: calendar).cacheLimitMB, 200, "and read back at start-up")

            preferences.clearButton.activate()
            waitUntil("clearing asks first") { preferences.clearConfirmation != nil }
            let question = try XCTUnwrap(preferences.clearConfirmation)
            XCTAssertEqual(question.heading, "Clear the cache?")
            XCTAssertEqual(question.responses, ["cancel", "clear"])
            XCTAssertTrue(question.window.isModal)
            question.respond("cancel")
            waitForFrames()
            XCTAssertNil(preferences.clearConfirmation)
            XCTAssertTrue(
                manager.fileExists(atPath: cache.appendingPathComponent("images").path), "Cancel keeps the cache")

            preferences.clearButton.activate()
            waitUntil("it asks again") { preferences.clearConfirmation != nil }
            try XCTUnwrap(preferences.clearConfirmation).respond("clear")
            waitUntil("the cache is empty") { preferences.usageRow.title == "In use: 0.0 MB (entries and pictures)" }
            XCTAssertFalse(manager.fileExists(atPath: cache.appendingPathComponent("images").path))
            XCTAssertFalse(manager.fileExists(atPath: cache.appendingPathComponent("metadata").path))
            XCTAssertTrue(
                manager.fileExists(atPath: cache.appendingPathComponent("unrelated.txt").path),
                "files the app did not make are left alone")
        }
    }

    func testTheMenuOffersPreferencesWithCtrlComma() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            XCTAssertEqual(app.application.accelerators(for: "app.preferences"), ["<Control>comma"])
            XCTAssertTrue(app.mainWindow?.window.activateAction(AppAction.preferences.detailedName) ?? false)
            waitUntil("the preferences window is open") { Gtk.toplevelTitles.contains("Preferences") }
        }
    }

    // MARK: keys and sources from the command line: used, never written

    private static let commandLineKey = "FLAGKEY7Q2W9E4R"

    /// A legacy service whose title names the key it was asked with.
    private func legacyService() throws -> URL {
        let picture = pictures.url("/900x600.jpg").absoluteString
        let service = try server { request in
            let key = request.query["api_key"] ?? ""
            return .json(
                #"{"date": "2026-11-28", "title": "Sky for \#(key)", "explanation": "y", "media_type": "image", "service_version": "v1", "url": "\#(picture)"}"#
            )
        }
        return service.baseURL.appendingPathComponent("planetary/apod")
    }

    private var configText: String {
        (try? String(contentsOf: files.store.fileURL, encoding: .utf8)) ?? ""
    }

    func testAKeyFromTheCommandLineIsNotSavedAfterAnUnrelatedEdit() throws {
        let address = try legacyService()
        try MainActor.assumeIsolated {
            let configuration = files.configuration(.legacy, apiURL: address, apiKey: Self.commandLineKey)
            try start(services: ViewerServices(configuration: configuration, store: files.store, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the flag's key is used") { main.caption.titleLabel.text == "Sky for \(Self.commandLineKey)" }

            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            preferences.urlEntry.text = address.absoluteString + "/"
            preferences.window.close()
            waitUntil("the window closed") { app.preferencesWindow == nil }
            XCTAssertEqual(files.store.load()["api_url"], address.absoluteString + "/", "the edit was saved")
            XCTAssertFalse(configText.contains(Self.commandLineKey), "the flag's key was written: \(configText)")
            XCTAssertEqual(app.services?.configuration.apiKey, Self.commandLineKey, "and is still used")

            app.application.activateAction(AppAction.preferences)
            let again = try XCTUnwrap(app.preferencesWindow)
            again.keyEntry.text = "typed-key"
            again.window.close()
            waitUntil("the window closed") { app.preferencesWindow == nil }
            XCTAssertEqual(files.store.load()["api_key"], "typed-key", "a key typed in Preferences is saved")
        }
    }

    func testAHandedOverSourceIsUsedAndNotSaved() throws {
        let address = try legacyService()
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the sample is shown") { main.caption.titleLabel.text == TestConfiguration.newestSampleTitle }

            let request = SourceRequest(
                configuration: files.configuration(.legacy, apiURL: address, apiKey: Self.commandLineKey))
            app.application.activateAction(AppAction.useSource, string: request.encoded)
            waitUntil("the main window reloaded from the handed-over source") {
                main.caption.titleLabel.text == "Sky for \(Self.commandLineKey)"
            }
            XCTAssertEqual(app.services?.configuration.kind, .legacy)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: files.store.fileURL.path), "nothing was saved: \(configText)")

            app.application.activateAction(AppAction.useSource, string: #"{"source":"moon"}"#)
            XCTAssertEqual(main.banner.message?.contains("not applied"), true, main.banner.message ?? "no message")
            XCTAssertEqual(app.services?.configuration.kind, .legacy, "a request naming no source changes nothing")
        }
    }

    func testSettingsProblemsAreShownInTheMainWindow() throws {
        try MainActor.assumeIsolated {
            var options = ViewerOptions()
            options.settingsWarnings = ["/x/config, line 2: unknown source \"bogus\""]
            try start(services: files.services(.offline, calendar: calendar), options: options)
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the sample is shown") { main.caption.titleLabel.text == TestConfiguration.newestSampleTitle }
            XCTAssertEqual(
                main.banner.message?.hasPrefix("/x/config, line 2: unknown source \"bogus\"\n"), true,
                main.banner.message ?? "no message")
        }
    }
}
