import APODCore
import AdwKit
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The About window: what changed in this version comes from the metainfo, and the debug
/// information a user pastes into a report names versions and the source but never the key.
final class AboutTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    /// Run from the build folder (`make run`), the icon is not in the theme: it is found in the
    /// source tree's `data/icons` whatever folder the sample comes from, so About never shows
    /// a broken icon.
    func testTheAppIconIsFoundFromTheBuildTree() throws {
        let icons = try XCTUnwrap(IconLocator.sourceTreeIcons(appID: ViewerApplication.id))
        XCTAssertEqual(icons.lastPathComponent, "icons")
        setenv("APOD_SAMPLE_DIR", "/nonexistent/apod-sample", 1)
        defer { unsetenv("APOD_SAMPLE_DIR") }
        XCTAssertEqual(
            IconLocator.sourceTreeIcons(appID: ViewerApplication.id), icons, "not looked for beside the sample")
        MainActor.assumeIsolated {
            ViewerLauncher.useAppIcon()
            XCTAssertTrue(Gtk.iconThemeHasIcon(ViewerApplication.id), "About and the windows show the app's icon")
        }
    }

    func testReleaseNotesComeFromTheMetainfoAndDebugInfoHasNoKey() throws {
        let metainfo = try XCTUnwrap(Metainfo.find(), "the metainfo is found from the build")
        let key = "about-test-secret-key"
        try MainActor.assumeIsolated {
            let configuration = files.configuration(
                .legacy, apiURL: URL(string: "https://example.org/planetary/apod?api_key=\(key)"),
                apiKey: key)
            try start(services: ViewerServices(configuration: configuration, store: files.store, calendar: calendar))
            let details = About.details(services: app.services, metainfo: metainfo)
            XCTAssertEqual(details.version, AppVersion.current)
            let text = try String(contentsOf: metainfo, encoding: .utf8)
            let release = try XCTUnwrap(Metainfo.releases(in: text).first, "the newest release")
            XCTAssertEqual(release.version, AppVersion.current, "the metainfo's newest release is this version")
            XCTAssertEqual(details.releaseNotes, release.notes)
            XCTAssertTrue(details.releaseNotes.hasPrefix("<p>"), details.releaseNotes)

            XCTAssertTrue(details.debugInfo.contains("libadwaita \(Adwaita.version)"), details.debugInfo)
            XCTAssertTrue(
                details.debugInfo.contains("Source: legacy https://example.org/planetary/apod\n"), details.debugInfo)
            XCTAssertFalse(details.debugInfo.contains(key), "the key never appears in the debug information")
            XCTAssertTrue(details.links.allSatisfy { $0.url.hasPrefix("https://") })

            app.application.activateAction(AppAction.about)
            waitUntil("the about window is open") { app.aboutWindow?.isMapped == true }
        }
    }
}
