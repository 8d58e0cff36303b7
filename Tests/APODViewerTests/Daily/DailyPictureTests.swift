import APODCore
import CGtk
import Foundation
import GtkKit
import TestSupport
import WallpaperComposition
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
        date: APODDay("2026-11-30")!, title: "A Comet in Motion",
        explanation: "A time-lapse of a comet's tail over a week.",
        mediaType: .video, thumbnailURL: URL(string: cdn + "comet-poster.jpg?w=3840&h=2160&fit=clip"),
        videoURL: URL(string: "https://www.youtube.com/embed/abc"))
    /// 1280×1024 application pixels at scale 2.
    private static let screen = Monitors.Size(width: 1280, height: 1024, scale: 2)

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
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
            PortalRequest.timeLimit = 30
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

    /// The check under way was dealt with: one starts at once with `start`, `checkNow` or a
    /// `wake` that finds it due.
    @MainActor
    private func waitForCheck() throws {
        try waitFor("the check") { !self.daily.isChecking }
    }

    /// `count` backgrounds went to the portal and were answered.
    @MainActor
    private func waitForBackgrounds(_ count: Int) throws {
        try waitFor("\(count) backgrounds") { self.portal.calls.count == count && !self.daily.isSettingBackground }
    }

    /// As autostart starts it: no window, so no picture on screen that a notification would repeat.
    private static var inBackground: ViewerOptions {
        var options = ViewerOptions()
        options.startsInBackground = true
        return options
    }

    /// Starts an application with a daily picture service on `settings`, by default without a window.
    @MainActor
    private func startDaily(
        _ settings: DailySettings, source: any APODSource, fetcher: RecordingFetcher,
        network: FakeNetwork = FakeNetwork(), options: ViewerOptions = DailyPictureTests.inBackground,
        pool: (any BackgroundPool)? = nil, screen: Monitors.Size = DailyPictureTests.screen,
        clock: @escaping @Sendable () -> Date = { Date() },
        route: BackgroundRoute = .portal(placesLockScreen: true), monitors: MonitorLayout? = nil,
        layoutNow: (@MainActor () -> MonitorLayout?)? = nil, monitorChanges: Event<Void> = Event<Void>(),
        monitorPictures: MonitorPictures = .samePicture
    ) throws {
        let store = SettingsStore(fileURL: folder.appendingPathComponent("config/apod-viewer/config"))
        try settings.save(to: store)
        let context = DailyPictureService.Context(
            source: source, images: fetcher, store: store,
            dataFolder: DataFolder(root: folder.appendingPathComponent("data")),
            network: network, pool: pool, clock: clock, randomDelay: { $0.lowerBound },
            screen: { screen }, monitors: layoutNow ?? { monitors }, monitorChanges: monitorChanges,
            monitorPictures: monitorPictures, watchesSleep: false, route: route)
        Self.count += 1
        let environment = ViewerEnvironment(
            source: source, pictures: PictureLoader(fetcher: fetcher), calendar: calendar)
        viewer = ViewerApplication(
            environment: environment, options: options,
            applicationID: "\(ViewerApplication.id).Daily\(Self.count)")
        daily = DailyPictureService(context: context)
        viewer.daily = daily
        XCTAssertTrue(viewer.startWithoutMainLoop())
    }

    private static func settings(
        background: Bool, notify: Bool = true, placement: DailySettings.Placement = .both,
        video: DailySettings.VideoDays = .useStill,
        metered: DailySettings.MeteredConnections = .screenSized
    ) -> DailySettings {
        var settings = DailySettings()
        settings.setsBackground = background
        settings.notifies = notify
        settings.placement = placement
        settings.videoDays = video
        settings.meteredConnections = metered
        return settings
    }

    /// The size of the picture the portal was given.
    private func size(of call: FakeWallpaperPortal.Call) -> ImageHeader? { ImageHeader.read(call.fileBytes) }

    func testANewDayNotifiesOnceAndSetsTheBackgroundWhereChosen() throws {
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            let fetcher = RecordingFetcher()
            var options = ViewerOptions()
            options.startsInBackground = true
            try startDaily(
                Self.settings(background: true, placement: .lockScreen), source: source, fetcher: fetcher,
                options: options)
            try waitFor { self.portal.calls.count == 1 && self.notifications.calls.count == 1 }
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.options["set-on"], "'lockscreen'")
            XCTAssertEqual(call.options["show-preview"], "false", "an automatic background asks nothing")
            XCTAssertEqual(
                fetcher.urls.filter { $0.contains("aurora.jpg?w=2560") }, [Self.cdn + "aurora.jpg?w=2560&fit=clip"],
                "the largest monitor in device pixels: \(fetcher.urls)")
            XCTAssertEqual(size(of: call), ImageHeader(width: 2560, height: 2048), "made at the monitor's size")

            let note = try XCTUnwrap(notifications.calls.first)
            XCTAssertEqual(note.summary, "Aurora over Lake")
            XCTAssertTrue(note.body.contains(APODDay("2026-11-29")!.displayString), note.body)
            XCTAssertTrue(note.body.hasSuffix("Green curtains of light dance above a frozen lake."), note.body)
            XCTAssertEqual(
                note.buttonLabels, ["Show"], "no Set as Background when it is automatic, no Skip the first time")
            XCTAssertTrue(note.actions.contains("default"))
            XCTAssertFalse((note.hints["image-path"] ?? note.appIcon).isEmpty, "the thumbnail as icon: \(note.hints)")

            // The same day again: nothing.
            daily.checkNow()
            try waitForCheck()
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 1)
            XCTAssertEqual(notifications.calls.count, 1)

            // Clicking the notification opens the main window on that day.
            XCTAssertNil(viewer.mainWindow)
            notifications.invoke(note.id, action: "default")
            try waitFor { self.viewer.mainWindow?.entry?.date == Self.image.date }
        }
    }

    /// The background copy over HTTP and a real disk cache: the cached picture stays as the
    /// server sent it; the desktop gets a new file of the monitor's size.
    func testTheCachedPictureIsNeverChanged() throws {
        let picture = PlainPNG.make(width: 400, height: 300, red: 30, green: 60, blue: 200)
        let server = try FakeHTTPServer { _ in .data(picture, contentType: "image/png") }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let cache = ImageDiskCache(directory: folder.appendingPathComponent("cache/images"))
            let loader = ImageLoader(client: HTTPClient(timeout: 5), cache: cache)
            var entry = Self.image
            entry.hdImageURL = server.baseURL.appendingPathComponent("picture.png")
            var settings = Self.settings(background: true, notify: false)
            settings.caption = .titleAndSentence
            try startDaily(settings, source: DailySource(entry), fetcher: RecordingFetcher(upstream: loader))
            try waitForBackgrounds(1)
            XCTAssertEqual(size(of: portal.calls[0]), ImageHeader(width: 2560, height: 2048))
            XCTAssertEqual(
                cache.data(for: server.baseURL.appendingPathComponent("picture.png").absoluteString), picture)
        }
    }

    /// The title card is drawn only when chosen. On a picture of one colour every place has no
    /// detail, so the card takes the first place, the bottom right corner.
    func testTheTitleIsOnTheBackgroundOnlyWhenChosen() throws {
        func whitePixels(_ data: Data) throws -> Int {
            let pixels = try WallpaperComposer.render(data, .init(canvas: nil))
            var count = 0
            for y in stride(from: pixels.size.height * 3 / 4, to: pixels.size.height, by: 2) {
                for x in stride(from: pixels.size.width / 2, to: pixels.size.width, by: 2) {
                    let pixel = pixels.pixel(x: x, y: y)
                    if pixel.red > 230 && pixel.green > 230 && pixel.blue > 230 { count += 1 }
                }
            }
            return count
        }
        try MainActor.assumeIsolated {
            var settings = Self.settings(background: true)
            let source = DailySource(Self.image)
            try startDaily(settings, source: source, fetcher: RecordingFetcher())
            try waitForCheck()
            try waitForBackgrounds(1)
            XCTAssertEqual(try whitePixels(portal.calls[0].fileBytes), 0)
            daily.apply(Self.settings(background: false))
            settings.caption = .title
            daily.apply(settings)
            try waitForBackgrounds(2)
            XCTAssertGreaterThan(try whitePixels(portal.calls[1].fileBytes), 50, "the title in white")
        }
    }

    /// At start-up the main window and the first daily check both want the latest entry, from
    /// the one source the app holds; the service takes a second to answer and is asked once.
    func testStartUpAsksTheServiceForTheLatestEntryOnce() throws {
        let route = "/wp-json/wp/v2/apod-basic"
        let server = try FakeHTTPServer { request in
            var response =
                request.path == route
                ? FakeResponse.json(
                    #"[{"date":"2026-11-29","title":"Aurora over Lake","media_type":"image","explanation":"Green curtains.","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2026/11/aurora.jpg"}]"#
                )
                : FakeResponse.json(#"{"code":"rest_no_route","data":{"status":404}}"#, status: 404)
            response.delay = 1
            return response
        }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let configuration = SourceConfiguration(
                kind: .science, apiURL: server.baseURL.appendingPathComponent(String(route.dropFirst())),
                cacheDirectory: folder.appendingPathComponent("cache"), timeout: 5)
            try startDaily(
                Self.settings(background: false), source: configuration.makeSource(calendar: calendar),
                fetcher: RecordingFetcher(), options: ViewerOptions())
            try waitFor("the main window and the daily check") {
                self.viewer.mainWindow?.entry != nil && self.daily.latestEntry != nil && !self.daily.isChecking
            }
            XCTAssertEqual(daily.latestEntry?.title, "Aurora over Lake")
            XCTAssertEqual(server.requests.filter { $0.path == route }.count, 1, "one request for the latest entry")
        }
    }

    /// The window shows today's picture: the check that finds it says nothing; the next day,
    /// which is not on screen, is announced.
    func testThePictureOnScreenIsNeverAnnounced() throws {
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            try startDaily(
                Self.settings(background: false), source: source, fetcher: RecordingFetcher(), options: ViewerOptions())
            try waitFor("the window and the check") {
                self.viewer.mainWindow?.entry?.date == Self.image.date && !self.daily.isChecking
            }
            Gtk.iterate()
            XCTAssertEqual(daily.latestEntry?.date, Self.image.date, "the check found today's picture")
            XCTAssertEqual(notifications.calls.count, 0, "it is on screen")

            var next = Self.image
            next.date = APODDay("2026-11-30")!
            next.title = "Nebula at Dawn"
            source.latest = next
            daily.checkNow()
            try waitFor { self.notifications.calls.count == 1 }
            XCTAssertEqual(notifications.calls[0].summary, "Nebula at Dawn")
        }
    }

    /// In background mode the first close of the last window says the app stays, with Quit;
    /// later closes, also after a restart, say nothing.
    func testClosingTheLastWindowInBackgroundModeSaysSoOnce() throws {
        try MainActor.assumeIsolated {
            try startDaily(
                Self.settings(background: false), source: DailySource(Self.image), fetcher: RecordingFetcher(),
                options: ViewerOptions())
            try waitFor("the window and the check") { self.viewer.mainWindow?.entry != nil && !self.daily.isChecking }
            XCTAssertEqual(notifications.calls.count, 0)
            viewer.closeAllWindows()
            try waitFor("the notice") { self.notifications.calls.count == 1 }
            let note = notifications.calls[0]
            XCTAssertEqual(note.summary, "APOD Viewer is running in the background")
            XCTAssertEqual(note.buttonLabels, ["Quit"])
            XCTAssertTrue(note.actions.contains { $0.contains("quit") }, "\(note.actions)")

            XCTAssertNotNil(viewer.ensureMainWindow())
            viewer.closeAllWindows()
            Gtk.iterate(until: { self.viewer.openWindowCount == 0 }, timeout: 5)
            Gtk.iterate(until: { false }, timeout: 0.5)
            XCTAssertEqual(notifications.calls.count, 1, "said once")
            daily.stop()
        }
        try MainActor.assumeIsolated {
            try startDaily(
                Self.settings(background: false), source: DailySource(Self.image), fetcher: RecordingFetcher(),
                options: ViewerOptions())
            try waitFor("the window") { self.viewer.mainWindow?.entry != nil && !self.daily.isChecking }
            viewer.closeAllWindows()
            Gtk.iterate(until: { self.viewer.openWindowCount == 0 }, timeout: 5)
            Gtk.iterate(until: { false }, timeout: 0.5)
            XCTAssertEqual(notifications.calls.count, 1, "remembered across a restart")
        }
    }

    /// With both options off nothing holds the app: closing its last window says nothing.
    func testClosingTheLastWindowWithTheOptionsOffSaysNothing() throws {
        try MainActor.assumeIsolated {
            try startDaily(
                Self.settings(background: false, notify: false), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), options: ViewerOptions())
            try waitFor("the window") { self.viewer.mainWindow?.entry != nil }
            viewer.closeAllWindows()
            Gtk.iterate(until: { self.viewer.openWindowCount == 0 }, timeout: 5)
            Gtk.iterate(until: { false }, timeout: 0.5)
            XCTAssertEqual(notifications.calls.count, 0)
        }
    }

    func testNextDayOffersSkipWhichPutsThePreviousBackgroundBack() throws {
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            let fetcher = RecordingFetcher()
            try startDaily(Self.settings(background: true), source: source, fetcher: fetcher)
            try waitForBackgrounds(1)
            var next = Self.image
            next.date = APODDay("2026-11-30")!
            next.hdImageURL = URL(string: Self.cdn + "nebula.jpg")
            source.latest = next
            daily.checkNow()
            try waitFor {
                self.portal.calls.count == 2 && !self.daily.isSettingBackground && self.notifications.calls.count == 2
            }
            let note = try XCTUnwrap(notifications.calls.last)
            XCTAssertEqual(note.buttonLabels, ["Show", "Skip"])
            let skipKey = try XCTUnwrap(note.actions.first { $0.contains("daily-skip") })
            notifications.invoke(note.id, action: skipKey)
            try waitFor { self.portal.calls.count == 3 }
            XCTAssertEqual(portal.calls[2].fileBytes, portal.calls[0].fileBytes, "the first day's picture again")
            XCTAssertNotEqual(portal.calls[1].fileBytes, portal.calls[0].fileBytes)
            let backgrounds = folder.appendingPathComponent("data/background")
            XCTAssertTrue(
                Gtk.iterate(
                    until: {
                        (try? FileManager.default.contentsOfDirectory(atPath: backgrounds.path)) == [
                            "apod-2026-11-29.jpg"
                        ]
                    }, timeout: 10), "the skipped picture is forgotten")
        }
    }

    func testVideoDaysFollowThePreference() throws {
        try MainActor.assumeIsolated {
            let fetcher = RecordingFetcher()
            try startDaily(
                Self.settings(background: true, video: .useStill), source: DailySource(Self.video), fetcher: fetcher)
            try waitFor { self.portal.calls.count == 1 }
            XCTAssertTrue(
                fetcher.urls.contains(Self.cdn + "comet-poster.jpg?w=2560&fit=clip"), "the still: \(fetcher.urls)")
            daily.stop()
        }
        try FileManager.default.removeItem(at: folder)
        try MainActor.assumeIsolated {
            let source = DailySource(Self.video)
            try startDaily(
                Self.settings(background: true, video: .keepCurrent), source: source, fetcher: RecordingFetcher())
            try waitForCheck()
            try waitFor { self.notifications.calls.count == 2 }
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 1, "the background stays")
            XCTAssertEqual(notifications.calls.last?.summary, "A Comet in Motion", "still announced")
        }
    }

    func testTurningTheBackgroundOnUsesTodaysPictureAtOnce() throws {
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            try startDaily(Self.settings(background: false), source: source, fetcher: RecordingFetcher())
            try waitForCheck()
            try waitFor { self.notifications.calls.count == 1 }
            XCTAssertEqual(portal.calls.count, 0)
            let note = notifications.calls[0]
            XCTAssertEqual(note.buttonLabels, ["Show", "Set as Background"])
            notifications.invoke(
                note.id, action: try XCTUnwrap(note.actions.first { $0.contains("daily-set-background") }))
            try waitFor { self.portal.calls.count == 1 }
            XCTAssertEqual(portal.calls[0].options["show-preview"], "true", "by hand, the desktop may show its preview")

            daily.apply(Self.settings(background: true))
            try waitFor { self.portal.calls.count == 2 }
            XCTAssertEqual(portal.calls[1].options["show-preview"], "false")
        }
    }

    func testResumeAndNetworkBackCheckOnlyWhenSomethingMayHaveChanged() throws {
        try MainActor.assumeIsolated {
            let clock = Locked(Date(timeIntervalSince1970: 1_795_971_600)) // 2026-11-29, 12:00 Eastern
            let source = DailySource(Self.image)
            let network = FakeNetwork()
            var options = ViewerOptions()
            options.startsInBackground = true
            try startDaily(
                Self.settings(background: false), source: source, fetcher: RecordingFetcher(),
                network: network, options: options, clock: { clock.value })
            try waitForCheck()

            daily.wake()
            XCTAssertFalse(daily.isChecking, "a resume the same afternoon: today's picture is in hand")
            clock.value += 14 * 3600
            daily.wake()
            XCTAssertTrue(daily.isChecking, "a resume after the planned check past midnight")
            try waitForCheck()

            source.failure = .unreachable
            clock.value += 86_400
            daily.wake()
            try waitForCheck()
            network.isAvailable = false
            network.changed()
            XCTAssertFalse(daily.isChecking)
            source.failure = nil
            network.isAvailable = true
            network.changed()
            XCTAssertTrue(daily.isChecking, "the network came back after a failed check")
            try waitForCheck()
        }
    }

    /// A day with no picture, and a video day without a still: the background stays and the
    /// notification says why, with Open.
    func testADayWithoutAPictureKeepsTheBackgroundAndSaysWhy() throws {
        let other = APODEntry(date: APODDay("2026-11-30")!, title: "An Interactive Sky", mediaType: .other)
        var stillless = Self.video
        stillless.thumbnailURL = nil
        for (entry, why) in [(other, "has no picture"), (stillless, "is a video without a still picture")] {
            try MainActor.assumeIsolated {
                let before = notifications.calls.count
                try startDaily(
                    Self.settings(background: true, notify: false), source: DailySource(entry),
                    fetcher: RecordingFetcher())
                try waitForCheck()
                try waitFor { self.notifications.calls.count == before + 1 }
                Gtk.iterate()
                XCTAssertEqual(portal.calls.count, 0)
                let note = notifications.calls[before]
                XCTAssertEqual(note.summary, "Background not changed")
                XCTAssertEqual(
                    note.body, "“\(entry.title)” (\(entry.date.displayString)) \(why). The background stays as it is.")
                XCTAssertEqual(note.buttonLabels, ["Open"])
                notifications.invoke(note.id, action: try XCTUnwrap(note.actions.first { $0.contains("show-date") }))
                try waitFor { self.viewer.mainWindow?.entry?.date == entry.date }
                daily.stop()
                viewer.closeAllWindows()
                Gtk.iterate(until: { self.viewer.openWindowCount == 0 }, timeout: 5)
            }
            try FileManager.default.removeItem(at: folder)
        }
    }

    func testAFavouriteStandsInForADayWithoutAPictureWhenChosen() throws {
        try MainActor.assumeIsolated {
            var settings = Self.settings(background: true, notify: false)
            settings.unusableDays = .useFavourite
            let favourite = APODEntry(
                date: APODDay("2019-01-01")!, title: "The Sombrero Galaxy", mediaType: .image,
                hdImageURL: URL(string: "https://apod.nasa.gov/apod/image/1901/sombrero.jpg"))
            let fetcher = RecordingFetcher()
            let other = APODEntry(date: APODDay("2026-11-30")!, title: "An Interactive Sky", mediaType: .other)
            try startDaily(
                settings, source: DailySource(other), fetcher: fetcher, pool: FakePool(favourites: [favourite]))
            try waitForBackgrounds(1)
            try waitFor { self.notifications.calls.count == 1 }
            XCTAssertTrue(
                fetcher.urls.contains("https://apod.nasa.gov/apod/image/1901/sombrero.jpg"), "\(fetcher.urls)")
            let note = notifications.calls[0]
            XCTAssertEqual(note.summary, "A favourite is the background")
            XCTAssertTrue(note.body.hasSuffix("“The Sombrero Galaxy” is shown instead."), note.body)
            XCTAssertEqual(note.buttonLabels, ["Open"])
        }
    }

    func testACancelledBackgroundKeepsTheCurrentOneAndSaysSo() throws {
        try MainActor.assumeIsolated {
            portal.responseCode = 1
            try startDaily(
                Self.settings(background: true, notify: false), source: DailySource(Self.image),
                fetcher: RecordingFetcher())
            try waitForBackgrounds(1)
            try waitFor { self.notifications.calls.count == 1 }
            XCTAssertEqual(notifications.calls[0].body, "The background was not changed.")
            let kept = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("data/background").path)
            XCTAssertEqual(kept, [], "the refused picture is not kept")
        }
    }

    /// The real desktop when its "Allow Applications to Set Backgrounds?" is answered late: no
    /// `Response` ever. After the time limit the request is closed and the notification says
    /// so; the day is not counted as seen, so the next check (after the back-off, not tomorrow)
    /// tries again, and only a taken background marks it, announced once in all.
    func testADesktopThatNeverAnswersLeavesTheDayToBeTriedAgain() throws {
        try MainActor.assumeIsolated {
            PortalRequest.timeLimit = 1
            portal.neverAnswers = true
            try startDaily(
                Self.settings(background: true), source: DailySource(Self.image), fetcher: RecordingFetcher())
            try waitForBackgrounds(1)
            try waitFor("the request closed") { self.portal.closedRequests.count == 1 }
            try waitFor("the notices") { self.notifications.calls.count == 2 }
            let bodies = notifications.calls.map(\.body)
            XCTAssertTrue(
                bodies.contains(
                    "The desktop did not answer within 1 seconds, so the background was not changed. APOD Viewer tries again in a while."
                ), "\(bodies)")
            let lastSeen = LastSeenDay(dataFolder: DataFolder(root: folder.appendingPathComponent("data")))
            XCTAssertNil(lastSeen.load(), "an unanswered day is not done")
            XCTAssertLessThanOrEqual(daily.secondsUntilNextCheck, 60, "tried again after the back-off, not tomorrow")
            XCTAssertEqual(daily.currentDayOnDesktop, nil)

            portal.neverAnswers = false
            daily.checkNow()
            try waitForBackgrounds(2)
            try waitFor("the day marked") { lastSeen.load() == Self.image.date }
            XCTAssertEqual(daily.currentDayOnDesktop, Self.image.date)
            XCTAssertEqual(notifications.calls.count, 2, "the picture is announced once")
            XCTAssertGreaterThan(daily.secondsUntilNextCheck, 3600, "then not before the next day")
        }
    }

    /// Through GNOME's portal, which ignores `set-on`, only the desktop is asked for: "Lock
    /// screen" would change the desktop instead (the Preferences offer only the desktop then).
    func testThroughAPortalThatCannotPlaceTheLockScreenOnlyTheDesktopIsAskedFor() throws {
        try MainActor.assumeIsolated {
            try startDaily(
                Self.settings(background: true, notify: false, placement: .lockScreen), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .portal(placesLockScreen: false))
            try waitForBackgrounds(1)
            XCTAssertEqual(portal.calls.first?.options["set-on"], "'background'")
        }
    }

    /// Outside a sandbox on GNOME the keys are set directly, checked with the real dconf: its
    /// service on the private bus (with its files in the test's folder) and `dconf read`. The
    /// lock screen gets `org.gnome.desktop.screensaver`, the desktop `org.gnome.desktop.background`
    /// with its dark-style URI; the portal is not asked.
    func testOutsideASandboxGNOMEsKeysAreSetWithDconf() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            try startDaily(
                Self.settings(background: true, notify: false, placement: .lockScreen), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .settings(backend: backend))
            try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
            // dconf writes asynchronously: its service has the value a moment later.
            let lockScreen = try dconf.read("/org/gnome/desktop/screensaver/picture-uri", until: { !$0.isEmpty })
            let file = try XCTUnwrap(URL(string: String(lockScreen.dropFirst().dropLast())), lockScreen)
            XCTAssertTrue(file.isFileURL, lockScreen)
            XCTAssertTrue(file.path.hasPrefix(folder.appendingPathComponent("data/background").path), file.path)
            XCTAssertEqual(size(ofFileAt: file), ImageHeader(width: 2560, height: 2048))
            XCTAssertEqual(
                try dconf.read("/org/gnome/desktop/screensaver/picture-options", until: { !$0.isEmpty }), "'zoom'")
            XCTAssertEqual(try dconf.read("/org/gnome/desktop/background/picture-uri"), "", "the desktop is left alone")
            XCTAssertEqual(portal.calls.count, 0, "the portal is not asked")
            let lastSeen = LastSeenDay(dataFolder: DataFolder(root: folder.appendingPathComponent("data")))
            XCTAssertEqual(lastSeen.load(), Self.image.date)

            XCTAssertTrue(GnomeBackgroundKeys.set(file, placement: .desktop, backend: backend))
            for key in ["picture-uri", "picture-uri-dark"] {
                XCTAssertEqual(
                    try dconf.read("/org/gnome/desktop/background/" + key, until: { !$0.isEmpty }), lockScreen)
            }
            XCTAssertEqual(
                try dconf.read("/org/gnome/desktop/background/picture-options", until: { !$0.isEmpty }), "'zoom'")
        }
    }

    /// Two monitors, GNOME's keys set directly: one spanned background covering the layout (the
    /// picture fitted to each monitor), `picture-options` 'spanned', and the lock screen its own
    /// picture, the primary monitor's, zoomed.
    func testOnTwoMonitorsOneSpannedBackgroundAndTheLockScreenThePrimarysPicture() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let layout = try MonitorLayout.parse("1280x1024@1+768+0,768x1024@1+0+0")
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            try startDaily(
                Self.settings(background: true, notify: false, placement: .both), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .settings(backend: backend), monitors: layout)
            try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
            let desktop = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
            let spanned = try XCTUnwrap(URL(string: String(desktop.dropFirst().dropLast())), desktop)
            XCTAssertEqual(size(ofFileAt: spanned), ImageHeader(width: 2048, height: 1024), "the layout's bounding box")
            XCTAssertEqual(
                try dconf.read("/org/gnome/desktop/background/picture-options", until: { !$0.isEmpty }), "'spanned'")
            let lock = try dconf.read("/org/gnome/desktop/screensaver/picture-uri", until: { !$0.isEmpty })
            let lockFile = try XCTUnwrap(URL(string: String(lock.dropFirst().dropLast())), lock)
            XCTAssertNotEqual(lockFile, spanned)
            XCTAssertEqual(
                size(ofFileAt: lockFile), ImageHeader(width: 768, height: 1024),
                "the primary: the monitor at the layout's origin")
            XCTAssertEqual(
                try dconf.read("/org/gnome/desktop/screensaver/picture-options", until: { !$0.isEmpty }), "'zoom'")
            XCTAssertEqual(portal.calls.count, 0, "the portal is not asked")
        }
    }

    /// A landscape and a portrait monitor over an index of known shapes (a fake one): the
    /// portrait region of the spanned background holds the newest portrait day, which the lock
    /// screen (the primary, at the origin) shows too; the landscape region today's. With "Same
    /// picture on every screen" both show today's and the index is not asked.
    func testAPortraitMonitorShowsThePortraitDayOfTheIndex() throws {
        try showTwoMonitorsOverAnIndexOfShapes(samePicture: false)
    }

    func testTheSamePictureOnEveryScreenLeavesTheIndexAlone() throws {
        try showTwoMonitorsOverAnIndexOfShapes(samePicture: true)
    }

    /// The portrait day chosen cannot be downloaded: its monitor shows the day's picture, and the
    /// background is still set.
    func testAStandInThatCannotBeDownloadedLeavesItsMonitorTheDaysPicture() throws {
        try showTwoMonitorsOverAnIndexOfShapes(samePicture: false, standInFails: true)
    }

    private func showTwoMonitorsOverAnIndexOfShapes(samePicture same: Bool, standInFails: Bool = false) throws {
        do {
            let dconf = try DconfService(folder: folder.appendingPathComponent("dconf-\(same)"))
            defer { dconf.stop() }
            let layout = try MonitorLayout.parse("1280x1024@1+768+0,768x1024@1+0+0")
            let index = try ArchiveIndex.open(in: folder.appendingPathComponent("index-\(same)"), partition: "science")
            let tall = APODEntry(
                date: APODDay("2026-11-20")!, title: "A Tall Nebula", mediaType: .image,
                hdImageURL: URL(string: Self.cdn + "tall.jpg?w=768&h=1024&fit=clip"))
            let wide = APODEntry(
                date: APODDay("2026-11-25")!, title: "A Wide Field", mediaType: .image,
                hdImageURL: URL(string: Self.cdn + "wide.jpg?w=2560&h=1600&fit=clip"))
            let older = APODEntry(
                date: APODDay("2026-11-10")!, title: "An Older Tower", mediaType: .image,
                hdImageURL: URL(string: Self.cdn + "older.jpg?w=768&h=1024&fit=clip"))
            try index.store([older, tall, wide])
            try index.storeShape(PictureShape(width: 768, height: 1024), of: tall.date)
            try index.storeShape(PictureShape(width: 768, height: 1024), of: older.date)
            try index.storeShape(PictureShape(width: 2560, height: 1600), of: wide.date)
            let fetcher = RecordingFetcher()
            let width = Self.screen.width * Self.screen.scale
            let todayURL = try XCTUnwrap(WallpaperPicture.url(for: Self.image, width: width))
            fetcher.respond(to: todayURL, with: PlainPNG.make(width: 1200, height: 800, red: 20, green: 200, blue: 40))
            let tallURL = try XCTUnwrap(WallpaperPicture.url(for: tall, width: width))
            fetcher.respond(to: tallURL, with: PlainPNG.make(width: 768, height: 1024, red: 20, green: 40, blue: 230))
            if standInFails { fetcher.fail(tallURL) }
            var settings = Self.settings(background: true, notify: false, placement: .both)
            settings.samePictureOnEveryScreen = same
            let chooser = MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: fetcher))
            try MainActor.assumeIsolated {
                let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
                try startDaily(
                    settings, source: DailySource(Self.image), fetcher: fetcher, route: .settings(backend: backend),
                    monitors: layout,
                    monitorPictures: .byShape(chooser: { chooser }, favourites: { [] }))
                try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
                let desktop = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
                let spanned = try XCTUnwrap(URL(string: String(desktop.dropFirst().dropLast())), desktop)
                XCTAssertEqual(size(ofFileAt: spanned), ImageHeader(width: 2048, height: 1024))
                let lock = try dconf.read("/org/gnome/desktop/screensaver/picture-uri", until: { !$0.isEmpty })
                let lockFile = try XCTUnwrap(URL(string: String(lock.dropFirst().dropLast())), lock)
                let green: (UInt8, UInt8, UInt8) = (20, 200, 40)
                let blue: (UInt8, UInt8, UInt8) = (20, 40, 230)
                assertPixel(of: spanned, x: 768 + 640, y: 512, isNear: green, "today's on the landscape monitor")
                if same {
                    assertPixel(of: spanned, x: 384, y: 512, isNear: green, "today's, whole, on the portrait one too")
                    XCTAssertFalse(fetcher.urls.contains(tallURL.absoluteString), "\(fetcher.urls)")
                } else if standInFails {
                    assertPixel(of: spanned, x: 384, y: 512, isNear: green, "today's, whole, for the missing stand-in")
                    XCTAssertTrue(fetcher.urls.contains(tallURL.absoluteString), "it was tried: \(fetcher.urls)")
                } else {
                    assertPixel(of: spanned, x: 384, y: 512, isNear: blue, "the portrait day")
                    // Whole and uncropped: the portrait day reaches its region's corners.
                    assertPixel(of: spanned, x: 4, y: 4, isNear: blue, "its top left corner")
                    assertPixel(of: spanned, x: 763, y: 1019, isNear: blue, "its bottom right corner")
                    assertPixel(of: lockFile, x: 384, y: 512, isNear: blue, "the primary's picture on the lock screen")
                    XCTAssertEqual(fetcher.urls.filter { $0 == tallURL.absoluteString }.count, 1)
                }
            }
        }
    }

    /// One portrait monitor (no spanned background) and a landscape day: the background is
    /// the index's newest portrait day, with its caption; the day counts as set.
    func testOnePortraitMonitorShowsThePortraitDayOfTheIndex() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let layout = try MonitorLayout.parse("768x1024@1+0+0")
        let index = try ArchiveIndex.open(in: folder.appendingPathComponent("index"), partition: "science")
        let tall = APODEntry(
            date: APODDay("2026-11-20")!, title: "A Tall Nebula", mediaType: .image,
            hdImageURL: URL(string: Self.cdn + "tall.jpg?w=768&h=1024&fit=clip"))
        try index.store([tall])
        try index.storeShape(PictureShape(width: 768, height: 1024), of: tall.date)
        let fetcher = RecordingFetcher()
        let screen = Monitors.Size(width: 768, height: 1024, scale: 1)
        let todayURL = try XCTUnwrap(WallpaperPicture.url(for: Self.image, width: 768))
        fetcher.respond(to: todayURL, with: PlainPNG.make(width: 1200, height: 800, red: 20, green: 200, blue: 40))
        let tallURL = try XCTUnwrap(WallpaperPicture.url(for: tall, width: 768))
        fetcher.respond(to: tallURL, with: PlainPNG.make(width: 768, height: 1024, red: 20, green: 40, blue: 230))
        let chooser = MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: fetcher))
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            try startDaily(
                Self.settings(background: true, notify: false, placement: .desktop), source: DailySource(Self.image),
                fetcher: fetcher, screen: screen, route: .settings(backend: backend), monitors: layout,
                monitorPictures: .byShape(chooser: { chooser }, favourites: { [] }))
            try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
            let desktop = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
            let file = try XCTUnwrap(URL(string: String(desktop.dropFirst().dropLast())), desktop)
            XCTAssertEqual(size(ofFileAt: file), ImageHeader(width: 768, height: 1024))
            assertPixel(of: file, x: 384, y: 300, isNear: (20, 40, 230), "the portrait day")
            assertPixel(of: file, x: 4, y: 4, isNear: (20, 40, 230), "whole, to its corner")
            XCTAssertEqual(fetcher.urls.filter { $0 == tallURL.absoluteString }.count, 1)
        }
    }

    /// Asserts the colour of the decoded picture at `url` near (x, y).
    private func assertPixel(
        of url: URL, x: Int, y: Int, isNear colour: (UInt8, UInt8, UInt8), _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let pixbuf = gdk_pixbuf_new_from_file(url.path, nil) else {
            return XCTFail("\(url.lastPathComponent) does not decode", file: file, line: line)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let offset = y * stride + x * channels
        let found = (pixels[offset], pixels[offset + 1], pixels[offset + 2])
        let near =
            abs(Int(found.0) - Int(colour.0)) <= 40 && abs(Int(found.1) - Int(colour.1)) <= 40
            && abs(Int(found.2) - Int(colour.2)) <= 40
        XCTAssertTrue(near, "\(message): (\(x), \(y)) is \(found)", file: file, line: line)
    }

    /// The monitors change (GDK tells of it in several steps): once they have been quiet for
    /// `MonitorFollower.quietPeriod` the spanned background is made again for the new layout,
    /// once, and set; nothing happens for a change that leaves the layout as it was; going back
    /// to the first layout shows its file again without drawing it.
    func testTheBackgroundFollowsTheMonitorsOnceTheyAreQuietAndReusesALayoutMadeBefore() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let first = try MonitorLayout.parse("1280x1024@1+768+0,768x1024@1+0+0")
        let second = try MonitorLayout.parse("1280x1024@1+0+0,1024x768@1+1280+0")
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            var layout = first
            let changes = Event<Void>()
            try startDaily(
                Self.settings(background: true, notify: false, placement: .both), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .settings(backend: backend), layoutNow: { layout },
                monitorChanges: changes)
            try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
            XCTAssertEqual(daily.compositionsMade, 1)
            let firstURI = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
            let firstFile = try XCTUnwrap(URL(string: String(firstURI.dropFirst().dropLast())))
            let firstDrawn = try modified(firstFile)

            // A monitor plugged in and arranged: three changes, a moment apart.
            layout = second
            for _ in 0..<3 {
                changes.emit()
                Gtk.iterate(until: { false }, timeout: 0.3)
            }
            Gtk.iterate(until: { self.daily.compositionsMade > 1 }, timeout: 1)
            XCTAssertEqual(daily.compositionsMade, 1, "nothing before the layout has been quiet for 2 s")
            try waitFor("the background made for the new layout") {
                self.daily.compositionsMade == 2 && !self.daily.isSettingBackground
            }
            let secondURI = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0 != firstURI })
            let secondFile = try XCTUnwrap(URL(string: String(secondURI.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: secondFile), ImageHeader(width: 2304, height: 1024), "the new bounding box")
            let lock = try dconf.read("/org/gnome/desktop/screensaver/picture-uri", until: { $0.contains(".span-") })
            let lockFile = try XCTUnwrap(URL(string: String(lock.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: lockFile), ImageHeader(width: 1280, height: 1024), "the new primary's")
            XCTAssertEqual(daily.currentDayOnDesktop, Self.image.date)
            Gtk.iterate(until: { self.daily.compositionsMade > 2 }, timeout: MonitorFollower.quietPeriod + 0.5)
            XCTAssertEqual(daily.compositionsMade, 2, "made once for the change")

            // GDK telling of a change that leaves the layout as it was.
            changes.emit()
            Gtk.iterate(until: { self.daily.compositionsMade > 2 }, timeout: MonitorFollower.quietPeriod + 1)
            XCTAssertEqual(daily.compositionsMade, 2, "the same layout is not made again")

            // Back to the first layout: its file again, not drawn again.
            layout = first
            changes.emit()
            try waitFor("the first layout's file again") {
                self.daily.backgroundFileOnDesktop?.standardizedFileURL == firstFile.standardizedFileURL
                    && !self.daily.isSettingBackground
            }
            XCTAssertEqual(
                try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0 == firstURI }), firstURI)
            XCTAssertEqual(daily.compositionsMade, 2, "the first layout's file reused")
            XCTAssertEqual(try modified(firstFile), firstDrawn, "not drawn again")
            let firstLock = try dconf.read(
                "/org/gnome/desktop/screensaver/picture-uri", until: { $0 != lock })
            XCTAssertEqual(
                size(ofFileAt: try XCTUnwrap(URL(string: String(firstLock.dropFirst().dropLast())))),
                ImageHeader(width: 768, height: 1024), "the first layout's lock-screen copy")
        }
    }

    /// What the automatic background shows is kept in the data folder: after a restart, and
    /// after Skip puts the one before back, a change of the monitors still rebuilds it.
    func testAfterARestartAndAfterSkipTheBackgroundStillFollowsTheMonitors() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let first = try MonitorLayout.parse("1280x1024@1+768+0,768x1024@1+0+0")
        let second = try MonitorLayout.parse("1280x1024@1+0+0,1024x768@1+1280+0")
        let third = try MonitorLayout.parse("1280x1024@1+0+0,1280x1024@1+1280+0")
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            let source = DailySource(Self.image)
            var layout = first
            try startDaily(
                Self.settings(background: true, placement: .desktop), source: source, fetcher: RecordingFetcher(),
                route: .settings(backend: backend), layoutNow: { layout })
            try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
            try waitForCheck()
            daily.stop()

            let changes = Event<Void>()
            try startDaily(
                Self.settings(background: true, placement: .desktop), source: source, fetcher: RecordingFetcher(),
                route: .settings(backend: backend), layoutNow: { layout }, monitorChanges: changes)
            try waitForCheck()
            XCTAssertEqual(daily.compositionsMade, 0, "the same day is not made again on start")
            layout = second
            changes.emit()
            try waitFor("the rebuild after the restart") {
                self.daily.compositionsMade == 1 && !self.daily.isSettingBackground
            }
            let rebuilt = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0.contains(".span-") })
            XCTAssertEqual(
                size(ofFileAt: try XCTUnwrap(URL(string: String(rebuilt.dropFirst().dropLast())))),
                ImageHeader(width: 2304, height: 1024))

            var next = Self.image
            next.date = APODDay("2026-11-30")!
            next.hdImageURL = URL(string: Self.cdn + "nebula.jpg")
            source.latest = next
            daily.checkNow()
            try waitFor("the next day's background and its notification") {
                self.daily.currentDayOnDesktop == next.date && !self.daily.isSettingBackground
                    && self.notifications.calls.contains { $0.actions.contains { $0.contains("daily-skip") } }
            }
            let note = try XCTUnwrap(notifications.calls.last { $0.actions.contains { $0.contains("daily-skip") } })
            notifications.invoke(note.id, action: try XCTUnwrap(note.actions.first { $0.contains("daily-skip") }))
            try waitFor("Skip") { self.daily.currentDayOnDesktop == Self.image.date }
            let made = daily.compositionsMade
            layout = third
            changes.emit()
            try waitFor("the skipped-back background made for the new layout") {
                self.daily.compositionsMade == made + 1 && !self.daily.isSettingBackground
            }
            XCTAssertEqual(daily.currentDayOnDesktop, Self.image.date, "still the picture Skip put back")
            let after = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0 != rebuilt })
            XCTAssertEqual(
                size(ofFileAt: try XCTUnwrap(URL(string: String(after.dropFirst().dropLast())))),
                ImageHeader(width: 2560, height: 1024))
        }
    }

    /// Colours of the pictures `pictureDays` serves.
    private static let green: (UInt8, UInt8, UInt8) = (20, 200, 40)
    private static let blue: (UInt8, UInt8, UInt8) = (20, 40, 230)
    private static let red: (UInt8, UInt8, UInt8) = (230, 30, 30)

    /// An index with a portrait day (blue), a fetcher answering the day's picture (landscape,
    /// green) and it, and `newer`: a newer portrait day (red) to add to the index later, which
    /// a monitor choosing afresh would get.
    private func pictureDays(width: Int) throws -> (
        index: ArchiveIndex, fetcher: RecordingFetcher, newer: () throws -> Void
    ) {
        let index = try ArchiveIndex.open(in: folder.appendingPathComponent("index"), partition: "science")
        let tall = APODEntry(
            date: APODDay("2026-11-20")!, title: "A Tall Nebula", mediaType: .image,
            hdImageURL: URL(string: Self.cdn + "tall.jpg?w=768&h=1024&fit=clip"))
        let taller = APODEntry(
            date: APODDay("2026-11-27")!, title: "A Taller Tower", mediaType: .image,
            hdImageURL: URL(string: Self.cdn + "taller.jpg?w=768&h=1024&fit=clip"))
        try index.store([tall])
        try index.storeShape(PictureShape(width: 768, height: 1024), of: tall.date)
        let fetcher = RecordingFetcher()
        fetcher.respond(
            to: try XCTUnwrap(WallpaperPicture.url(for: Self.image, width: width)),
            with: PlainPNG.make(width: 1280, height: 1024, red: 20, green: 200, blue: 40))
        fetcher.respond(
            to: try XCTUnwrap(WallpaperPicture.url(for: tall, width: width)),
            with: PlainPNG.make(width: 768, height: 1024, red: 20, green: 40, blue: 230))
        fetcher.respond(
            to: try XCTUnwrap(WallpaperPicture.url(for: taller, width: width)),
            with: PlainPNG.make(width: 768, height: 1024, red: 230, green: 30, blue: 30))
        return (
            index, fetcher,
            {
                try index.store([taller])
                try index.storeShape(PictureShape(width: 768, height: 1024), of: taller.date)
            }
        )
    }

    /// Each monitor's picture is recorded by its connector when the background is set, so when
    /// the monitors change each one still there keeps its picture (not the newer portrait day
    /// the index has by then) and only a new monitor gets one chosen for it; a single monitor's
    /// pick is kept the same way when a second is plugged in. A monitor plugged in that gets a
    /// picture of its own is told of by the monitors' names; one unplugged is not.
    func testARebuildKeepsEachRemainingMonitorsPicture() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let (index, fetcher, addNewer) = try pictureDays(width: 1280)
        let chooser = MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: fetcher))
        let alone = try MonitorLayout([MonitorSpec(width: 768, height: 1024, connector: "HDMI-1")])
        let two = try MonitorLayout([
            MonitorSpec(width: 1280, height: 1024, model: "DELL U2720Q", connector: "DP-1"),
            MonitorSpec(width: 768, height: 1024, x: 1280, connector: "HDMI-1"),
        ])
        let three = try MonitorLayout([
            MonitorSpec(width: 768, height: 1024, connector: "HDMI-1"),
            MonitorSpec(width: 1280, height: 1024, x: 768, model: "DELL U2720Q", connector: "DP-1"),
            MonitorSpec(width: 768, height: 1024, x: 2048, model: "LG 27UL500", connector: "DP-2"),
        ])
        let back = try MonitorLayout([
            MonitorSpec(width: 768, height: 1024, connector: "HDMI-1"),
            MonitorSpec(width: 1280, height: 1024, x: 768, model: "DELL U2720Q", connector: "DP-1"),
        ])
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            var layout = alone
            let changes = Event<Void>()
            try startDaily(
                Self.settings(background: true, notify: true, placement: .desktop), source: DailySource(Self.image),
                fetcher: fetcher, screen: Monitors.Size(width: 1280, height: 1024, scale: 1),
                route: .settings(backend: backend), layoutNow: { layout }, monitorChanges: changes,
                monitorPictures: .byShape(chooser: { chooser }, favourites: { [] }))
            try waitFor("the background set") {
                self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground
            }
            let single = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
            let singleFile = try XCTUnwrap(URL(string: String(single.dropFirst().dropLast())))
            assertPixel(of: singleFile, x: 640, y: 512, isNear: Self.blue, "the portrait day on the one monitor")
            try addNewer()

            layout = two
            changes.emit()
            try waitFor("the second monitor followed") {
                self.daily.compositionsMade == 1 && !self.daily.isSettingBackground
            }
            let spanned = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0.contains(".span-") })
            let twoFile = try XCTUnwrap(URL(string: String(spanned.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: twoFile), ImageHeader(width: 2048, height: 1024))
            assertPixel(of: twoFile, x: 640, y: 512, isNear: Self.green, "the day's picture on the new monitor")
            assertPixel(of: twoFile, x: 1280 + 384, y: 512, isNear: Self.blue, "HDMI-1 keeps its picture")
            let told = { self.notifications.calls.filter { $0.summary == "New backgrounds" }.map(\.body) }
            try waitFor("which went where") { told().count == 1 }
            XCTAssertEqual(told(), ["DELL U2720Q: Aurora over Lake; HDMI-1: A Tall Nebula"])

            layout = three
            changes.emit()
            try waitFor("the third monitor followed") {
                self.daily.compositionsMade == 2 && !self.daily.isSettingBackground
            }
            let moved = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0 != spanned })
            let threeFile = try XCTUnwrap(URL(string: String(moved.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: threeFile), ImageHeader(width: 2816, height: 1024))
            assertPixel(of: threeFile, x: 384, y: 512, isNear: Self.blue, "HDMI-1, moved, keeps its picture")
            assertPixel(of: threeFile, x: 768 + 640, y: 512, isNear: Self.green, "DP-1 keeps the day's")
            assertPixel(of: threeFile, x: 2048 + 384, y: 512, isNear: Self.red, "the new DP-2 gets the newest")
            XCTAssertEqual(daily.currentDayOnDesktop, Self.image.date)
            try waitFor("which went where on three") { told().count == 2 }
            XCTAssertEqual(
                told().last, "HDMI-1: A Tall Nebula; DELL U2720Q: Aurora over Lake; LG 27UL500: A Taller Tower")

            layout = back
            changes.emit()
            try waitFor("DP-2 unplugged") { self.daily.compositionsMade == 3 && !self.daily.isSettingBackground }
            XCTAssertEqual(told().count, 2, "nothing new to tell")
        }
    }

    /// Skip puts the day before back with the record of what each monitor showed on it: a
    /// change of the monitors then keeps those pictures, not the newer portrait day the index
    /// gained since.
    func testAfterSkipARebuildKeepsThePicturesOfTheBackgroundPutBack() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let (index, fetcher, addNewer) = try pictureDays(width: 1280)
        let chooser = MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: fetcher))
        let two = try MonitorLayout([
            MonitorSpec(width: 1280, height: 1024, connector: "DP-1"),
            MonitorSpec(width: 768, height: 1024, x: 1280, connector: "HDMI-1"),
        ])
        let three = try MonitorLayout([
            MonitorSpec(width: 1280, height: 1024, connector: "DP-1"),
            MonitorSpec(width: 768, height: 1024, x: 1280, connector: "HDMI-1"),
            MonitorSpec(width: 1280, height: 1024, x: 2048, connector: "DP-2"),
        ])
        var next = Self.image
        next.date = APODDay("2026-11-30")!
        next.title = "A Nebula"
        next.hdImageURL = URL(string: Self.cdn + "nebula.jpg")
        fetcher.respond(
            to: try XCTUnwrap(WallpaperPicture.url(for: next, width: 1280)),
            with: PlainPNG.make(width: 1280, height: 1024, red: 200, green: 200, blue: 200))
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            var layout = two
            let changes = Event<Void>()
            let source = DailySource(Self.image)
            try startDaily(
                Self.settings(background: true, placement: .desktop), source: source, fetcher: fetcher,
                screen: Monitors.Size(width: 1280, height: 1024, scale: 1), route: .settings(backend: backend),
                layoutNow: { layout }, monitorChanges: changes,
                monitorPictures: .byShape(chooser: { chooser }, favourites: { [] }))
            try waitFor("the background set") {
                self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground
            }
            try waitForCheck()
            try addNewer()
            source.latest = next
            daily.checkNow()
            try waitFor("the next day's background and its notification") {
                self.daily.currentDayOnDesktop == next.date && !self.daily.isSettingBackground
                    && self.notifications.calls.contains { $0.actions.contains { $0.contains("daily-skip") } }
            }
            let note = try XCTUnwrap(notifications.calls.last { $0.actions.contains { $0.contains("daily-skip") } })
            notifications.invoke(note.id, action: try XCTUnwrap(note.actions.first { $0.contains("daily-skip") }))
            try waitFor("Skip") { self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground }
            let made = daily.compositionsMade

            layout = three
            changes.emit()
            try waitFor("the background put back, made for three monitors") {
                self.daily.compositionsMade == made + 1 && !self.daily.isSettingBackground
            }
            let uri = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0.contains(".span-") })
            let file = try XCTUnwrap(URL(string: String(uri.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: file), ImageHeader(width: 3328, height: 1024))
            assertPixel(of: file, x: 640, y: 512, isNear: Self.green, "DP-1 keeps the day's picture")
            assertPixel(of: file, x: 1280 + 384, y: 512, isNear: Self.blue, "HDMI-1 keeps its portrait day")
            assertPixel(of: file, x: 2048 + 640, y: 512, isNear: Self.green, "the new DP-2: the day's picture")
        }
    }

    /// The monitors changed while the app was closed: when the daily service starts it compares
    /// the layout the record was made for with the one now and makes the background again, once,
    /// each monitor still there (named by place and size, without connectors) keeping its picture.
    func testMonitorsChangedWhileClosedRebuildTheBackgroundOnceAtStart() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let (index, fetcher, addNewer) = try pictureDays(width: 1280)
        let chooser = MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: fetcher))
        let before = try MonitorLayout.parse("1280x1024@1+0+0,768x1024@1+1280+0")
        let after = try MonitorLayout.parse("1280x1024@1+0+0,768x1024@1+1280+0,1024x768@1+2048+0")
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            let source = DailySource(Self.image)
            let settings = Self.settings(background: true, notify: false, placement: .desktop)
            let screen = Monitors.Size(width: 1280, height: 1024, scale: 1)
            let pictures = MonitorPictures.byShape(chooser: { chooser }, favourites: { [] })
            try startDaily(
                settings, source: source, fetcher: fetcher, screen: screen, route: .settings(backend: backend),
                monitors: before, monitorPictures: pictures)
            try waitFor("the background set") {
                self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground
            }
            try waitForCheck()
            let first = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
            daily.stop()
            try addNewer()

            try startDaily(
                settings, source: source, fetcher: fetcher, screen: screen, route: .settings(backend: backend),
                monitors: before, monitorPictures: pictures)
            try waitForCheck()
            Gtk.iterate(until: { self.daily.compositionsMade > 0 }, timeout: MonitorFollower.quietPeriod + 1)
            XCTAssertEqual(daily.compositionsMade, 0, "the same layout: nothing made at start")
            daily.stop()

            try startDaily(
                settings, source: source, fetcher: fetcher, screen: screen, route: .settings(backend: backend),
                monitors: after, monitorPictures: pictures)
            try waitFor("the background made for the layout found at start") {
                self.daily.compositionsMade == 1 && !self.daily.isSettingBackground
            }
            let rebuilt = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0 != first })
            let file = try XCTUnwrap(URL(string: String(rebuilt.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: file), ImageHeader(width: 3072, height: 1024), "the new bounding box")
            assertPixel(of: file, x: 640, y: 512, isNear: Self.green, "the landscape monitor keeps the day's")
            assertPixel(of: file, x: 1280 + 384, y: 512, isNear: Self.blue, "the portrait one keeps its day")
            XCTAssertEqual(daily.currentDayOnDesktop, Self.image.date)
            Gtk.iterate(until: { self.daily.compositionsMade > 1 }, timeout: MonitorFollower.quietPeriod + 1)
            XCTAssertEqual(daily.compositionsMade, 1, "made once")
        }
    }

    /// On a real X server's RandR 1.5 monitors (Xorg's dummy driver, set up with `xrandr
    /// --setmonitor` as the issue describes: a landscape and a portrait monitor), GTK reads two
    /// `GdkMonitor`s and the background spans them; the portrait monitor redefined as a landscape
    /// one, then a RandR notification (the screen resized), rebuilds the background once.
    func testOnRandRMonitorsARedefinedLayoutRebuildsTheBackgroundOnce() throws {
        let server = try DummyXServer(folder: folder.appendingPathComponent("xorg"))
        defer { server.stop() }
        try server.addMode(width: 1280, height: 1024, to: "DUMMY0")
        try server.addMode(width: 768, height: 1024, to: "DUMMY1")
        try server.xrandr([
            "--output", "DUMMY0", "--mode", "1280x1024-test", "--pos", "0x0",
            "--output", "DUMMY1", "--mode", "768x1024-test", "--pos", "1280x0",
        ])
        try server.xrandr(["--setmonitor", "LANDSCAPE", "1280/338x1024/270+0+0", "DUMMY0"])
        try server.xrandr(["--setmonitor", "PORTRAIT", "768/203x1024/270+1280+0", "DUMMY1"])
        // A probe of the outputs, as a desktop makes: until then the server reports the second
        // output as it was at start, and GTK leaves out a monitor on an output it thinks unused.
        try server.xrandr(["-q"])
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        try MainActor.assumeIsolated {
            let display = try XCTUnwrap(gdk_display_open(server.display), "GDK opens \(server.display)")
            defer { gdk_display_close(display) }
            let watch = MonitorWatch(display: display)
            defer { watch.stop() }
            let opened = OpenedDisplay(pointer: display)
            let layoutNow: @MainActor () -> MonitorLayout? = { MonitorLayout(Monitors.all(on: opened.pointer)) }
            XCTAssertEqual(layoutNow()?.layoutText, "1280x1024@1+0+0,768x1024@1+1280+0", "two GdkMonitors")
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            try startDaily(
                Self.settings(background: true, notify: false, placement: .desktop), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .settings(backend: backend), layoutNow: layoutNow,
                monitorChanges: watch.changed)
            try waitFor("the background set") { self.daily.currentDayOnDesktop == Self.image.date }
            let firstURI = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { !$0.isEmpty })
            let first = try XCTUnwrap(URL(string: String(firstURI.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: first), ImageHeader(width: 2048, height: 1024), "the bounding box")

            try server.xrandr(["--delmonitor", "PORTRAIT"])
            try server.xrandr(["--setmonitor", "PORTRAIT", "1024/270x768/203+1280+0", "DUMMY1"])
            try server.xrandr(["--fb", "2304x1540"])
            try waitFor("the background made for the new layout") {
                self.daily.compositionsMade == 2 && !self.daily.isSettingBackground
            }
            XCTAssertEqual(layoutNow()?.layoutText, "1280x1024@1+0+0,1024x768@1+1280+0")
            let secondURI = try dconf.read("/org/gnome/desktop/background/picture-uri", until: { $0 != firstURI })
            let second = try XCTUnwrap(URL(string: String(secondURI.dropFirst().dropLast())))
            XCTAssertEqual(size(ofFileAt: second), ImageHeader(width: 2304, height: 1024), "the new bounding box")
            Gtk.iterate(until: { self.daily.compositionsMade > 2 }, timeout: MonitorFollower.quietPeriod + 1)
            XCTAssertEqual(daily.compositionsMade, 2, "once for the redefinition and its notifications")

            // The portrait monitor unplugged: one monitor, one zoomed copy.
            try server.xrandr(["--delmonitor", "PORTRAIT"])
            try server.xrandr(["--output", "DUMMY1", "--off"])
            try server.xrandr(["-q"])
            try waitFor("one monitor") { layoutNow()?.monitors.count == 1 }
            try waitFor("the background made for one monitor") {
                self.daily.backgroundFileOnDesktop?.lastPathComponent.contains(".span-") == false
                    && !self.daily.isSettingBackground
            }
            XCTAssertEqual(
                try dconf.read("/org/gnome/desktop/background/picture-options", until: { $0 == "'zoom'" }), "'zoom'",
                "the background followed the unplugged monitor")
            XCTAssertFalse(
                try dconf.read("/org/gnome/desktop/background/picture-uri").contains(".span-"), "one copy, not spanned")
        }
    }

    /// "Every hour" on a laptop with a monitor beside it: each monitor gets a picture of its
    /// own, and the notification says which went where by the monitors' names (the laptop's
    /// eDP panel is "Built-in display", the other its model).
    func testRotationGivesEachMonitorItsOwnPictureAndSaysWhichWentWhere() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let start = Date(timeIntervalSince1970: 1_795_971_600)
        let clock = Locked(start)
        let favourites = (1...4).map { day in
            APODEntry(
                date: APODDay("2019-01-0\(day)")!, title: "Favourite \(day)", mediaType: .image,
                hdImageURL: URL(string: "https://apod.nasa.gov/apod/image/1901/favourite\(day).jpg"))
        }
        let layout = try MonitorLayout([
            MonitorSpec(width: 1280, height: 1024, model: "0x06b3", connector: "eDP-1"),
            MonitorSpec(width: 768, height: 1024, x: 1280, model: "DELL U2720Q", connector: "DP-1"),
        ])
        var settings = Self.settings(background: true, notify: true, placement: .desktop)
        settings.rotation = .hourly
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            let fetcher = RecordingFetcher()
            try startDaily(
                settings, source: DailySource(Self.image), fetcher: fetcher, pool: FakePool(favourites: favourites),
                clock: { clock.value }, route: .settings(backend: backend), monitors: layout)
            try waitFor("the day's picture") {
                self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground
            }
            clock.value = start + 3600
            daily.wake()
            try waitFor("the hour's pictures and their notification") {
                self.notifications.calls.contains { $0.summary == "New backgrounds" } && !self.daily.isSettingBackground
            }
            let body = try XCTUnwrap(notifications.calls.last { $0.summary == "New backgrounds" }?.body)
            let parts = body.components(separatedBy: "; ")
            XCTAssertEqual(parts.count, 2, body)
            XCTAssertTrue(parts[0].hasPrefix("Built-in display: Favourite "), body)
            XCTAssertTrue(parts[1].hasPrefix("DELL U2720Q: Favourite "), body)
            XCTAssertNotEqual(parts[0].suffix(1), parts[1].suffix(1), "a picture of its own: \(body)")
            XCTAssertEqual(daily.compositionsMade, 2, "the day's, then the hour's")
            let downloaded = Set(fetcher.urls.filter { $0.contains("favourite") })
            XCTAssertEqual(downloaded.count, 2, "two favourites: \(fetcher.urls)")
        }
    }

    /// A rotation over two monitors, a built-in landscape one and a DELL portrait one: six days,
    /// and pictures whose `next` gives each turn the next two (a landscape day for the landscape
    /// monitor, a portrait one for the portrait), recording in `asked` what each turn was asked
    /// after.
    private struct TwoMonitorRotation {
        let start = Date(timeIntervalSince1970: 1_795_971_600)
        let days = (1...6).map { day in
            APODEntry(
                date: APODDay("2019-01-0\(day)")!, title: "Day \(day)", mediaType: .image,
                hdImageURL: URL(string: "https://apod.nasa.gov/apod/image/1901/day\(day).jpg"))
        }
        let layout: MonitorLayout
        let asked = Locked<[[APODDay]?]>([])
        var pictures = MonitorPictures.samePicture
        /// The service's clock, at `start` until a test moves it.
        let clock: Locked<Date>

        init() throws {
            clock = Locked(start)
            layout = try MonitorLayout([
                MonitorSpec(width: 1280, height: 1024, connector: "eDP-1"),
                MonitorSpec(width: 768, height: 1024, x: 1280, model: "DELL U2720Q", connector: "DP-1"),
            ])
            let (asked, days) = (asked, days)
            pictures.next = { previous, layout, _ in
                asked.value.append(previous?.map(\.date))
                let turn = asked.value.count - 1
                return layout.monitors.count == 2 ? [days[2 * turn], days[2 * turn + 1]] : nil
            }
        }
    }

    /// Starts the service rotating hourly over `rotation`'s monitors on its clock, notifying,
    /// with GNOME's keys set through dconf.
    @MainActor
    private func startRotating(_ rotation: TwoMonitorRotation, source: DailySource) throws {
        var settings = Self.settings(background: true, notify: true, placement: .desktop)
        settings.rotation = .hourly
        let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
        let clock = rotation.clock
        try startDaily(
            settings, source: source, fetcher: RecordingFetcher(), pool: FakePool(favourites: rotation.days),
            clock: { clock.value }, route: .settings(backend: backend), monitors: rotation.layout,
            monitorPictures: rotation.pictures)
    }

    /// Where the index knows the pictures' shapes, the rotation asks for each monitor's next
    /// suitable day after the one it shows, and shows those.
    func testRotationTakesEachMonitorsNextSuitableDayAfterTheOneItShows() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let rotation = try TwoMonitorRotation()
        let (start, clock, asked) = (rotation.start, rotation.clock, rotation.asked)
        try MainActor.assumeIsolated {
            try startRotating(rotation, source: DailySource(Self.image))
            try waitFor("the day's picture") {
                self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground
            }
            for hour in 1...2 {
                let before = notifications.calls.count
                clock.value = start + TimeInterval(hour * 3600)
                daily.wake()
                try waitFor("hour \(hour)'s pictures") {
                    self.notifications.calls.count > before && !self.daily.isSettingBackground
                }
            }
            let bodies = notifications.calls.filter { $0.summary == "New backgrounds" }.map(\.body)
            XCTAssertEqual(
                bodies, ["Built-in display: Day 1; DELL U2720Q: Day 2", "Built-in display: Day 3; DELL U2720Q: Day 4"])
        }
        XCTAssertEqual(
            asked.value, [[Self.image.date, Self.image.date], [APODDay("2019-01-01")!, APODDay("2019-01-02")!]],
            "each hour asked after what each monitor showed")
    }

    /// After a restart the rotation still goes on from what each monitor shows: the record
    /// read at start gives each monitor's picture.
    func testAfterARestartTheRotationGoesOnFromEachMonitorsPicture() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let rotation = try TwoMonitorRotation()
        let (start, clock, asked) = (rotation.start, rotation.clock, rotation.asked)
        try MainActor.assumeIsolated {
            let source = DailySource(Self.image)
            try startRotating(rotation, source: source)
            try waitFor("the day's picture") {
                self.daily.currentDayOnDesktop == Self.image.date && !self.daily.isSettingBackground
            }
            let before = notifications.calls.count
            clock.value = start + 3600
            daily.wake()
            try waitFor("the hour's pictures") {
                self.notifications.calls.count > before && !self.daily.isSettingBackground
            }
            try waitForCheck()
            daily.stop()

            clock.value = start + 5400
            try startRotating(rotation, source: source)
            try waitForCheck()
            try waitFor("the record read") { !self.daily.isSettingBackground }
            let restarted = notifications.calls.count
            clock.value = start + 2 * 3600
            daily.wake()
            try waitFor("the next hour's pictures after the restart") {
                self.notifications.calls.count > restarted && !self.daily.isSettingBackground
            }
        }
        XCTAssertEqual(
            asked.value, [[Self.image.date, Self.image.date], [APODDay("2019-01-01")!, APODDay("2019-01-02")!]],
            "after the restart, asked after what each monitor showed")
    }

    /// A new day whose picture does not suit one monitor: that monitor shows another day, and
    /// besides the day's announcement a notification says which picture went where.
    func testANewDayOnMonitorsOfDifferentShapesSaysWhichPictureWentWhere() throws {
        let dconf = try DconfService(folder: folder.appendingPathComponent("dconf"))
        defer { dconf.stop() }
        let portraitDay = APODEntry(
            date: APODDay("2026-11-20")!, title: "A Tall Nebula", mediaType: .image,
            hdImageURL: URL(string: Self.cdn + "tall.jpg?w=2000&h=4000&fit=clip"))
        let layout = try MonitorLayout([
            MonitorSpec(width: 1280, height: 1024, connector: "eDP-1"),
            MonitorSpec(width: 768, height: 1024, x: 1280, model: "DELL U2720Q", connector: "DP-1"),
        ])
        let pictures = MonitorPictures { entry, _, _, _ in [entry, portraitDay] }
        try MainActor.assumeIsolated {
            let backend = try XCTUnwrap(DesktopSettings.Backend.named("dconf"), "GIO's dconf backend")
            try startDaily(
                Self.settings(background: true, notify: true, placement: .desktop), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .settings(backend: backend), monitors: layout,
                monitorPictures: pictures)
            try waitFor("the notification of which went where") {
                self.notifications.calls.contains { $0.summary == "New backgrounds" }
            }
            XCTAssertEqual(
                notifications.calls.last { $0.summary == "New backgrounds" }?.body,
                "Built-in display: Aurora over Lake; DELL U2720Q: A Tall Nebula")
            XCTAssertTrue(notifications.calls.contains { $0.summary == Self.image.title }, "the day announced too")
        }
    }

    func testMonitorNamesSayWhichIsTheLaptopsAndTellTwinsApart() throws {
        let layout = try MonitorLayout([
            MonitorSpec(width: 1920, height: 1080, model: "0x06b3", connector: "eDP-1"),
            MonitorSpec(width: 1920, height: 1080, x: 1920, model: "DELL U2720Q", connector: "DP-1"),
            MonitorSpec(width: 1920, height: 1080, x: 3840, model: "DELL U2720Q", connector: "DP-2"),
            MonitorSpec(width: 1920, height: 1080, x: 5760, model: nil, connector: "HDMI-1"),
            MonitorSpec(width: 1920, height: 1080, x: 7680, connector: "LVDS1"),
            MonitorSpec(width: 1920, height: 1080, x: 9600),
        ])
        let laptopAndOne = try MonitorLayout(Array(layout.monitors.prefix(2)))
        MainActor.assumeIsolated {
            XCTAssertEqual(MonitorNames.names(of: laptopAndOne), ["Built-in display", "DELL U2720Q"])
            XCTAssertEqual(
                MonitorNames.names(of: layout),
                [
                    "Built-in display (eDP-1)", "DELL U2720Q (DP-1)", "DELL U2720Q (DP-2)", "HDMI-1",
                    "Built-in display (LVDS1)", "Monitor 6",
                ])
        }
    }

    /// GDK's display, for a main-actor closure.
    private struct OpenedDisplay: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private func modified(_ file: URL) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
    }

    /// The Wallpaper portal takes no placement: on two monitors it gets the largest one's copy.
    func testThroughThePortalTwoMonitorsGetTheLargestMonitorsCopy() throws {
        let layout = try MonitorLayout.parse("1280x1024@1+768+0,768x1024@1+0+0")
        try MainActor.assumeIsolated {
            try startDaily(
                Self.settings(background: true, notify: false, placement: .desktop), source: DailySource(Self.image),
                fetcher: RecordingFetcher(), route: .portal(placesLockScreen: true), monitors: layout)
            try waitForBackgrounds(1)
            XCTAssertEqual(
                size(of: portal.calls[0]), ImageHeader(width: 2560, height: 2048),
                "through the portal, which takes no placement: the largest monitor's copy")
        }
    }

    private func size(ofFileAt url: URL) -> ImageHeader? {
        (try? Data(contentsOf: url)).flatMap { ImageHeader.read($0) }
    }

    func testMeteredConnectionsGetAScreenSizedPictureOrWait() throws {
        try MainActor.assumeIsolated {
            let network = FakeNetwork()
            network.isMetered = true
            let fetcher = RecordingFetcher()
            try startDaily(
                Self.settings(background: true, notify: false, metered: .screenSized),
                source: DailySource(Self.image), fetcher: fetcher, network: network)
            try waitFor { self.portal.calls.count == 1 }
            XCTAssertTrue(
                fetcher.urls.contains(Self.cdn + "aurora.jpg?w=1280&fit=clip"),
                "application pixels, not device pixels: \(fetcher.urls)")
            XCTAssertEqual(size(of: portal.calls[0]), ImageHeader(width: 1280, height: 1024))
            daily.stop()
        }
        try FileManager.default.removeItem(at: folder)
        try MainActor.assumeIsolated {
            let network = FakeNetwork()
            network.isMetered = true
            let fetcher = RecordingFetcher()
            let source = DailySource(Self.image)
            try startDaily(
                Self.settings(background: true, notify: false, metered: .waitForUnmetered),
                source: source, fetcher: fetcher, network: network)
            try waitForCheck()
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, 1, "nothing downloaded on the metered connection")
            XCTAssertEqual(daily.pendingBackground?.date, Self.image.date)
            network.isMetered = false
            network.changed()
            try waitFor { self.portal.calls.count == 2 }
        }
    }

    /// "Every hour, from the favourites" over three days of a simulated clock: the timer is
    /// stood in for by `wake()` (what a resume or the timer does), the computer sleeps ten hours,
    /// the app restarts, and for the last day the connection is metered with only one favourite
    /// in the cache.
    func testRotationOverThreeSimulatedDays() throws {
        let start = Date(timeIntervalSince1970: 1_795_971_600) // 2026-11-29, 12:00 Eastern
        let clock = Locked(start)
        let favourites = (1...4).map { day in
            APODEntry(
                date: APODDay("2019-01-0\(day)")!, title: "Favourite \(day)", mediaType: .image,
                hdImageURL: URL(string: "https://apod.nasa.gov/apod/image/1901/favourite\(day).jpg"))
        }
        let pool = FakePool(favourites: favourites)
        var settings = Self.settings(background: true, notify: false)
        settings.rotation = .hourly
        let small = Monitors.Size(width: 320, height: 200, scale: 1)
        let network = FakeNetwork()
        let fetcher = RecordingFetcher()
        let hours = Locked<[Int]>([])
        /// Advances the clock an hour at a time to `hour`, looking each time, and notes every change.
        @MainActor func run(until hour: Int, from first: Int, step: Int = 1) throws {
            for now in stride(from: first, through: hour, by: step) {
                clock.value = start + TimeInterval(now * 3600)
                let before = portal.calls.count
                daily.wake()
                Gtk.iterate()
                if daily.isSettingBackground || portal.calls.count > before {
                    try waitFor("a change at hour \(now)") {
                        self.portal.calls.count > before && !self.daily.isSettingBackground
                    }
                    hours.value.append(now)
                }
            }
        }
        try MainActor.assumeIsolated {
            try startDaily(
                settings, source: DailySource(Self.image), fetcher: fetcher, network: network, pool: pool,
                screen: small, clock: { clock.value })
            try waitForBackgrounds(1)
            hours.value.append(0) // the day's new picture, which starts the hour
            XCTAssertEqual(size(of: portal.calls[0]), ImageHeader(width: 320, height: 200))
            try run(until: 20, from: 1)
            // Asleep from hour 20 to 30: the timer stood still; waking looks once.
            try run(until: 40, from: 30)
            daily.stop()
        }
        try MainActor.assumeIsolated {
            // A restart at 40 h 30 min: the schedule is in the data folder, nothing changes at once.
            clock.value = start + 40.5 * 3600
            let restarted = DailySource(Self.image)
            try startDaily(
                settings, source: restarted, fetcher: fetcher, network: network, pool: pool,
                screen: small, clock: { clock.value })
            let before = portal.calls.count
            try waitForCheck()
            Gtk.iterate()
            XCTAssertEqual(portal.calls.count, before, "no change on restarting mid-hour")
            try run(until: 48, from: 41)
            // Metered for the last day: only the one cached favourite is used, nothing downloaded.
            network.isMetered = true
            fetcher.cache(URL(string: "https://apod.nasa.gov/apod/image/1901/favourite3.jpg")!)
            let downloads = fetcher.urls.count
            let firstMetered = portal.calls.count
            try run(until: 72, from: 49)
            XCTAssertEqual(fetcher.urls.count, downloads, "nothing downloaded on the metered connection")
            XCTAssertEqual(
                Set(portal.calls[firstMetered...].map(\.fileBytes)).count, 1, "the cached favourite each time")
        }
        XCTAssertEqual(
            hours.value, Array(0...20) + Array(30...40) + Array(41...72),
            "hourly; one change on waking at 30; none on restarting")
        XCTAssertEqual(hours.value.count, 21 + 11 + 32)
    }
}

