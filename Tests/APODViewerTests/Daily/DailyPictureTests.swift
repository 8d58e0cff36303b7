import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest
@testable import APODViewer

/// The daily picture end to end inside the process: a settable source, a recording picture
/// fetcher, and on the private session bus the fake Wallpaper and Background portals and a fake
/// notification daemon. The network state and the screen size are fakes too.
final class DailyPictureTests: GUITestCase, @unchecked Sendable {
    private var folder: URL!
    private var portal: FakeWallpaperPortal!
    private var notifications: FakeNotificationServer!
    private var daily: DailyPictureService!
    private var viewer: ViewerApplication!
    @MainActor private static var count = 0

    private static let cdn = "https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2026/11/"
    private static let image = APODEntry(
        date: APODDay("2026-11-29")!, title: "Aurora over Lake",
        explanation: "Green curtains of light dance above a frozen lake. The display lasted an hour.",
        mediaType: .image, hdImageURL: URL(string: cdn + "aurora.jpg?w=4096&h=2731&fit=clip"),
        thumbnailURL: URL(string: cdn + "aurora.jpg?w=480"))
    private static let video = APODEntry(
        date: APODDay("2026-11-30")!, title: "A Comet in Motion", explanation: "A time-lapse of a comet's tail over a week.",
        mediaType: .video, thumbnailURL: URL(string: cdn + "comet-poster.jpg?w=3840&h=2160&fit=clip"),
        videoURL: URL(string: "https://www.youtube.com/embed/abc"))

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipIf(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
                      "no session bus (run under dbus-run-session)")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-daily-gui-\(UUID().uuidString)")
        try MainActor.assumeIsolated {
            portal = try XCTUnwrap(FakeWallpaperPortal())
            portal.publish()
            notifications = try XCTUnwrap(FakeNotificationServer())
            notifications.publish()
            try waitFor { portal.ownsName && notifications.ownsName }
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            daily?.stop()
            if let viewer {
                viewer.closeAllWindows()
                Gtk.iterate(until: { viewer.openWindowCount == 0 }, timeout: 5)
            }
            Gtk.iterate()
            portal?.unpublish()
            notifications?.unpublish()
        }
        daily = nil
        viewer = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    /// Runs the main loop until `condition` holds. A time-out ends the test with an error instead
    /// of going on to read calls that never came (an index out of range would crash the run).
    @MainActor
    private func waitFor(_ what: String = "the expected calls", _ condition: () -> Bool) throws {
        guard Gtk.iterate(until: condition, timeout: 30) else { throw WaitTimedOut(what: what) }
    }

    private struct WaitTimedOut: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    private var autostartFile: URL {
        folder.appendingPathComponent("config/autostart/\(ViewerApplication.id).desktop")
    }

    /// Starts an application with a daily picture service on `settings`.
    @MainActor
    private func startDaily(_ settings: DailySettings, source: any APODSource, fetcher: RecordingFetcher,
                            network: FakeNetwork = FakeNetwork(), options: ViewerOptions = ViewerOptions(),
                            clock: @escaping @Sendable () -> Date = { Date() }) throws {
        let store = SettingsStore(fileURL: folder.appendingPathComponent("config/apod-viewer/config"))
        try settings.save(to: store)
        let context = DailyPictureService.Context(
            source: source, images: fetcher, store: store, dataFolder: DataFolder(root: folder.appendingPathComponent("data")),
            autostart: Autostart(folder: autostartFile.deletingLastPathComponent(), executable: "/opt/apod viewer/apod-viewer"),
            network: network, clock: clock, randomDelay: { $0.lowerBound },
            screen: { Monitors.Size(width: 1280, height: 1024, scale: 2) }, watchesSleep: false)
        Self.count += 1
        let environment = ViewerEnvironment(source: source, pictures: PictureLoader(fetcher: fetcher), calendar: calendar)
        viewer = ViewerApplication(environment: environment, options: options,
                                   applicationID: "\(ViewerApplication.id).Daily\(Self.count)")
        daily = DailyPictureService(context: context)
        viewer.daily = daily
        XCTAssertTrue(viewer.startWithoutMainLoop())
    }

