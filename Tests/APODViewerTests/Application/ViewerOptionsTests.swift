import APODCore
import TestSupport
import XCTest

@testable import APODViewer

final class ViewerOptionsTests: XCTestCase {
    func testDateAndRandom() throws {
        XCTAssertEqual(try ViewerOptions.parse([]), ViewerOptions())
        XCTAssertEqual(
            try ViewerOptions.parse(["--date", "2020-12-17", "--random=12"]),
            ViewerOptions(initialDay: APODDay("2020-12-17"), randomCount: 12))
        XCTAssertEqual(try ViewerOptions.parse(["--random", "100"]).randomCount, 100)
        XCTAssertEqual(
            try ViewerOptions.parse(["--date", "1990-01-01"]).initialDay, APODDay("1990-01-01"),
            "a well-formed day outside the archive is the window's to explain, not a usage error")
    }

    func testServiceModeIsAFlagWithoutAValue() throws {
        XCTAssertTrue(try ViewerOptions.parse(["--gapplication-service"]).isService)
        XCTAssertFalse(try ViewerOptions.parse([]).isService)
        XCTAssertThrowsError(try ViewerOptions.parse(["--gapplication-service=yes"]))
    }

    func testBadValuesAreArgumentErrorsWithAMessage() {
        for arguments in [
            ["--date", "2020-02-30"], ["--date", "yesterday"], ["--date"], ["--random", "0"],
            ["--random", "101"], ["--random", "many"], ["--colour", "blue"], ["show"],
        ] {
            XCTAssertThrowsError(try ViewerOptions.parse(arguments)) { error in
                guard case .invalidArgument(let text)? = error as? APODError else {
                    return XCTFail("\(arguments): \(error)")
                }
                XCTAssertFalse(text.isEmpty)
            }
        }
    }

    func testUsageNamesEveryOption() {
        for option in [
            "--source", "--api-url", "--api-key", "--date", "--random", "--offline", "--background",
            "--data-dir", "--help", "--version", "Environment: APOD_SOURCE",
        ] {
            XCTAssertTrue(ViewerOptions.usage.contains(option), option)
        }
    }

    /// As `apod`'s: the version or the help on stdout, exit 0, wherever the flag stands and
    /// with no display (they are read before GTK starts).
    func testTheBuiltViewerPrintsItsVersionAndHelpLikeApod() throws {
        let viewer = try BuiltViewer.url()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["LANGUAGE"] = "en"
        let version = try ChildProcess.run(viewer, ["--offline", "--version"], environment: environment, timeout: 20)
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.output, "apod-viewer \(AppVersion.current)\n")
        let help = try ChildProcess.run(viewer, ["--help"], environment: environment, timeout: 20)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("Usage: apod-viewer [OPTIONS]\n\nOptions:\n"), help.output)
        XCTAssertTrue(help.output.hasSuffix("(flags win over the environment).\n"), help.output)
    }

    func testOfflineIsAFlagWithoutAValue() throws {
        XCTAssertEqual(
            try ViewerOptions.parse(["--offline", "--date", "2020-12-17"]),
            ViewerOptions(initialDay: APODDay("2020-12-17"), offline: true))
        XCTAssertFalse(try ViewerOptions.parse([]).offline)
        XCTAssertThrowsError(try ViewerOptions.parse(["--offline=yes"]))
    }
}