/// Favourites and archive days as a test gives them.
final class FakePool: BackgroundPool, @unchecked Sendable {
    let favouriteEntries: [APODEntry]
    init(favourites: [APODEntry]) { favouriteEntries = favourites }
    func favourites() throws -> [APODEntry] { favouriteEntries }
    func randomArchiveEntries(count: Int) throws -> [APODEntry] { Array(favouriteEntries.shuffled().prefix(count)) }
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

/// Answers every URL with a small picture of its own colour (so a test can tell which URL a
/// background came from) and records what was asked; or passes the requests on to `upstream`.
/// URLs the test marks as cached are answered by `cachedImageData` too.
final class RecordingFetcher: ImageFetching, @unchecked Sendable {
    private let lock = NSLock()
    private let upstream: (any ImageFetching)?
    private var asked: [String] = []
    private var answers: [String: Data] = [:]
    private var failing: Set<String> = []
    private var cached: Set<URL> = []

    init(upstream: (any ImageFetching)? = nil) {
        self.upstream = upstream
    }

    var urls: [String] { lock.withLock { asked } }
    /// A URL fetched is in the "disk cache" from then on, as with the real loader.
    var cachesWhatItFetches: Bool {
        get { lock.withLock { caches } }
        set { lock.withLock { caches = newValue } }
    }
    private var caches = false

