import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// Two real `apod-viewer` processes on the test bus: the second launch's source flags reach
/// the running one, which uses them without saving the key, and the second process says so.
final class SecondLaunchTests: XCTestCase {
    private static let key = "SECONDKEY5T8Y1U"
    private var home: URL!
    private var first: Process?
    private var servers: [FakeHTTPServer] = []

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(environment["DBUS_SESSION_BUS_ADDRESS"] == nil, "no session bus (run under dbus-run-session)")
        try XCTSkipIf(
            environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil, "no display (run under xvfb-run)")
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-second-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let first, first.isRunning {
            first.terminate()
            first.waitUntilExit()
        }
        servers.forEach { $0.stop() }
        if let home { try? FileManager.default.removeItem(at: home) }
        super.tearDown()
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("APOD_") && $0.key != "NASA_API_KEY"
        }
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        environment["APOD_TIMEOUT"] = "5"
        return environment
    }

    /// A legacy service answering every day; it records the requests (and their keys).
    private func legacyService() throws -> FakeHTTPServer {
        let server = try FakeHTTPServer { request in
            .json(
                #"{"date": "2026-11-28", "title": "Sky", "explanation": "y", "media_type": "image", "service_version": "v1"}"#
            )
        }
        servers.append(server)
        return server
    }

    private func launch(_ arguments: [String], output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try BuiltViewer.url()
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    private func wait(_ seconds: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func testTheSourceFlagsOfASecondLaunchReachTheRunningViewer() throws {
        let before = try legacyService()
        let after = try legacyService()
        let route = { (server: FakeHTTPServer) in server.baseURL.appendingPathComponent("planetary/apod").absoluteString
        }
        first = try launch(["--source", "legacy", "--api-url", route(before)])
        XCTAssertTrue(wait(20) { !before.requests.isEmpty }, "the first viewer started and asked its service")

        let output = Pipe()
        let second = try launch(
            [
                "--source", "legacy", "--api-url", route(after), "--api-key", Self.key,
                "--no-cache",
            ], output: output)
        XCTAssertTrue(wait(20) { !second.isRunning }, "the second launch handed over and exited")
        if second.isRunning { second.terminate() }
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(second.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("already running: it now uses the source given here"), said)
        XCTAssertTrue(said.contains("--no-cache not applied"), said)
        XCTAssertFalse(said.contains(Self.key), said)

        XCTAssertTrue(
            wait(20) { after.requests.contains { $0.query["api_key"] == Self.key } },
            "the running viewer asked the new service with the new key")
        XCTAssertEqual(first?.isRunning, true)
        let config = home.appendingPathComponent("config/apod-viewer/config")
        let saved = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
        XCTAssertFalse(saved.contains(Self.key), "the handed-over key was written: \(saved)")
    }
}
