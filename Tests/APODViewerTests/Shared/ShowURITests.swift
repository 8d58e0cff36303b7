import Foundation
import GtkKit
import XCTest

/// `Window.showURI` hands a link to the desktop's default browser. GLib reads the XDG folders
/// (where the default handler is configured) once per process, so the check runs in a child
/// copy of this test bundle whose XDG folders hold a fake browser that writes down what it got.
final class ShowURITests: XCTestCase {
    private static let link = "https://apod.nasa.gov/apod/ap201217.html?from=apod-viewer"
    private static let childVariable = "APOD_SHOWURI_RECORD"

    func testTheLinkReachesTheDefaultBrowser() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(environment[Self.childVariable] != nil, "this is the child")
        try XCTSkipUnless(MainActor.assumeIsolated { Gtk.initialize() }, "no display (run under xvfb-run)")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-showuri-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let record = home.appendingPathComponent("opened")
        let browser = home.appendingPathComponent("fake-browser")
        let applications = home.appendingPathComponent("data/applications")
        let config = home.appendingPathComponent("config")
        for folder in [applications, config, home.appendingPathComponent("no-system-data")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try "#!/bin/sh\nprintf '%s' \"$1\" > \"\(record.path).tmp\" && mv \"\(record.path).tmp\" \"\(record.path)\"\n"
            .write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        try
            "[Desktop Entry]\nType=Application\nName=Fake Browser\nExec=\(browser.path) %u\nMimeType=x-scheme-handler/https;\n"
            .write(
                to: applications.appendingPathComponent("apod-fake-browser.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/https=apod-fake-browser.desktop\n"
            .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)

        var childEnvironment = environment
        childEnvironment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        childEnvironment["XDG_DATA_DIRS"] = home.appendingPathComponent("no-system-data").path
        childEnvironment["XDG_CONFIG_HOME"] = config.path
        childEnvironment[Self.childVariable] = record.path
        try runAloneInChildProcess("testChildShowsTheLink", environment: childEnvironment, timeout: 60)
        XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), Self.link)
    }

    /// The child's part: opens a window and shows the link, then waits for the fake browser.
    func testChildShowsTheLink() throws {
        guard let record = ProcessInfo.processInfo.environment[Self.childVariable] else {
            throw XCTSkip("runs as the child of testTheLinkReachesTheDefaultBrowser")
        }
        try MainActor.assumeIsolated {
            try XCTSkipUnless(Gtk.initialize(), "no display")
            let application = Application(id: "io.github.apodviewer.APODViewer.ShowURITest", isService: false)
            XCTAssertTrue(application.registerAndActivate())
            let window = Window(application: application)
            window.present()
            var failure: String?
            window.showURI(Self.link) { failure = $0 }
            XCTAssertTrue(
                Gtk.iterate(until: { FileManager.default.fileExists(atPath: record) }, timeout: 30),
                "the default browser was started with the link")
            XCTAssertNil(failure)
            window.close()
            Gtk.iterate()
        }
    }
}