    /// From now on `url` is in the "disk cache".
    func cache(_ url: URL) {
        lock.withLock { _ = cached.insert(url) }
    }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? {
        if let upstream { return upstream.cachedImageData(from: url, for: purpose) }
        return lock.withLock { cached.contains(url) ? answer(for: url.absoluteString) : nil }
    }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        let target = ImageSizing.url(url, for: purpose)
        lock.withLock {
            asked.append(target.absoluteString)
            if caches { cached.insert(url) }
        }
        if lock.withLock({ failing.contains(target.absoluteString) }) {
            throw APODError.pictureUnreachable(interrupted: false)
        }
        if let upstream { return try await upstream.imageData(from: url, for: purpose) }
        return lock.withLock { answer(for: target.absoluteString) }
    }

    /// From now on `url` cannot be downloaded.
    func fail(_ url: URL) {
        lock.withLock { _ = failing.insert(url.absoluteString) }
    }

    /// From now on `url` answers `data`.
    func respond(to url: URL, with data: Data) {
        lock.withLock { answers[url.absoluteString] = data }
    }

    /// The picture for `url`: 40×30 of a colour of its own. Call with the lock held.
    private func answer(for url: String) -> Data {
        if let known = answers[url] { return known }
        let shade = UInt8(truncatingIfNeeded: 40 + 23 * answers.count)
        let data = PlainPNG.make(width: 40, height: 30, red: shade, green: 255 - shade, blue: 90)
        answers[url] = data
        return data
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

/// dconf's own service on the test's private session bus, keeping its database in `folder`
/// (never the user's), and `dconf read` over that database. Unchecked: used from one test at a time.
final class DconfService: @unchecked Sendable {
    static let service = URL(fileURLWithPath: "/usr/libexec/dconf-service")
    static let cli = URL(fileURLWithPath: "/usr/bin/dconf")
    private let process = Process()
    private let environment: [String: String]

    /// Starts the service and waits until it owns its bus name; throws when dconf is missing
    /// (`scripts/install-deps` installs dconf-service and dconf-cli).
    init(folder: URL) throws {
        for tool in [Self.service, Self.cli] where !FileManager.default.isExecutableFile(atPath: tool.path) {
            throw Missing(path: tool.path)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("runtime").path
        for key in ["XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"] {
            try FileManager.default.createDirectory(
                atPath: environment[key]!, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        self.environment = environment
        Self.endLeftover()
        process.executableURL = Self.service
        process.environment = environment
        try process.run()
        let deadline = Date() + 10
        while Date() < deadline, !ownsName() { usleep(50_000) }
        guard ownsName() else { throw Missing(path: "ca.desrt.dconf on the session bus") }
        // Another dconf (one the bus started for the user's own files) must not take the writes.
        let owner = Self.bus("GetConnectionUnixProcessID")
        guard owner.contains("uint32 \(process.processIdentifier),") else {
            stop()
            throw Missing(path: "ca.desrt.dconf of this test (the bus's owner: \(owner))")
        }
    }

    private func ownsName() -> Bool { Self.bus("NameHasOwner").contains("true") }

    /// A write the app queued before an earlier test stopped its dconf makes the private bus
    /// start one of its own, which would hold the name: end it. Only on the tests' own bus
    /// (`scripts/test-session`), never a desktop's.
    private static func endLeftover() {
        guard bus("NameHasOwner").contains("true") else { return }
        guard ProcessInfo.processInfo.environment["APOD_TEST_BUS_SERVICES"] != nil,
            let pid = bus("GetConnectionUnixProcessID").split(separator: " ").last.flatMap({
                Int32($0.trimmingCharacters(in: CharacterSet(charactersIn: ",)\n ")))
            })
        else { return }
        kill(pid, SIGTERM)
        let deadline = Date() + 5
        while Date() < deadline, bus("NameHasOwner").contains("true") { usleep(50_000) }
    }

    /// The bus's answer to `method` about dconf's name, as gdbus prints it.
    private static func bus(_ method: String) -> String {
        let outcome = try? ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/gdbus"),
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus." + method, "ca.desrt.dconf",
            ], timeout: 5)
        return outcome?.output ?? ""
    }

    /// The key's value as dconf prints it (`'text'`), "" when unset; with `until`, read again
    /// for up to 5 s until it holds.
    func read(_ key: String, until wanted: (String) -> Bool = { _ in true }) throws -> String {
        let deadline = Date() + 5
        while true {
            let outcome = try ChildProcess.run(Self.cli, ["read", key], environment: environment, timeout: 10)
            let value = outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
            if wanted(value) || Date() > deadline { return value }
            usleep(50_000)
        }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "dconf is missing: \(path)" }
    }
}
