import Foundation
import XCTest
@testable import APODViewer

/// `apod-viewer --background` as autostart runs it: the built binary on the private session
/// bus and display `make test` provides, offline on the bundled sample.
final class BackgroundLaunchTests: XCTestCase {
    private static let id = ViewerApplication.id
    private static let objectPath = "/" + id.replacingOccurrences(of: ".", with: "/")
    private let gdbus = URL(fileURLWithPath: "/usr/bin/gdbus")
    private var home: URL!
    private var viewer: Process?

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(environment["DBUS_SESSION_BUS_ADDRESS"] == nil, "no session bus (run under dbus-run-session)")
        try XCTSkipIf(environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil, "no display (run under xvfb-run)")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: gdbus.path), "gdbus missing (libglib2.0-bin)")
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-background-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let viewer, viewer.isRunning {
            viewer.terminate()
            viewer.waitUntilExit()
        }
        if let home { try? FileManager.default.removeItem(at: home) }
        super.tearDown()
    }

    private var lastSeen: URL { home.appendingPathComponent("data/apod-viewer/daily/last-seen") }
    private var autostart: URL { home.appendingPathComponent("config/autostart/\(Self.id).desktop") }

    private func launch(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try BuiltViewer.url()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("APOD_") }
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["APOD_SAMPLE_DIR"] = TestConfiguration.sampleDirectory.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        viewer = process
        return process
    }

    func testStartsWithoutAWindowKeepsRunningAndOpensOneWhenAsked() throws {
        let process = try launch(["--background", "--offline"])
        XCTAssertTrue(wait(15) { FileManager.default.fileExists(atPath: self.lastSeen.path) }, "it looked for the picture")
        XCTAssertTrue(FileManager.default.fileExists(atPath: autostart.path), "no portal here: the autostart file")
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
    }

    func testWithBothDailyOptionsOffThereIsNothingToDo() throws {
        let config = home.appendingPathComponent("config/apod-viewer/config")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("daily_background=false\ndaily_notify=false\n".utf8).write(to: config)
        let process = try launch(["--background", "--offline"])
        XCTAssertTrue(wait(15) { !process.isRunning }, "it ends at once")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: lastSeen.path), "no check")
        XCTAssertFalse(FileManager.default.fileExists(atPath: autostart.path))
    }

    private func ownsName() -> Bool {
        let result = try? run(["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                               "--method", "org.freedesktop.DBus.NameHasOwner", Self.id])
        return result?.output.contains("true") == true
    }

    /// GtkApplication exports each application window's actions at `<path>/window/<n>`.
    private func hasWindow() -> Bool {
        let result = try? run(["introspect", "--session", "--dest", Self.id, "--object-path", Self.objectPath + "/window/1"])
        return result?.output.contains("org.gtk.Actions") == true
    }

    private func gdbusCall(_ method: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(["call", "--session", "--dest", Self.id, "--object-path", Self.objectPath, "--method", method] + arguments)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = gdbus
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func wait(_ seconds: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }
}
