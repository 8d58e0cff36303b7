import APODCore
import AdwKit
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// Preferences → Daily Picture asks before the app stays: outside a sandbox always with the app's
/// own question, which alone may write the login item (the Background portal, a fake on the
/// private bus answering as portal 1.16 does, grants unsandboxed apps without asking anyone);
/// in a sandbox through the portal, whose answer stands.
final class BackgroundConsentTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()
    private var wallpaperPortal: FakeWallpaperPortal?
    private var backgroundPortal: FakeBackgroundPortal?

    override func tearDown() {
        MainActor.assumeIsolated {
            PortalRequest.timeLimit = 30
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

    private var autostartFolder: URL { files.folder.appendingPathComponent("config/autostart") }

    /// The nameless file xdg-desktop-portal writes for an unsandboxed app.
    private var portalItem: URL { autostartFolder.appendingPathComponent(".desktop") }

    /// The app as Flatpak runs it: the portal asks the user, and its answer is the consent.
    @MainActor
    private func askInASandbox(_ preferences: PreferencesWindow, _ section: DailyPictureSection) {
        section.askConsent(
            over: preferences.window, consent: BackgroundConsent(autostart: .beside(files.store), sandbox: .flatpak))
    }

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
    private func publishBackgroundPortal(responseCode: UInt32, sandboxed: Bool = true) throws -> FakeBackgroundPortal {
        let wallpaper = try XCTUnwrap(FakeWallpaperPortal())
        let background = try XCTUnwrap(FakeBackgroundPortal())
        background.responseCode = responseCode
        background.callerIsSandboxed = sandboxed
        background.autostartFolder = autostartFolder
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
            XCTAssertTrue(dialog.body.contains("login item to "), dialog.body)
            XCTAssertTrue(dialog.body.contains("/autostart,"), dialog.body)
            XCTAssertFalse(section.notifySwitch.isOn, "the switch stays off while the question is open")
            XCTAssertFalse(loginItemExists, "nothing written while the question is open")
            XCTAssertEqual(applied.value, [], "nothing applied while the question is open")
            XCTAssertFalse(DailySettings(store: files.store).notifies, "nothing saved while the question is open")

            dialog.respond(BackgroundConsent.allowResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
            XCTAssertTrue(loginItemExists, "written once accepted")
            let text = try String(contentsOf: loginItem, encoding: .utf8)
            XCTAssertTrue(text.contains("--background"), text)
            XCTAssertTrue(text.contains("\nName=APOD Viewer\n"), text)
            XCTAssertTrue(text.contains("\nX-GNOME-Autostart-enabled=true\n"), text)
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
            // The folder, which wraps as words do; the file's whole path broke anywhere.
            XCTAssertTrue(dialog.body.contains(" ~/.config/autostart, "), dialog.body)
            XCTAssertFalse(dialog.body.contains(".desktop"), dialog.body)
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

    /// The real desktop's case: the portal would say yes to anything (and write its nameless
    /// login item), so the app never asks it, asks the user itself, writes its own named item and
    /// removes the nameless one an earlier version caused; another program's stays.
    func testOutsideASandboxThePortalsYesIsNoConsent() throws {
        try MainActor.assumeIsolated {
            let portal = try publishBackgroundPortal(responseCode: 0, sandboxed: false)
            FakeBackgroundPortal.writeNamelessItem(
                in: autostartFolder,
                call: .init(parentWindow: "", autostart: true, commandLine: ["/usr/bin/apod-viewer", "--background"]))
            let (_, section, applied) = try openDailySection()
            XCTAssertEqual(section.consent?.sandbox, Sandbox.none, "the tests run outside a sandbox")

            section.backgroundRow.isOn = true
            let dialog = try question(of: section)
            XCTAssertEqual(dialog.heading, "Keep Running in the Background?")
            XCTAssertEqual(portal.calls.count, 0, "the portal's answer would not be the user's")
            XCTAssertEqual(applied.value, [], "nothing applied while the question is open")
            dialog.respond(BackgroundConsent.allowResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
            XCTAssertTrue(loginItemExists, "the app's own, named login item")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: portalItem.path), "the portal's nameless item went")
            XCTAssertEqual(applied.value.last?.setsBackground, true)

            section.backgroundRow.isOn = false
            XCTAssertFalse(loginItemExists)
            XCTAssertEqual(portal.calls.count, 0, "withdrawing does not go through the portal either")

            FakeBackgroundPortal.writeNamelessItem(
                in: autostartFolder,
                call: .init(parentWindow: "", autostart: true, commandLine: ["/usr/bin/other-app", "--daemon"]))
            section.notifySwitch.isOn = true
            try question(of: section).respond(BackgroundConsent.allowResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: portalItem.path), "another program's login item is not ours")
        }
    }

    /// Refusing the app's own question leaves no login item at all, the portal's included.
    func testOutsideASandboxRefusingWritesNothing() throws {
        try MainActor.assumeIsolated {
            let portal = try publishBackgroundPortal(responseCode: 0, sandboxed: false)
            let (_, section, _) = try openDailySection()
            section.notifySwitch.isOn = true
            try question(of: section).respond(BackgroundConsent.cancelResponse)
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 5))
            XCTAssertFalse(section.notifySwitch.isOn)
            XCTAssertFalse(loginItemExists)
            XCTAssertFalse(FileManager.default.fileExists(atPath: portalItem.path))
            XCTAssertEqual(portal.calls.count, 0)
        }
    }

    func testInASandboxAPortalThatRefusesKeepsTheOptionOffWithoutAQuestion() throws {
        try MainActor.assumeIsolated {
            let portal = try publishBackgroundPortal(responseCode: 1)
            let (preferences, section, applied) = try openDailySection()
            askInASandbox(preferences, section)
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

    /// In a sandbox the desktop asks and starts the app at login itself: no file of ours. Its
    /// question belongs to the preferences window (`x11:XID`), not a separate "Portal" app.
    func testInASandboxAPortalThatAgreesStartsTheAppWithoutAFile() throws {
        try MainActor.assumeIsolated {
            let portal = try publishBackgroundPortal(responseCode: 0)
            let (preferences, section, applied) = try openDailySection()
            askInASandbox(preferences, section)
            preferences.window.present()
            waitForFrames()
            section.notifySwitch.isOn = true
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 10), "the portal answered")
            XCTAssertEqual(portal.calls.count, 1)
            let parent = portal.calls.first?.parentWindow ?? ""
            XCTAssertTrue(parent.hasPrefix("x11:") && parent.count > 4, parent)
            XCTAssertNil(section.consent?.question)
            XCTAssertTrue(section.notifySwitch.isOn)
            XCTAssertFalse(section.consentMessage.isVisible)
            XCTAssertEqual(applied.value.last?.notifies, true)
            XCTAssertFalse(loginItemExists)
        }
    }

    /// A desktop that never answers (the Shell's dialog answered late): after the time limit the
    /// request is closed, the switch goes back off and the message says what happened.
    func testInASandboxADesktopThatNeverAnswersIsClosedAndSaysSo() throws {
        try MainActor.assumeIsolated {
            PortalRequest.timeLimit = 1
            let portal = try publishBackgroundPortal(responseCode: 0)
            portal.neverAnswers = true
            let (preferences, section, applied) = try openDailySection()
            askInASandbox(preferences, section)
            section.backgroundRow.isOn = true
            XCTAssertTrue(Gtk.iterate(until: { !section.isAsking }, timeout: 10), "given up after the limit")
            XCTAssertEqual(portal.calls.count, 1)
            XCTAssertTrue(Gtk.iterate(until: { portal.closedRequests.count == 1 }, timeout: 5), "the request closed")
            XCTAssertFalse(section.backgroundRow.isOn, "the switch goes back off")
            XCTAssertTrue(section.consentMessage.isVisible)
            XCTAssertEqual(
                section.consentMessage.text,
                "The desktop did not answer within 1 seconds, so the option stays off. Turn it on again to ask once more."
            )
            XCTAssertEqual(applied.value, [])
            XCTAssertFalse(DailySettings(store: files.store).runsInBackground)
        }
    }

    func testTheLoginItemRunsThisProgramQuoted() throws {
        try MainActor.assumeIsolated {
            let folder = files.folder.appendingPathComponent("autostart")
            let autostart = Autostart(folder: folder, executable: "/opt/apod viewer/apod-viewer")
            XCTAssertNil(autostart.writeFile())
            let text = try String(contentsOf: autostart.file, encoding: .utf8)
            XCTAssertTrue(text.contains("Exec=\"/opt/apod viewer/apod-viewer\" --background\n"), text)
            XCTAssertTrue(text.contains("\nTryExec=\"/opt/apod viewer/apod-viewer\"\n"), text)
            XCTAssertEqual(
                autostart.displayPath(home: files.folder.path), "~/autostart/\(ViewerApplication.id).desktop")
        }
    }
    /// The login item is a valid desktop entry with GNOME's autostart keys, and with `TryExec`
    /// naming the program, so a login after the package went does not run a missing binary.
    func testTheLoginItemIsAValidDesktopEntryThatChecksItsProgram() throws {
        try MainActor.assumeIsolated {
            let autostart = Autostart(
                folder: files.folder.appendingPathComponent("autostart"), executable: "/usr/bin/apod-viewer")
            XCTAssertNil(autostart.writeFile())
            let text = try String(contentsOf: autostart.file, encoding: .utf8)
            for line in [
                "Name=APOD Viewer", "TryExec=/usr/bin/apod-viewer", "Exec=/usr/bin/apod-viewer --background",
                "X-GNOME-Autostart-enabled=true", "X-GNOME-Autostart-Delay=\(Autostart.delaySeconds)",
            ] {
                XCTAssertTrue(text.contains("\n\(line)\n"), "\(line) in\n\(text)")
            }
            let validate = Process()
            validate.executableURL = URL(fileURLWithPath: "/usr/bin/desktop-file-validate")
            validate.arguments = [autostart.file.path]
            let output = Pipe()
            validate.standardOutput = output
            validate.standardError = output
            try validate.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            validate.waitUntilExit()
            XCTAssertEqual(validate.terminationStatus, 0, said)
            XCTAssertEqual(said, "", "desktop-file-validate prints nothing for a valid file")
        }
    }

    /// Only a nameless login item that runs this app goes; anything but a regular file is not read.
    func testOnlyThePortalsItemForThisAppIsRemoved() throws {
        try MainActor.assumeIsolated {
            let folder = files.folder.appendingPathComponent("autostart")
            let autostart = Autostart(folder: folder, executable: "/usr/bin/apod-viewer")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (exec, removed) in [
                ("/usr/bin/apod-viewer --background", true), ("apod-viewer --background", true),
                ("/usr/bin/other --apod-viewer", false), ("/usr/bin/apod-viewer-old --background", false),
            ] {
                try Data("[Desktop Entry]\nType=Application\nName=\nExec=\(exec)\n".utf8).write(
                    to: autostart.portalItem)
                autostart.removePortalItem()
                XCTAssertEqual(!FileManager.default.fileExists(atPath: autostart.portalItem.path), removed, exec)
            }
            try? FileManager.default.removeItem(at: autostart.portalItem)
            XCTAssertEqual(mkfifo(autostart.portalItem.path, 0o600), 0)
            autostart.removePortalItem()
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: autostart.portalItem.path), "a FIFO is left alone, unread")
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
