import Foundation
import XCTest

@testable import APODCore

/// The daily picture's preferences round-trip through the preferences file.
final class DailySettingsTests: CoreTestCase {
    func testDefaultsThenSavedValuesKeepingTheOtherSettings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-daily-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SettingsStore(fileURL: folder.appendingPathComponent("config"))
        try store.save([.source: "legacy"])
        let defaults = DailySettings(store: store)
        XCTAssertFalse(defaults.setsBackground)
        XCTAssertFalse(defaults.notifies, "nothing runs in the background until the user asks")
        XCTAssertFalse(defaults.runsInBackground)

        var changed = defaults
        changed.setsBackground = true
        changed.placement = .lockScreen
        changed.notifies = true
        changed.videoDays = .keepCurrent
        changed.meteredConnections = .waitForUnmetered
        XCTAssertFalse(defaults.samePictureOnEveryScreen, "each monitor a picture that suits it")
        changed.samePictureOnEveryScreen = true
        try changed.save(to: store)
        XCTAssertEqual(DailySettings(store: store), changed)
        XCTAssertEqual(store.value(.dailySamePicture), "true")
        XCTAssertEqual(store.value(.source), "legacy")

        changed.setsBackground = false
        changed.notifies = false
        try changed.save(to: store)
        XCTAssertFalse(DailySettings(store: store).runsInBackground)
    }

    /// A monitor's stand-in comes from the favourites only when the rotation is over them.
    func testStandInsComeFromTheFavouritesWhenTheRotationIsOverThem() {
        var settings = DailySettings()
        settings.rotationSource = .favourites
        XCTAssertEqual(settings.standInPool, .archive, "no rotation: the archive's newest that suits")
        settings.rotation = .hourly
        XCTAssertEqual(settings.standInPool, .favourites)
        settings.rotationSource = .archive
        XCTAssertEqual(settings.standInPool, .archive)
    }
}
