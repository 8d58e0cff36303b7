import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// A new user's first launch, the built `apod-viewer` in an empty home against a loopback
/// service: it shows the picture, closing its window (Ctrl+W, as typed) ends the process, and
/// nothing was made to start at login.
final class FreshHomeTests: ViewerProcessTestCase {
    private let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")

    func testTheFirstLaunchQuitsWithItsWindowAndLeavesNoLoginItem() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: xdotool.path), "xdotool missing (scripts/install-deps)")
        let route = "/wp-json/wp/v2/apod-basic"
        let picture = PlainPNG.make(width: 320, height: 200, red: 20, green: 40, blue: 90)
        let pictureURL = Locked("")
        let server = try FakeHTTPServer { request in
            switch request.path {
            case route:
                return .json(
                    #"[{"date":"2026-11-29","title":"Aurora over Lake","media_type":"image","explanation":"Green curtains.","hdurl":"\#(pictureURL.value)"}]"#
                )
            case "/picture.png":
                return .data(picture, contentType: "image/png")
            default:
                return .json(#"{"code":"rest_no_route","data":{"status":404}}"#, status: 404)
            }
        }
        defer { server.stop() }
        pictureURL.value = server.baseURL.appendingPathComponent("picture.png").absoluteString

        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("APOD_") && $0.key != "NASA_API_KEY"
        }
        environment["HOME"] = home.path
        let process = try launch(
            [
                "--source", "science", "--api-url",
                server.baseURL.appendingPathComponent(String(route.dropFirst())).absoluteString,
            ],
            environment: environment)
        XCTAssertTrue(
            wait(30) { server.requests.contains { $0.path == "/picture.png" } }, "the first picture was asked for")
        XCTAssertTrue(wait(10) { self.hasWindow() }, "the main window")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(process.isRunning, "it runs while its window is open")

        let found = try ChildProcess.run(
            xdotool, ["search", "--sync", "--onlyvisible", "--pid", String(process.processIdentifier)],
            timeout: 20)
        let window = try XCTUnwrap(found.output.split(separator: "\n").last.map(String.init), found.output)
        let close = try ChildProcess.run(
            xdotool, ["windowfocus", "--sync", window, "key", "--clearmodifiers", "ctrl+w"], timeout: 20)
        XCTAssertEqual(close.status, 0, close.output)

        let ended = wait(15) { !process.isRunning }
        XCTAssertTrue(ended, "closing the last window ends the process")
        if ended { XCTAssertEqual(process.terminationStatus, 0) }
        let autostart = home.appendingPathComponent("config/autostart")
        XCTAssertFalse(FileManager.default.fileExists(atPath: autostart.path), "no login item")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent(".config/autostart").path))
        XCTAssertFalse(ownsName(), "nothing left on the bus")
    }
}
