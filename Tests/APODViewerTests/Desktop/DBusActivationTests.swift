import Foundation
import TestSupport
import XCTest
@testable import APODViewer

/// The desktop file is `DBusActivatable`: the session bus starts `apod-viewer
/// --gapplication-service` from the installed service file and then asks it to activate.
/// This runs the built binary that way on the private bus `make test` starts.
final class DBusActivationTests: XCTestCase {
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
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-dbus-\(UUID().uuidString)")
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

    func testTheServiceWaitsWithoutAWindowAndOpensOneWhenActivated() throws {
        let process = Process()
        process.executableURL = try BuiltViewer.url()
        process.arguments = ["--gapplication-service", "--offline"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        viewer = process

        XCTAssertTrue(wait(5) { self.ownsName() }, "the service took its bus name")
        // A round trip through the service's own main loop: it answers, so start-up is done.
        let ping = try run(["call", "--session", "--dest", Self.id, "--object-path", Self.objectPath,
                            "--method", "org.freedesktop.DBus.Peer.Ping"])
        XCTAssertEqual(ping.status, 0, ping.output)
        XCTAssertTrue(process.isRunning, "a service stays up without a window")
        XCTAssertFalse(hasWindow(), "nothing opens before the bus asks")

        let activate = try gdbusCall("org.freedesktop.Application.Activate", ["{}"])
        XCTAssertEqual(activate.status, 0, activate.output)
        XCTAssertTrue(wait(10) { self.hasWindow() }, "Activate opened the main window")

        let quit = try gdbusCall("org.freedesktop.Application.ActivateAction", ["quit", "[]", "{}"])
        XCTAssertEqual(quit.status, 0, quit.output)
        XCTAssertTrue(wait(10) { !process.isRunning }, "app.quit ends the service")
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testTheServiceFileStartsTheViewerAsAService() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../data").standardized
        let service = try String(contentsOf: data.appendingPathComponent("\(Self.id).service.in"), encoding: .utf8)
        XCTAssertTrue(service.contains("[D-BUS Service]\nName=\(Self.id)\n"), service)
        XCTAssertTrue(service.contains("Exec=@bindir@/apod-viewer --gapplication-service\n"), service)
        let desktop = try String(contentsOf: data.appendingPathComponent("\(Self.id).desktop"), encoding: .utf8)
        XCTAssertTrue(desktop.contains("\nDBusActivatable=true\n"), desktop)
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
        let outcome = try ChildProcess.run(gdbus, arguments, timeout: 30)
        return (outcome.status, outcome.output)
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
