import APODCore
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
            app.application.activateAction("preferences")
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let section = preferences.dailySection
            XCTAssertFalse(section.backgroundSwitch.isOn, "off by default")
            XCTAssertTrue(section.notifySwitch.isOn, "on by default")
            XCTAssertEqual(section.videoChoice.selectedIndex, 1, "the saved choice is shown")
            XCTAssertFalse(section.placementChoice.isSensitive, "where only matters for the automatic background")

            var applied: [DailySettings] = []
            preferences.onDailySettingsChanged = { applied.append($0) }
            section.backgroundSwitch.isOn = true
            section.placementChoice.selectedIndex = 0
            XCTAssertTrue(section.placementChoice.isSensitive)
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

    /// The background's own rows: off or their defaults at first, usable once the automatic
    /// background is on, saved and applied like the others.
    func testTheBackgroundRowsAreSavedAndApplied() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            app.application.activateAction("preferences")
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let section = preferences.dailySection
            XCTAssertFalse(section.captionSwitch.isOn, "no title on the background by default")
            XCTAssertEqual(section.fitChoice.value, .auto)
            XCTAssertEqual(section.unusableChoice.value, .keepCurrent)
            XCTAssertEqual(section.rotationChoice.value, .off)
            for control: Widget in [section.captionSwitch, section.fitChoice.dropDown, section.unusableChoice.dropDown,
                                    section.rotationChoice.dropDown, section.rotationSourceChoice.dropDown, section.sentenceSwitch] {
                XCTAssertFalse(control.isSensitive)
            }
            var applied: [DailySettings] = []
            preferences.onDailySettingsChanged = { applied.append($0) }
            section.backgroundSwitch.isOn = true
            XCTAssertTrue(section.captionSwitch.isSensitive)
            XCTAssertFalse(section.sentenceSwitch.isSensitive, "the sentence goes with the title")
            XCTAssertFalse(section.rotationSourceChoice.dropDown.isSensitive, "no rotation, nothing to draw from")
            section.captionSwitch.isOn = true
            section.sentenceSwitch.isOn = true
            section.fitChoice.value = .whole
            section.unusableChoice.value = .useFavourite
            section.rotationChoice.value = .sixHours
            XCTAssertTrue(section.rotationSourceChoice.dropDown.isSensitive)
            section.rotationSourceChoice.value = .archive
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