    private static func settings(background: Bool, notify: Bool = true, placement: DailySettings.Placement = .both,
                                 video: DailySettings.VideoDays = .useStill,
                                 metered: DailySettings.MeteredConnections = .screenSized) -> DailySettings {
        var settings = DailySettings()
        settings.setsBackground = background
        settings.notifies = notify
        settings.placement = placement
        settings.videoDays = video
        settings.meteredConnections = metered
        return settings
    }

    func testANewDayNotifiesOnceAndSetsTheBackgroundWhereChosen() throws {
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            let fetcher = RecordingFetcher()
            var options = ViewerOptions()
            options.startsInBackground = true
            try startDaily(Self.settings(background: true, placement: .lockScreen), source: source, fetcher: fetcher,
                           options: options)
            try waitFor { self.portal.calls.count == 1 && self.notifications.calls.count == 1 }
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.options["set-on"], "'lockscreen'")
            XCTAssertEqual(call.options["show-preview"], "false", "an automatic background asks nothing")
            XCTAssertEqual(call.fileBytes, fetcher.bytes(for: Self.cdn + "aurora.jpg?w=2560&fit=clip"),
                           "the largest monitor in device pixels: \(fetcher.urls)")

            let note = try XCTUnwrap(notifications.calls.first)
            XCTAssertEqual(note.summary, "Aurora over Lake")
            XCTAssertTrue(note.body.contains(APODDay("2026-11-29")!.displayString), note.body)
            XCTAssertTrue(note.body.hasSuffix("Green curtains of light dance above a frozen lake."), note.body)
            XCTAssertEqual(note.buttonLabels, ["Show"], "no Set as Background when it is automatic, no Skip the first time")
            XCTAssertTrue(note.actions.contains("default"))
            XCTAssertFalse((note.hints["image-path"] ?? note.appIcon).isEmpty, "the thumbnail as icon: \(note.hints)")

