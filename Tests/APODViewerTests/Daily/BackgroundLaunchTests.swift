import Foundation
import XCTest

@testable import APODViewer

/// `apod-viewer --background` as autostart runs it: the built binary on the private session
/// bus and display `make test` provides, offline on the bundled sample.
final class BackgroundLaunchTests: ViewerProcessTestCase {
    private var lastSeen: URL { home.appendingPathComponent("data/apod-viewer/daily/last-seen") }
    private var autostart: URL { home.appendingPathComponent("config/autostart/\(Self.id).desktop") }

    private var standardError: URL { home.appendingPathComponent("stderr.txt") }

    private func launchOnSample(_ arguments: [String]) throws -> Process {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("APOD_") }
        environment["APOD_SAMPLE_DIR"] = TestConfiguration.sampleDirectory.path
        FileManager.default.createFile(atPath: standardError.path, contents: nil)
        return try launch(
            arguments, environment: environment, standardError: try FileHandle(forWritingTo: standardError))
    }

    private func saveSettings(_ text: String) throws {
        let config = home.appendingPathComponent("config/apod-viewer/config")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: config)
    }

    /// The user turned notifications on (and agreed then): the login start only runs the check.
    func testStartsWithoutAWindowKeepsRunningAndOpensOneWhenAsked() throws {
        try saveSettings("daily_notify=true\n")
        let process = try launchOnSample(["--background", "--offline"])
        XCTAssertTrue(
            wait(15) { FileManager.default.fileExists(atPath: self.lastSeen.path) }, "it looked for the picture")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: autostart.path), "a start writes no login item: only consent does")
        XCTAssertTrue(process.isRunning, "the daily picture holds the application")
        XCTAssertTrue(ownsName())
        XCTAssertFalse(hasWindow(), "no window at start")

        let activate = try gdbusCall("org.freedesktop.Application.Activate", ["{}"])
        XCTAssertEqual(activate.status, 0, activate.output)
        XCTAssertTrue(wait(10) { self.hasWindow() }, "launching it again opens the main window")

        let quit = try gdbusCall("org.freedesktop.Application.ActivateAction", ["quit", "[]", "{}"])
        XCTAssertEqual(quit.status, 0, quit.output)
        XCTAssertTrue(wait(10) { !process.isRunning })
        XCTAssertEqual(process.terminationStatus, 0)
        let notice = home.appendingPathComponent("data/apod-viewer/daily/told-running-in-background")
        XCTAssertFalse(FileManager.default.fileExists(atPath: notice.path), "quitting is not closing the last window")
    }

    func testWithBothDailyOptionsOffThereIsNothingToDo() throws {
        try saveSettings("daily_background=false\ndaily_notify=false\n")
        try FileManager.default.createDirectory(
            at: autostart.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[Desktop Entry]\nExec=apod-viewer --background\n".utf8).write(to: autostart)
        let process = try launchOnSample(["--background", "--offline"])
        XCTAssertTrue(wait(15) { !process.isRunning }, "it ends at once")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: lastSeen.path), "no check")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: autostart.path), "an earlier version's login item is removed")
        let said = try String(contentsOf: standardError, encoding: .utf8)
        XCTAssertEqual(
            said, "apod-viewer: " + DailyPictureService.nothingToDoInBackground + "\n", "why it ends, on stderr")
        XCTAssertTrue(said.contains("Preferences → Daily Picture"), said)
    }
}
