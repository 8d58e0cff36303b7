import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// Preferences → Daily Picture asks before the app stays: through the Background portal (a fake
/// on the private bus), else with the app's own question, which alone may write the login item.
final class BackgroundConsentTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var wallpaperPortal: FakeWallpaperPortal?
    private var backgroundPortal: FakeBackgroundPortal?

    override func tearDown() {
        MainActor.assumeIsolated {
            backgroundPortal?.unpublish()
            wallpaperPortal?.unpublish()
        }
        super.tearDown()
        files.remove()
    }

    private var loginItem: URL {
        files.folder.appendingPathComponent("config/autostart/\(ViewerApplication.id).desktop")
    }

    private var loginItemExists: Bool { FileManager.default.fileExists(atPath: loginItem.path) }

    /// The preferences of an app on the offline sample, and every applied change.
    @MainActor
    private func openDailySection() throws -> (PreferencesWindow, DailyPictureSection, applied: Locked<[DailySettings]>)
    {
        try start(services: files.services(.offline, calendar: calendar))
        app.application.activateAction(AppAction.preferences)
        let preferences = try XCTUnwrap(app.preferencesWindow)
        let applied = Locked<[DailySettings]>([])
        preferences.dailySettingsChanged.subscribe { applied.value.append($0) }.store(in: preferences.subscriptions)
        return (preferences, preferences.dailySection, applied)
    }

    @MainActor
    private func question(of section: DailyPictureSection) throws -> MessageDialog {
        XCTAssertTrue(Gtk.iterate(until: { section.consent?.question != nil }, timeout: 10), "the app's own question")
        return try XCTUnwrap(section.consent?.question)
    }

    /// Portals the test answers: the Wallpaper fake owns the portal's name, the Background
    /// fake answers beside it.
    @MainActor
    private func publishBackgroundPortal(responseCode: UInt32) throws -> FakeBackgroundPortal {
        let wallpaper = try XCTUnwrap(FakeWallpaperPortal())
        let background = try XCTUnwrap(FakeBackgroundPortal())
        background.responseCode = responseCode
        wallpaper.publish()
        background.publish()
        wallpaperPortal = wallpaper
        backgroundPortal = background
        XCTAssertTrue(Gtk.iterate(until: { wallpaper.ownsName }, timeout: 10))
        return background
    }

    func testWithoutAPortalTheLoginItemIsWrittenOnlyOnceAccepted() throws {
        try MainActor.assumeIsolated {
            let (preferences, section, applied) = try openDailySection()
            XCTAssertFalse(section.notifySwitch.isOn, "off on a fresh profile")
            XCTAssertFalse(section.backgroundRow.isOn)

            section.notifySwitch.isOn = true
            let dialog = try question(of: section)
            XCTAssertEqual(dialog.heading, "Keep Running in the Background?")
            XCTAssertTrue(dialog.body.contains("autostart/\(ViewerApplication.id).desktop"), dialog.body)
            XCTAssertTrue(dialog.body.contains("login item"), dialog.body)
            XCTAssertFalse(loginItemExists, "nothing written while the question is open")
            XCTAssertEqual(applied.value, [], "nothing applied while the question is open")
            XCTAssertFalse(DailySettings(store: files.store).notifies, "nothing saved while the question is open")

            dialog.respond(BackgroundConsent.allowResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
            XCTAssertTrue(loginItemExists, "written once accepted")
            let text = try String(contentsOf: loginItem, encoding: .utf8)
            XCTAssertTrue(text.contains("--background"), text)
            XCTAssertTrue(section.notifySwitch.isOn)
            XCTAssertEqual(applied.value.last?.notifies, true)
            XCTAssertTrue(DailySettings(store: files.store).notifies)

            // Another option while one is on asks nothing more.
            section.backgroundRow.isOn = true
            Gtk.iterate()
            XCTAssertNil(section.consent?.question)
            XCTAssertEqual(applied.value.last?.setsBackground, true)

            // Both off: the login item goes.
            section.backgroundRow.isOn = false
            XCTAssertTrue(loginItemExists, "one option is still on")
            section.notifySwitch.isOn = false
            XCTAssertFalse(loginItemExists, "turning the last option off removes the login item")
            XCTAssertFalse(DailySettings(store: files.store).runsInBackground)
            _ = preferences
        }
    }

    /// The question names the file as the user knows it, under `~` (the README's screenshot).
    func testTheQuestionNamesTheLoginItemUnderTheHomeFolder() throws {
        let home = files.folder.appendingPathComponent("home")
        let savedHome = ProcessInfo.processInfo.environment["HOME"]
        setenv("HOME", home.path, 1)
        defer { if let savedHome { setenv("HOME", savedHome, 1) } }
        try MainActor.assumeIsolated {
            let (preferences, section, _) = try openDailySection()
            let autostart = Autostart(
                folder: home.appendingPathComponent(".config/autostart"), executable: "/usr/bin/apod-viewer")
            section.askConsent(over: preferences.window, consent: BackgroundConsent(autostart: autostart))
            section.notifySwitch.isOn = true
            let dialog = try question(of: section)
            XCTAssertTrue(dialog.body.contains(" ~/.config/autostart/\(ViewerApplication.id).desktop,"), dialog.body)
            waitForFrames()
            saveScreenshot(of: dialog.window, named: "consent-login-item")
            dialog.respond(BackgroundConsent.cancelResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
        }
    }

    func testCancellingTheQuestionKeepsTheOptionOffAndSaysSo() throws {
        try MainActor.assumeIsolated {
            let (preferences, section, applied) = try openDailySection()
            section.backgroundRow.isOn = true
            try question(of: section).respond(BackgroundConsent.cancelResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
            XCTAssertFalse(section.backgroundRow.isOn, "the switch goes back off")
            XCTAssertTrue(section.consentMessage.isVisible)
            XCTAssertEqual(
                section.consentMessage.text, "Nothing was added: APOD Viewer quits when its last window closes.")
            waitForFrames()
            preferences.scroller?.scrollToEnd()
            waitForFrames()
            saveScreenshot(of: preferences.window, named: "preferences-daily-refused")
            XCTAssertFalse(loginItemExists)
            XCTAssertEqual(applied.value, [])
            XCTAssertFalse(DailySettings(store: files.store).runsInBackground)
        }
    }

    func testAPortalThatRefusesKeepsTheOptionOffWithoutAQuestion() throws {
        try MainActor.assumeIsolated {
            let portal = try publishBackgroundPortal(responseCode: 1)
            let (_, section, applied) = try openDailySection()
            section.notifySwitch.isOn = true
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 10), "the portal answered")
            XCTAssertEqual(portal.calls.first?.autostart, true)
            XCTAssertEqual(portal.calls.first?.commandLine, ["apod-viewer", "--background"])
            XCTAssertNil(section.consent?.question, "the desktop asked; the app does not ask again")
            XCTAssertFalse(section.notifySwitch.isOn, "the switch goes back off")
            XCTAssertTrue(section.consentMessage.text.contains("did not allow"), section.consentMessage.text)
            XCTAssertTrue(section.consentMessage.isVisible)
            XCTAssertFalse(loginItemExists)
            XCTAssertEqual(applied.value, [])
            XCTAssertFalse(DailySettings(store: files.store).notifies)
        }
    }

    /// The desktop starts the app at login itself: no file of ours.
    func testAPortalThatAgreesStartsTheAppWithoutAFile() throws {
        try MainActor.assumeIsolated {
            let portal = try publishBackgroundPortal(responseCode: 0)
            let (_, section, applied) = try openDailySection()
            section.notifySwitch.isOn = true
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 10), "the portal answered")
            XCTAssertEqual(portal.calls.count, 1)
            XCTAssertNil(section.consent?.question)
            XCTAssertTrue(section.notifySwitch.isOn)
            XCTAssertFalse(section.consentMessage.isVisible)
            XCTAssertEqual(applied.value.last?.notifies, true)
            XCTAssertFalse(loginItemExists)
        }
    }

    func testTheLoginItemRunsThisProgramQuoted() throws {
        try MainActor.assumeIsolated {
            let folder = files.folder.appendingPathComponent("autostart")
            let autostart = Autostart(folder: folder, executable: "/opt/apod viewer/apod-viewer")
            XCTAssertNil(autostart.writeFile())
            let text = try String(contentsOf: autostart.file, encoding: .utf8)
            XCTAssertTrue(text.contains("Exec=\"/opt/apod viewer/apod-viewer\" --background\n"), text)
            XCTAssertEqual(
                autostart.displayPath(home: files.folder.path), "~/autostart/\(ViewerApplication.id).desktop")
        }
    }
}

extension GUITestCase {
    /// Turning the first daily option on asks first (no portal on the test's bus: the app's own
    /// question); this accepts it, as a test that only wants the option on does.
    @MainActor
    func allowLoginItem(in section: DailyPictureSection, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(
            Gtk.iterate(until: { section.consent?.question != nil }, timeout: 10), "the question", file: file,
            line: line)
        try XCTUnwrap(section.consent?.question, file: file, line: line).respond(BackgroundConsent.allowResponse)
        XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5), file: file, line: line)
    }
}
