import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// Base for tests that run the built `apod-viewer` as a real process on the private session bus
/// and display `make test` provides, in a throw-away home, and talk to it with `gdbus`.
/// Skips without a bus, a display or gdbus; stops the viewer and removes the home afterwards.
class ViewerProcessTestCase: XCTestCase {
    static let id = ViewerApplication.id
    static let objectPath = "/" + id.replacingOccurrences(of: ".", with: "/")
    private let gdbus = URL(fileURLWithPath: "/usr/bin/gdbus")
    private(set) var home: URL!
    private var viewer: Process?

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(environment["DBUS_SESSION_BUS_ADDRESS"] == nil, "no session bus (run under dbus-run-session)")
        try XCTSkipIf(
            environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil, "no display (run under xvfb-run)")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: gdbus.path), "gdbus missing (libglib2.0-bin)")
        home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-\(type(of: self))-\(UUID().uuidString)")
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

    /// Starts the viewer with `arguments` in `environment`, its XDG folders inside `home`;
    /// its stderr goes to `standardError` when given.
    func launch(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        standardError: FileHandle? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = try BuiltViewer.url()
        process.arguments = arguments
        var environment = environment
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        // A viewer speaking Chinese asks the mirror: never the real one from a test.
        if environment["APOD_TRANSLATION_URL"] == nil {
            environment["APOD_TRANSLATION_URL"] = TestConfiguration.closedMirror.absoluteString
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = standardError ?? FileHandle.nullDevice
        try process.run()
        viewer = process
        return process
    }

    /// Whether the application's name has an owner on the bus.
    func ownsName() -> Bool {
        let result = try? gdbus([
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", Self.id,
        ])
        return result?.output.contains("true") == true
    }

    /// GtkApplication exports each application window's actions at `<path>/window/<n>`.
    func hasWindow() -> Bool {
        let result = try? gdbus([
            "introspect", "--session", "--dest", Self.id, "--object-path", Self.objectPath + "/window/1",
        ])
        return result?.output.contains("org.gtk.Actions") == true
    }

    /// Calls `method` on the application's object.
    /// - Parameter path: another object of the application (a window's actions: `<path>/window/1`).
    func gdbusCall(_ method: String, _ arguments: [String] = [], path: String = objectPath) throws -> (
        status: Int32, output: String
    ) {
        try gdbus(["call", "--session", "--dest", Self.id, "--object-path", path, "--method", method] + arguments)
    }

    func gdbus(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ChildProcess.run(gdbus, arguments, timeout: 30)
        return (outcome.status, outcome.output)
    }

    /// Polls `condition` until it holds or `seconds` pass; says whether it held.
    func wait(_ seconds: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }
}
