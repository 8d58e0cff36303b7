import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest
@testable import APODViewer

/// A key or source given on the command line is used, never written to the preferences file:
/// not after an unrelated edit in Preferences, and not when a second launch hands it over.
final class SourceHandOverTests: GUITestCase, @unchecked Sendable {
    private static let flagKey = "FLAGKEY7Q2W9E4R"
    private let files = TestConfiguration()
    private var servers: [FakeHTTPServer] = []

    override func tearDown() {
        servers.forEach { $0.stop() }
        super.tearDown()
        files.remove()
    }

    /// A legacy service whose title names the key it was asked with.
    private func legacyService() throws -> URL {
        let picture = pictures.url("/900x600.jpg").absoluteString
        let server = try FakeHTTPServer { request in
            let key = request.query["api_key"] ?? ""
            return .json(#"{"date": "2026-11-28", "title": "Sky for \#(key)", "explanation": "y", "media_type": "image", "service_version": "v1", "url": "\#(picture)"}"#)
        }
        servers.append(server)
        return server.baseURL.appendingPathComponent("planetary/apod")
    }

    private var configText: String {
        (try? String(contentsOf: files.store.fileURL, encoding: .utf8)) ?? ""
    }

    func testAKeyFromTheCommandLineIsNotSavedAfterAnUnrelatedEdit() throws {
        let address = try legacyService()
        try MainActor.assumeIsolated {
            let configuration = files.configuration(.legacy, apiURL: address, apiKey: Self.flagKey)
            try start(services: ViewerServices(configuration: configuration, store: files.store, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the flag's key is used") { main.titleLabel.text == "Sky for \(Self.flagKey)" }

            app.application.activateAction("preferences")
            let preferences = try XCTUnwrap(app.preferencesWindow)
            preferences.urlEntry.text = address.absoluteString + "/"
            preferences.window.close()
            waitUntil("the window closed") { app.preferencesWindow == nil }
            XCTAssertEqual(files.store.load()["api_url"], address.absoluteString + "/", "the edit was saved")
            XCTAssertFalse(configText.contains(Self.flagKey), "the flag's key was written: \(configText)")
            XCTAssertEqual(app.services?.configuration.apiKey, Self.flagKey, "and is still used")

            app.application.activateAction("preferences")
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
            waitUntil("the sample is shown") { main.titleLabel.text == TestConfiguration.newestSampleTitle }

            let request = SourceRequest(configuration: files.configuration(.legacy, apiURL: address, apiKey: Self.flagKey))
            app.application.activateAction("use-source", string: request.encoded)
            waitUntil("the main window reloaded from the handed-over source") {
                main.titleLabel.text == "Sky for \(Self.flagKey)"
            }
            XCTAssertEqual(app.services?.configuration.kind, .legacy)
            XCTAssertFalse(FileManager.default.fileExists(atPath: files.store.fileURL.path), "nothing was saved: \(configText)")

            app.application.activateAction("use-source", string: #"{"source":"moon"}"#)
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
            waitUntil("the sample is shown") { main.titleLabel.text == TestConfiguration.newestSampleTitle }
            XCTAssertEqual(main.banner.message?.hasPrefix("/x/config, line 2: unknown source \"bogus\"\n"), true,
                           main.banner.message ?? "no message")
        }
    }
}
