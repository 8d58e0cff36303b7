import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Screenshots of the offline banner (the service unreachable at start-up) and the preferences
/// with the NASA API's address and masked key, into `.build/screenshots` beside the other windows' (`make screenshots`).
final class DesktopScreenshotTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    func testSavesTheOfflineBannerAndThePreferencesWindow() throws {
        try MainActor.assumeIsolated {
            var configuration = files.configuration(
                .legacy, apiURL: URL(string: "http://127.0.0.1:9/planetary/apod"),
                apiKey: "not-a-real-key")
            configuration.timeout = 2
            let services = ViewerServices(configuration: configuration, store: files.store, calendar: calendar)
            try start(services: services)
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the app fell back to the sample", timeout: 30) { main.offlineBanner.isShown }
            waitUntil("the sample picture is shown") { main.pictureView.page == .picture }
            main.window.resize(width: 960, height: 860)
            waitForFrames()
            saveScreenshot(of: main.window, named: "offline-banner")

            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            waitUntil("the usage is measured") { preferences.usageRow.title.hasPrefix("In use") }
            waitForFrames()
            XCTAssertTrue(preferences.keyEntry.isSecret)
            XCTAssertTrue(preferences.showsLegacyFields)
            saveScreenshot(of: preferences.window, named: "preferences-legacy")
        }
    }
}
