import APODCore
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Preferences → Daily Picture: what it shows, what it saves, and that the app hears of it.
final class DailyPictureSectionTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    func testChangesAreSavedAndAppliedAtOnce() throws {
        try MainActor.assumeIsolated {
            var saved = DailySettings()
            saved.videoDays = .keepCurrent
            try saved.save(to: files.store)
            try start(services: files.services(.offline, calendar: calendar))
            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let section = preferences.dailySection
            XCTAssertFalse(section.backgroundRow.isOn, "off by default")
            XCTAssertFalse(section.notifySwitch.isOn, "off by default")
            XCTAssertEqual(section.videoChoice.selectedValue, .keepCurrent, "the saved choice is shown")
            XCTAssertEqual(section.videoChoice.selectedLabel, "Keep the current background")
            XCTAssertFalse(section.placementChoice.isSensitive, "where only matters for the automatic background")

            var applied: [DailySettings] = []
            preferences.dailySettingsChanged.subscribe { applied.append($0) }.store(in: preferences.subscriptions)
            section.backgroundRow.isOn = true
            try allowLoginItem(in: section)
            section.placementChoice.selectedValue = .desktop
            XCTAssertTrue(section.placementChoice.isSensitive)
            XCTAssertTrue(section.backgroundRow.isExpanded, "turning it on unfolds where and when")
            XCTAssertEqual(applied.last?.setsBackground, true)
            XCTAssertEqual(applied.last?.placement, .desktop)
            let stored = DailySettings(store: files.store)
            XCTAssertTrue(stored.setsBackground)
            XCTAssertEqual(stored.placement, .desktop)
            XCTAssertEqual(stored.videoDays, .keepCurrent)
            XCTAssertEqual(files.store.value(.source), nil, "nothing else was written")

            waitForFrames()
            saveScreenshot(of: preferences.window, named: "preferences-daily-picture")
        }
    }

    /// Through GNOME's portal, which cannot place the lock screen, "Where" offers only the
    /// desktop and says why; the saved choice stays for a route that can place it.
    func testWhereTheLockScreenCannotBePlacedOnlyTheDesktopIsOffered() throws {
        try MainActor.assumeIsolated {
            var saved = DailySettings()
            saved.setsBackground = true
            saved.placement = .lockScreen
            let section = DailyPictureSection(settings: saved, placesLockScreen: false)
            XCTAssertNil(gtk_widget_get_parent(section.placementChoice.widgetPointer), "nothing to choose")
            XCTAssertNotNil(gtk_widget_get_parent(section.placementNote.widgetPointer))
            XCTAssertEqual(
                section.placementNote.subtitle,
                "The desktop only: its portal cannot set the lock screen, which shows the desktop's picture, blurred.")
            XCTAssertEqual(section.settings.placement, .lockScreen, "kept as saved")
            try start(services: files.services(.offline, calendar: calendar))
            let window = Window(application: app.application)
            window.setDefaultSize(width: 360, height: 700)
            section.group.setMargins(top: 12, bottom: 12, start: 12, end: 12)
            window.setChild(ScrolledWindow(child: section.group))
            section.backgroundRow.isExpanded = true
            window.present()
            waitForFrames()
            saveScreenshot(of: window, named: "preferences-daily-portal-where")
            window.close()

            let choosing = DailyPictureSection(settings: saved, placesLockScreen: true)
            XCTAssertNotNil(gtk_widget_get_parent(choosing.placementChoice.widgetPointer))
            XCTAssertNil(gtk_widget_get_parent(choosing.placementNote.widgetPointer))
            XCTAssertEqual(choosing.placementChoice.selectedValue, .lockScreen)
            XCTAssertTrue(choosing.placementChoice.isSensitive)
        }
    }

    /// Beside the placement: "Same picture on every screen", bound to the saved setting and
    /// applied on change, where GNOME's keys span one picture over every monitor; through the
    /// Wallpaper portal a line in its place says that the portal sets one picture, made for the
    /// largest monitor, and the saved choice is kept.
    func testTheSamePictureOnEveryScreenIsBoundAndThePortalSaysItSetsOnePicture() throws {
        try MainActor.assumeIsolated {
            var saved = DailySettings()
            saved.setsBackground = true
            let section = DailyPictureSection(settings: saved, placesLockScreen: true, spansMonitors: true)
            XCTAssertNotNil(gtk_widget_get_parent(section.samePictureRow.widgetPointer))
            XCTAssertNil(gtk_widget_get_parent(section.screensNote.widgetPointer))
            XCTAssertFalse(section.samePictureSwitch.isOn, "off: each screen a picture that suits it")
            XCTAssertTrue(section.samePictureSwitch.isSensitive)
            var applied: [DailySettings] = []
            let subscription = section.settingsChanged.subscribe { applied.append($0) }
            section.samePictureSwitch.isOn = true
            XCTAssertEqual(applied.map(\.samePictureOnEveryScreen), [true])
            subscription.cancel()

            saved.samePictureOnEveryScreen = true
            XCTAssertTrue(DailyPictureSection(settings: saved, spansMonitors: true).samePictureSwitch.isOn, "bound")

            let portal = DailyPictureSection(settings: saved, placesLockScreen: false, spansMonitors: false)
            XCTAssertNil(gtk_widget_get_parent(portal.samePictureRow.widgetPointer), "nothing to choose")
            XCTAssertNotNil(gtk_widget_get_parent(portal.screensNote.widgetPointer))
            XCTAssertEqual(
                portal.screensNote.subtitle,
                "One picture, made for the largest monitor: the desktop's Wallpaper portal sets a single picture for all screens."
            )
            XCTAssertTrue(portal.settings.samePictureOnEveryScreen, "kept as saved")

            try start(services: files.services(.offline, calendar: calendar))
            for (shown, name) in [(section, "preferences-daily-screens"), (portal, "preferences-daily-portal-screens")]
            {
                let window = Window(application: app.application)
                window.setDefaultSize(width: 360, height: 760)
                shown.group.setMargins(top: 12, bottom: 12, start: 12, end: 12)
                window.setChild(ScrolledWindow(child: shown.group))
                shown.backgroundRow.isExpanded = true
                window.present()
                waitForFrames()
                saveScreenshot(of: window, named: name)
                window.close()
            }
        }
    }

    /// The screens rows in Traditional Chinese, in the dark style, 360 px wide.
    func testTheScreensRowsSpeakTraditionalChineseInTheDark() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        try MainActor.assumeIsolated {
            defer { DesktopStyle.reset() }
            DesktopStyle.setPrefersDark(true)
            var saved = DailySettings()
            saved.setsBackground = true
            let section = DailyPictureSection(settings: saved, placesLockScreen: true, spansMonitors: true)
            let portal = DailyPictureSection(settings: saved, placesLockScreen: false, spansMonitors: false)
            XCTAssertEqual(section.samePictureRow.title, "每個螢幕使用同一張圖片")
            XCTAssertEqual(portal.screensNote.title, "所有螢幕")
            XCTAssertTrue(portal.screensNote.subtitle.hasPrefix("只有一張圖片"), portal.screensNote.subtitle)
            try start(services: files.services(.offline, calendar: calendar))
            for (shown, name) in [
                (section, "preferences-daily-screens-zh-dark"), (portal, "preferences-daily-portal-screens-zh-dark"),
            ] {
                let window = Window(application: app.application)
                window.setDefaultSize(width: 360, height: 760)
                shown.group.setMargins(top: 12, bottom: 12, start: 12, end: 12)
                window.setChild(ScrolledWindow(child: shown.group))
                shown.backgroundRow.isExpanded = true
                window.present()
                waitForFrames()
                saveScreenshot(of: window, named: name)
                window.close()
            }
        }
    }

    /// GNOME's keys outside a sandbox on GNOME with its schemas; the portal otherwise, placing
    /// the lock screen except on GNOME (portal-gnome 43 ignores `set-on`).
    func testTheBackgroundsRouteFollowsTheSandboxAndTheDesktop() {
        func route(_ sandbox: Sandbox, _ desktop: String?, schemas: Bool = true) -> String {
            let environment = desktop.map { ["XDG_CURRENT_DESKTOP": $0] } ?? [:]
            switch BackgroundRoute.standard(sandbox: sandbox, environment: environment, schemasInstalled: { schemas }) {
            case .settings: return "settings"
            case .portal(let placesLockScreen): return placesLockScreen ? "portal, lock screen" : "portal"
            }
        }
        XCTAssertEqual(route(.none, "GNOME"), "settings")
        XCTAssertEqual(route(.none, "ubuntu:GNOME"), "settings")
        XCTAssertEqual(route(.none, "GNOME", schemas: false), "portal")
        XCTAssertEqual(route(.flatpak, "GNOME"), "portal")
        XCTAssertEqual(route(.snap, "GNOME"), "portal")
        XCTAssertEqual(route(.none, "KDE"), "portal, lock screen")
        XCTAssertEqual(route(.flatpak, "KDE"), "portal, lock screen")
        XCTAssertEqual(route(.none, nil), "portal, lock screen")
    }

    func testTheSandboxIsFoundAsFlatpakAndSnapMarkIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apod-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(Sandbox.detect(root: root, environment: [:]), Sandbox.none)
        XCTAssertEqual(Sandbox.detect(root: root, environment: ["SNAP": "/snap/apod-viewer/1"]), .snap)
        try Data("[Application]\n".utf8).write(to: root.appendingPathComponent(".flatpak-info"))
        XCTAssertEqual(Sandbox.detect(root: root, environment: [:]), .flatpak)
    }

    /// The background's own rows: off or their defaults at first, usable once the automatic
    /// background is on, saved and applied like the others.
    func testTheBackgroundRowsAreSavedAndApplied() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let section = preferences.dailySection
            XCTAssertFalse(section.captionSwitch.isOn, "no title on the background by default")
            XCTAssertEqual(section.fitChoice.selectedValue, .auto)
            XCTAssertEqual(section.unusableChoice.selectedValue, .keepCurrent)
            XCTAssertEqual(section.rotationChoice.selectedValue, .off)
            for control: Widget in [
                section.captionSwitch, section.fitChoice, section.unusableChoice,
                section.rotationChoice, section.rotationSourceChoice, section.sentenceSwitch,
            ] {
                XCTAssertFalse(control.isSensitive)
            }
            var applied: [DailySettings] = []
            preferences.dailySettingsChanged.subscribe { applied.append($0) }.store(in: preferences.subscriptions)
            section.backgroundRow.isOn = true
            try allowLoginItem(in: section)
            XCTAssertTrue(section.captionSwitch.isSensitive)
            XCTAssertFalse(section.sentenceSwitch.isSensitive, "the sentence goes with the title")
            XCTAssertFalse(section.rotationSourceChoice.isSensitive, "no rotation, nothing to draw from")
            section.captionSwitch.isOn = true
            section.sentenceSwitch.isOn = true
            section.fitChoice.selectedValue = .whole
            section.unusableChoice.selectedValue = .useFavourite
            section.rotationChoice.selectedValue = .sixHours
            XCTAssertTrue(section.rotationSourceChoice.isSensitive)
            section.rotationSourceChoice.selectedValue = .archive
            let expected = applied.last
            XCTAssertEqual(expected?.caption, .titleAndSentence)
            XCTAssertEqual(expected?.fit, .whole)
            XCTAssertEqual(expected?.unusableDays, .useFavourite)
            XCTAssertEqual(expected?.rotation, .sixHours)
            XCTAssertEqual(expected?.rotationSource, .archive)
            XCTAssertEqual(DailySettings(store: files.store), expected)
            waitForFrames()
            saveScreenshot(of: preferences.window, named: "preferences-daily-background")
        }
    }

    func testBackgroundOptionIsParsed() throws {
        XCTAssertTrue(try ViewerOptions.parse(["--background"]).startsInBackground)
        XCTAssertFalse(try ViewerOptions.parse([]).startsInBackground)
        XCTAssertTrue(ViewerOptions.usage.contains("--background"))
    }
}
