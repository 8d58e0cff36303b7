import APODCore
import TestSupport
import XCTest
@testable import APODViewer

final class ViewerOptionsTests: XCTestCase {
    func testDateAndRandom() throws {
        XCTAssertEqual(try ViewerOptions.parse([]), ViewerOptions())
        XCTAssertEqual(try ViewerOptions.parse(["--date", "2020-12-17", "--random=12"]),
                       ViewerOptions(initialDay: APODDay("2020-12-17"), randomCount: 12))
        XCTAssertEqual(try ViewerOptions.parse(["--random", "100"]).randomCount, 100)
        XCTAssertEqual(try ViewerOptions.parse(["--date", "1990-01-01"]).initialDay, APODDay("1990-01-01"),
                       "a well-formed day outside the archive is the window's to explain, not a usage error")
    }

    func testServiceModeIsAFlagWithoutAValue() throws {
        XCTAssertTrue(try ViewerOptions.parse(["--gapplication-service"]).isService)
        XCTAssertFalse(try ViewerOptions.parse([]).isService)
        XCTAssertThrowsError(try ViewerOptions.parse(["--gapplication-service=yes"]))
    }

    func testBadValuesAreArgumentErrorsWithAMessage() {
        for arguments in [["--date", "2020-02-30"], ["--date", "yesterday"], ["--date"], ["--random", "0"],
                          ["--random", "101"], ["--random", "many"], ["--colour", "blue"], ["show"]] {
            XCTAssertThrowsError(try ViewerOptions.parse(arguments)) { error in
                guard case .invalidArgument(let text)? = error as? APODError else { return XCTFail("\(arguments): \(error)") }
                XCTAssertFalse(text.isEmpty)
            }
        }
    }

    func testUsageNamesEveryOption() {
        for option in ["--source", "--api-url", "--api-key", "--date", "--random", "--offline", "--version"] {
            XCTAssertTrue(ViewerOptions.usage.contains(option), option)
        }
    }

    func testOfflineIsAFlagWithoutAValue() throws {
        XCTAssertEqual(try ViewerOptions.parse(["--offline", "--date", "2020-12-17"]),
                       ViewerOptions(initialDay: APODDay("2020-12-17"), offline: true))
        XCTAssertFalse(try ViewerOptions.parse([]).offline)
        XCTAssertThrowsError(try ViewerOptions.parse(["--offline=yes"]))
    }
}

/// `apod-viewer --version` says the version `apod --version` and the metainfo's newest release
/// say, without opening a display.
final class ViewerVersionTests: XCTestCase {
    func testTheViewerReportsTheAppVersion() throws {
        let outcome = try ChildProcess.run(try BuiltViewer.url(), ["--version"], environment: ["LANG": "C.UTF-8"], timeout: 30)
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.output, "apod-viewer \(AppVersion.current)\n")
    }
}