            // The same day again: nothing.
            daily.checkNow()
            try waitFor { self.daily.completedChecks == 2 }
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 1)
            XCTAssertEqual(notifications.calls.count, 1)
            XCTAssertEqual(source.latestRequests, 2)

            // Clicking the notification opens the main window on that day.
            XCTAssertNil(viewer.mainWindow)
            notifications.invoke(note.id, action: "default")
            try waitFor { self.viewer.mainWindow?.entry?.date == Self.image.date }
        }
    }

    /// At start-up the main window and the first daily check both want the latest entry, from
    /// the one source the app holds; the service takes a second to answer and is asked once.
    func testStartUpAsksTheServiceForTheLatestEntryOnce() throws {
        let route = "/wp-json/wp/v2/apod-basic"
        let server = try FakeHTTPServer { request in
            var response = request.path == route
                ? FakeResponse.json(#"[{"date":"2026-11-29","title":"Aurora over Lake","media_type":"image","explanation":"Green curtains.","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2026/11/aurora.jpg"}]"#)
                : FakeResponse.json(#"{"code":"rest_no_route","data":{"status":404}}"#, status: 404)
            response.delay = 1
            return response
        }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let configuration = SourceConfiguration(kind: .science, apiURL: server.baseURL.appendingPathComponent(String(route.dropFirst())),
                                                    cacheDirectory: folder.appendingPathComponent("cache"), timeout: 5)
            try startDaily(Self.settings(background: false), source: configuration.makeSource(calendar: calendar),
                           fetcher: RecordingFetcher())
            try waitFor("the main window and the daily check") {
                self.viewer.mainWindow?.entry != nil && self.daily.completedChecks == 1
            }
            XCTAssertEqual(daily.latestEntry?.title, "Aurora over Lake")
            XCTAssertEqual(server.requests.filter { $0.path == route }.count, 1, "one request for the latest entry")
        }
    }

    func testNextDayOffersSkipWhichPutsThePreviousBackgroundBack() throws {
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            let fetcher = RecordingFetcher()
            try startDaily(Self.settings(background: true), source: source, fetcher: fetcher)
            try waitFor { self.daily.finishedBackgrounds == 1 }
            var next = Self.image
            next.date = APODDay("2026-11-30")!
            next.hdImageURL = URL(string: Self.cdn + "nebula.jpg")
            source.latest = next
            daily.checkNow()
            try waitFor { self.daily.finishedBackgrounds == 2 && self.notifications.calls.count == 2 }
            let note = try XCTUnwrap(notifications.calls.last)
            XCTAssertEqual(note.buttonLabels, ["Show", "Skip"])
            let skipKey = try XCTUnwrap(note.actions.first { $0.contains("daily-skip") })
            notifications.invoke(note.id, action: skipKey)
            try waitFor { self.portal.calls.count == 3 }
            XCTAssertEqual(portal.calls[2].fileBytes, portal.calls[0].fileBytes, "the first day's picture again")
            let backgrounds = folder.appendingPathComponent("data/background")
            XCTAssertTrue(Gtk.iterate(until: {
                (try? FileManager.default.contentsOfDirectory(atPath: backgrounds.path)) == ["apod-2026-11-29.png"]
            }, timeout: 10), "the skipped picture is forgotten")
        }
    }

    func testVideoDaysFollowThePreference() throws {
        try MainActor.assumeIsolated {
            let fetcher = RecordingFetcher()
            try startDaily(Self.settings(background: true, video: .useStill), source: DailySource(Self.video), fetcher: fetcher)
            try waitFor { self.portal.calls.count == 1 }
            XCTAssertEqual(portal.calls[0].fileBytes, fetcher.bytes(for: Self.cdn + "comet-poster.jpg?w=2560&fit=clip"),
                           "the still: \(fetcher.urls)")
            daily.stop()
        }
        try FileManager.default.removeItem(at: folder)
        try MainActor.assumeIsolated {
            let fetcher = RecordingFetcher()
            try startDaily(Self.settings(background: true, video: .keepCurrent), source: DailySource(Self.video), fetcher: fetcher)
            try waitFor { self.daily.completedChecks == 1 && self.notifications.calls.count == 2 }
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 1, "the background stays")
            XCTAssertEqual(notifications.calls.last?.summary, "A Comet in Motion", "still announced")
        }
    }

    func testTurningTheBackgroundOnUsesTodaysPictureAtOnce() throws {
        try MainActor.assumeIsolated {
            try startDaily(Self.settings(background: false), source: DailySource(Self.image), fetcher: RecordingFetcher())
            try waitFor { self.daily.completedChecks == 1 && self.notifications.calls.count == 1 }
            XCTAssertEqual(portal.calls.count, 0)
            let note = notifications.calls[0]
            XCTAssertEqual(note.buttonLabels, ["Show", "Set as Background"])
            notifications.invoke(note.id, action: try XCTUnwrap(note.actions.first { $0.contains("daily-set-background") }))
            try waitFor { self.portal.calls.count == 1 }
            XCTAssertEqual(portal.calls[0].options["show-preview"], "true", "by hand, the desktop may show its preview")

            daily.apply(Self.settings(background: true))
            try waitFor { self.portal.calls.count == 2 }
            XCTAssertEqual(portal.calls[1].options["show-preview"], "false")
        }
    }

    func testResumeAndNetworkBackCheckOnlyWhenSomethingMayHaveChanged() throws {
        try MainActor.assumeIsolated {
            let clock = Locked(Date(timeIntervalSince1970: 1_795_971_600))  // 2026-11-29, 12:00 Eastern
            let source = DailySource(Self.image)
            let network = FakeNetwork()
            var options = ViewerOptions()
            options.startsInBackground = true
            try startDaily(Self.settings(background: false), source: source, fetcher: RecordingFetcher(),
                           network: network, options: options, clock: { clock.value })
            try waitFor { self.daily.completedChecks == 1 }

            daily.wake()
            XCTAssertFalse(daily.isChecking, "a resume the same afternoon: today's picture is in hand")
            clock.value += 14 * 3600
            daily.wake()
            XCTAssertTrue(daily.isChecking, "a resume after the planned check past midnight")
            try waitFor { self.daily.completedChecks == 2 }

            source.failure = .unreachable
            clock.value += 86_400
            daily.wake()
            try waitFor { self.daily.completedChecks == 3 }
            network.isAvailable = false
            network.changed()
            XCTAssertFalse(daily.isChecking)
            source.failure = nil
            network.isAvailable = true
            network.changed()
            XCTAssertTrue(daily.isChecking, "the network came back after a failed check")
            try waitFor { self.daily.completedChecks == 4 }
            XCTAssertEqual(source.latestRequests, 4)
        }
    }

    func testADayWithoutAPictureLeavesTheBackgroundAloneSilently() throws {
        try MainActor.assumeIsolated {
            let other = APODEntry(date: APODDay("2026-11-30")!, title: "An Interactive Sky", mediaType: .other)
            try startDaily(Self.settings(background: true, notify: false), source: DailySource(other), fetcher: RecordingFetcher())
            try waitFor { self.daily.completedChecks == 1 }
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 0)
            XCTAssertNil(daily.lastNotice)
        }
    }

    func testACancelledBackgroundKeepsTheCurrentOneAndSaysSo() throws {
        try MainActor.assumeIsolated {
            portal.responseCode = 1
            try startDaily(Self.settings(background: true, notify: false), source: DailySource(Self.image), fetcher: RecordingFetcher())
            try waitFor { self.daily.finishedBackgrounds == 1 }
            XCTAssertEqual(daily.lastNotice, "The background was not changed.")
            try waitFor { self.notifications.calls.count == 1 }
            XCTAssertEqual(notifications.calls[0].body, "The background was not changed.")
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data/background").path)
            XCTAssertEqual(kept, [], "the refused picture is not kept")
        }
    }

    func testMeteredConnectionsGetAScreenSizedPictureOrWait() throws {
        try MainActor.assumeIsolated {
            let network = FakeNetwork()
            network.isMetered = true
            let fetcher = RecordingFetcher()
            try startDaily(Self.settings(background: true, notify: false, metered: .screenSized),
                           source: DailySource(Self.image), fetcher: fetcher, network: network)
            try waitFor { self.portal.calls.count == 1 }
            XCTAssertEqual(portal.calls[0].fileBytes, fetcher.bytes(for: Self.cdn + "aurora.jpg?w=1280&fit=clip"),
                           "application pixels, not device pixels: \(fetcher.urls)")
            daily.stop()
        }
        try FileManager.default.removeItem(at: folder)
        try MainActor.assumeIsolated {
            let network = FakeNetwork()
            network.isMetered = true
            let fetcher = RecordingFetcher()
            try startDaily(Self.settings(background: true, notify: false, metered: .waitForUnmetered),
                           source: DailySource(Self.image), fetcher: fetcher, network: network)
            try waitFor { self.daily.completedChecks == 1 }
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 1, "nothing downloaded on the metered connection")
            XCTAssertEqual(daily.pendingBackground?.date, Self.image.date)
            network.isMetered = false
            network.changed()
            try waitFor { self.portal.calls.count == 2 }
        }
    }

    func testBackgroundStartOpensNoWindowUntilAsked() throws {
        try MainActor.assumeIsolated {
            var options = ViewerOptions()
            options.startsInBackground = true
            try startDaily(Self.settings(background: false), source: DailySource(Self.image), fetcher: RecordingFetcher(),
                           options: options)
            try waitFor { self.daily.completedChecks == 1 && self.notifications.calls.count == 1 }
            XCTAssertEqual(viewer.openWindowCount, 0)
            viewer.application.activateAction("show-date", string: "2026-11-29")
            try waitFor { self.viewer.mainWindow != nil }
        }
    }

    func testAutostartFileWithoutABackgroundPortalIsWrittenAndRemoved() throws {
        try MainActor.assumeIsolated {
            try startDaily(Self.settings(background: false, notify: false), source: DailySource(Self.image), fetcher: RecordingFetcher())
            Gtk.iterate()
            XCTAssertFalse(FileManager.default.fileExists(atPath: autostartFile.path))
            XCTAssertEqual(daily.completedChecks, 0, "both options off: no check at all")

            daily.apply(Self.settings(background: false, notify: true))
            try waitFor { FileManager.default.fileExists(atPath: self.autostartFile.path) }
            let text = try String(contentsOf: autostartFile, encoding: .utf8)
            XCTAssertTrue(text.contains("Exec=\"/opt/apod viewer/apod-viewer\" --background\n"), text)
            XCTAssertTrue(Gtk.iterate(until: { self.daily.completedChecks == 1 }, timeout: 10), "turning it on checks")

            daily.apply(Self.settings(background: false, notify: false))
            XCTAssertFalse(FileManager.default.fileExists(atPath: autostartFile.path))
        }
    }

    func testTheBackgroundPortalIsAskedFirst() throws {
        try MainActor.assumeIsolated {
            let background = try XCTUnwrap(FakeBackgroundPortal())
            background.publish()
            defer { background.unpublish() }
            try startDaily(Self.settings(background: false, notify: false), source: DailySource(Self.image), fetcher: RecordingFetcher())
            daily.apply(Self.settings(background: true, notify: false))
            try waitFor { background.calls.count == 1 }
            XCTAssertEqual(background.calls[0].autostart, true)
            XCTAssertEqual(background.calls[0].commandLine, ["apod-viewer", "--background"])
            Gtk.iterate()
            XCTAssertFalse(FileManager.default.fileExists(atPath: autostartFile.path), "the portal starts it at login")
            daily.apply(Self.settings(background: false, notify: false))
            try waitFor { background.calls.count == 2 }
            XCTAssertEqual(background.calls[1].autostart, false)
        }
    }
}

