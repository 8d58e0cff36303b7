import APODCore
import AdwKit
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The viewer follows the desktop's light or dark style and high contrast (libadwaita's style
/// manager), unless Preferences → Style keeps one of its own; the choice applies at once and
/// is saved.
final class StyleTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        MainActor.assumeIsolated { DesktopStyle.reset() }
        super.tearDown()
        files.remove()
    }

    /// The main window's background, sampled in its corner below the header bar.
    @MainActor
    private func backgroundLuminance(of window: Window) throws -> Double {
        waitForFrames()
        let texture = try XCTUnwrap(window.renderTexture(), "the window is not drawn")
        let colour = texture.color(x: 4, y: texture.height - 4)
        return (0.2126 * Double(colour.red) + 0.7152 * Double(colour.green) + 0.0722 * Double(colour.blue)) / 255
    }

    func testFollowSystemFollowsTheDesktopsDarkStyleAndHighContrast() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertEqual(StyleManager.colorScheme, .followSystem, "nothing saved: the desktop decides")
            XCTAssertFalse(StyleManager.isDark)
            XCTAssertGreaterThan(try backgroundLuminance(of: main.window), 0.8, "light")

            DesktopStyle.setPrefersDark(true)
            waitUntil("the app turns dark with the desktop") { StyleManager.isDark }
            XCTAssertLessThan(try backgroundLuminance(of: main.window), 0.25, "the open window is redrawn dark")

            DesktopStyle.setHighContrast(true)
            waitUntil("high contrast follows the desktop") { StyleManager.isHighContrast }
            DesktopStyle.reset()
            waitUntil("light again") { !StyleManager.isDark && !StyleManager.isHighContrast }
        }
    }

    func testStyleInPreferencesAppliesAtOnceAndIsSaved() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            let main = try XCTUnwrap(app.mainWindow)
            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            XCTAssertEqual(preferences.styleChoice.selectedValue, .followSystem)

            preferences.styleChoice.selectedValue = .dark
            XCTAssertTrue(StyleManager.isDark, "at once, no restart")
            XCTAssertEqual(files.store.load()["style"], "dark")
            XCTAssertLessThan(try backgroundLuminance(of: main.window), 0.25)

            DesktopStyle.setPrefersDark(true)
            preferences.styleChoice.selectedValue = .light
            XCTAssertFalse(StyleManager.isDark, "Light wins over a dark desktop")
            XCTAssertEqual(files.store.load()["style"], "light")

            preferences.styleChoice.selectedValue = .followSystem
            XCTAssertTrue(StyleManager.isDark, "Follow System: the desktop is dark")
            XCTAssertEqual(files.store.load()["style"], "system")
        }
    }

    func testTheSavedStyleIsAppliedAtStartUp() throws {
        try StylePreference.dark.save(to: files.store)
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            XCTAssertEqual(StyleManager.colorScheme, .dark)
            XCTAssertTrue(StyleManager.isDark)
        }
    }
}
