import APODCore
import AdwKit
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Base for tests that open windows. They run on the main thread (XCTest on Linux runs
/// synchronous tests there), skip cleanly without a display, drive the GLib loop themselves
/// with deadlines, and a watchdog ends the process if one ever hangs.
class GUITestCase: XCTestCase, @unchecked Sendable {
    static let today = APODDay("2026-11-29")!
    private var watchdog: DispatchWorkItem?
    @MainActor private static var started = 0
    private var holdsMainContext = false
    private(set) var app: ViewerApplication!
    private(set) var pictures: PictureServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let ready = MainActor.assumeIsolated { Adwaita.initialize() }
        try XCTSkipUnless(ready, "no display: run GUI tests under xvfb-run (see Makefile)")
        let name = self.name
        let watchdog = DispatchWorkItem {
            FileHandle.standardError.write(Data("watchdog: \(name) still running after 120 s, aborting\n".utf8))
            exit(3)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        self.watchdog = watchdog
        pictures = try PictureServer()
        // Held as g_application_run holds it: GTK's GStreamer sink hands frames over with
        // g_main_context_invoke, which runs them on the streaming thread whenever that thread
        // can take a free default context (between two iterations of the test's loop).
        holdsMainContext = g_main_context_acquire(nil) != 0
        XCTAssertTrue(holdsMainContext, "the test thread owns GLib's default main context")
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            if let app {
                app.closeAllWindows()
                Gtk.iterate(until: { app.openWindowCount == 0 }, timeout: 5)
            }
            Gtk.iterate()
        }
        app = nil
        pictures = nil
        if holdsMainContext { g_main_context_release(nil) }
        holdsMainContext = false
        watchdog?.cancel()
        super.tearDown()
    }

    /// An archive ending on `today` (a fixed date, so limits are deterministic).
    var calendar: ArchiveCalendar {
        ArchiveCalendar(now: { Date(timeIntervalSince1970: 1_795_971_600) })
    }

    /// Starts the application against `source`, without `g_application_run`.
    @MainActor
    func start(_ source: FakeSource, options: ViewerOptions = ViewerOptions()) throws {
        try start(source: source, options: options)
    }

    /// - Parameters:
    ///   - fetcher: where picture bytes come from; the picture server's recording double unless
    ///     a test wants the real `ImageLoader`.
    ///   - textureCache: the decoded-picture cache (the soak uses a small one).
    ///   - applicationID: a unique test ID by default; the real one when a real `apod-viewer`
    ///     process must find this instance on the bus.
    @MainActor
    func start(
        source: any APODSource, options: ViewerOptions = ViewerOptions(),
        fetcher: (any ImageFetching)? = nil, textureCache: TextureCache = TextureCache(),
        applicationID: String? = nil, waitsForWindows: Bool = true
    ) throws {
        let pictures = PictureLoader(fetcher: fetcher ?? self.pictures.fetcher, cache: textureCache)
        try start(
            environment: ViewerEnvironment(source: source, pictures: pictures, calendar: calendar), options: options,
            applicationID: applicationID, waitsForWindows: waitsForWindows)
    }

    /// The windows the activation opened are shown over a few main-loop iterations (the grid
    /// of `--random` first, the main window after the grid's first frame).
    @MainActor
    private func waitForWindows() {
        waitUntil("the windows are on screen", timeout: 20) { app.windowsOnScreen }
    }

    /// Starts the application on a ready-made environment (one with an archive, say).
    @MainActor
    func start(
        environment: ViewerEnvironment, options: ViewerOptions = ViewerOptions(), applicationID: String? = nil,
        waitsForWindows: Bool = true
    ) throws {
        launch(
            ViewerApplication(
                environment: environment, options: options, applicationID: applicationID ?? Self.nextApplicationID()),
            waitsForWindows: waitsForWindows)
    }

    /// Starts the application as `apod-viewer` does, on a real configuration (`TestConfiguration`).
    @MainActor
    func start(services: ViewerServices, options: ViewerOptions = ViewerOptions()) throws {
        launch(ViewerApplication(services: services, options: options, applicationID: Self.nextApplicationID()))
    }

    @MainActor
    private func launch(_ application: ViewerApplication, waitsForWindows: Bool = true) {
        app = application
        XCTAssertTrue(app.startWithoutMainLoop())
        if waitsForWindows { waitForWindows() }
    }

    /// A test instance's own ID on the session bus, unique across processes too: a test re-run
    /// in a child process (`withDesktopPortals`) shares the bus with this one, whose earlier
    /// instances may still hold their names.
    @MainActor
    private static func nextApplicationID() -> String {
        started += 1
        return "\(ViewerApplication.id).Test\(getpid())_\(started)"
    }

    /// Iterates the main loop until `condition` holds; fails the test after `timeout`.
    @MainActor
    func waitUntil(
        _ what: String, timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line,
        _ condition: () -> Bool
    ) {
        if !Gtk.iterate(until: condition, timeout: timeout) {
            XCTFail("timed out waiting until \(what)", file: file, line: line)
        }
    }

    /// Lets what the last step queued be laid out and drawn: waits for two frames of every
    /// window on screen (`Frames`), not for a time that is too long when idle and too short
    /// under load.
    @MainActor
    func waitForFrames(file: StaticString = #filePath, line: UInt = #line) {
        if !Frames.wait() { XCTFail("the windows drew no frame", file: file, line: line) }
    }

    func entry(
        _ day: String, title: String, picture: String = "/1600x1000.jpg", copyright: String? = "Ada Lovelace",
        media: MediaType = .image
    ) -> APODEntry {
        let url = pictures.url(picture)
        return APODEntry(
            date: APODDay(day)!, title: title,
            explanation:
                "An explanation of \(title), long enough to wrap across several lines of the detail window so that wrapping can be seen and tested properly.",
            copyright: copyright, mediaType: media,
            imageURL: media == .image ? url : nil, hdImageURL: media == .image ? url : nil,
            thumbnailURL: media == .video ? url : nil,
            videoURL: media == .video ? URL(string: "https://www.youtube.com/embed/abc") : nil,
            pageURL: URL(string: "https://apod.nasa.gov/apod/ap\(APODDay(day)!.compactForm).html"))
    }

    /// Where screenshots go: `.build/screenshots` in the package (the build folder).
    static var screenshotDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/screenshots", isDirectory: true).standardized
    }
}
