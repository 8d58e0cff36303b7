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
