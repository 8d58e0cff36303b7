import XCTest

@testable import APODCore

/// `apod` and `apod-viewer` take the data folder and the source out of their arguments alike.
final class CommonArgumentsTests: CoreTestCase, @unchecked Sendable {
    func testTheDataFolderAndTheSourceAreTakenOutWhereverTheyStand() throws {
        let common = try CommonArguments(
            arguments: ["--source", "legacy", "show", "--data-dir", "/tmp/d", "--no-cache", "2020-01-01"],
            environment: ["HOME": "/home/ada"], settings: ["api_key": "saved-key"])
        XCTAssertEqual(common.dataFolder.root.path, "/tmp/d")
        XCTAssertEqual(common.configuration.kind, .legacy)
        XCTAssertEqual(common.configuration.apiKey, "saved-key", "the saved settings come under flags and environment")
        XCTAssertFalse(common.configuration.useCache)
        XCTAssertEqual(common.remaining, ["show", "2020-01-01"])
    }

    func testWithoutFlagsTheXDGDefaultsStand() throws {
        let common = try CommonArguments(
            arguments: ["--date", "2020-01-01"], environment: ["HOME": "/home/ada"], settings: [:])
        XCTAssertEqual(common.dataFolder.root.path, "/home/ada/.local/share/apod-viewer")
        XCTAssertEqual(common.configuration.kind, .science)
        XCTAssertEqual(common.remaining, ["--date", "2020-01-01"])
    }

    func testAnEmptyDataFolderIsRefused() {
        XCTAssertThrowsError(try CommonArguments(arguments: ["--data-dir", " "], environment: [:], settings: [:]))
    }
}