/// The service's newest entry, which a test moves on; counts `latest` requests.
final class DailySource: APODSource, @unchecked Sendable {
    var syncWindowDays: Int { 31 }
    var rateLimit: RateLimit? { nil }
    private let lock = NSLock()
    private var newest: APODEntry
    private var asked = 0
    private var error: APODError?

    init(_ entry: APODEntry) { newest = entry }

    var latest: APODEntry {
        get { lock.withLock { newest } }
        set { lock.withLock { newest = newValue } }
    }

    var latestRequests: Int { lock.withLock { asked } }

    /// Every `latest()` fails with this until set back to nil.
    var failure: APODError? {
        get { lock.withLock { error } }
        set { lock.withLock { error = newValue } }
    }

    func latest() async throws -> APODEntry {
        try lock.withLock {
            asked += 1
            if let error { throw error }
            return newest
        }
    }

    func entry(for day: APODDay) async throws -> APODEntry {
        let entry = latest
        guard entry.date == day else { throw APODError.noEntry(day) }
        return entry
    }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] { [] }
    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer { RangeAnswer(entries: []) }
    func random(count: Int) async throws -> [APODEntry] { [] }
    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> { .producing { _ in } }
    func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] { entries }
}

/// Answers every URL with a small PNG of its own (so a test can tell which URL a file came
/// from) and records what was asked.
final class RecordingFetcher: ImageFetching, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String] = []
    private var answers: [String: Data] = [:]

    var urls: [String] { lock.withLock { asked } }

    /// The bytes served for `url`, nil if it was never asked for.
    func bytes(for url: String) -> Data? { lock.withLock { answers[url] } }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        let target = ImageSizing.url(url, for: purpose)
        return lock.withLock {
            asked.append(target.absoluteString)
            if let known = answers[target.absoluteString] { return known }
            let data = ImageFaults.pngHeader(width: UInt32(8 + answers.count), height: 8)
            answers[target.absoluteString] = data
            return data
        }
    }
}

/// The connection as a test sets it.
@MainActor
final class FakeNetwork: NetworkState {
    var isAvailable = true
    var isMetered = false
    private var handlers: [@MainActor () -> Void] = []

    func onChange(_ handler: @escaping @MainActor () -> Void) { handlers.append(handler) }

    func changed() { handlers.forEach { $0() } }
}
