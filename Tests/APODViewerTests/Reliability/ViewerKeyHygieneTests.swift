import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The viewer with a marker API key, through every error path the legacy service can take
/// (some of them echoing the key back): the key must appear in no window text, no output on
/// stdout or stderr (GLib warnings included), and no cache file name or content.
final class ViewerKeyHygieneTests: GUITestCase, @unchecked Sendable {
    private static let key = "MARKERKEY3V6B9N2M"
    private var service: FakeHTTPServer?
    private var home: URL!
    private let fault = Fault()

    /// The answer the fake legacy service gives next.
    private final class Fault: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (@Sendable (FakeRequest) -> FakeResponse)?
        var current: (@Sendable (FakeRequest) -> FakeResponse)? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-viewer-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() {
        service?.stop()
        super.tearDown()
        // nil when setUp skipped (no display): the suite must skip, not crash.
        if let home { try? FileManager.default.removeItem(at: home) }
    }

    /// Faults named after what they test; the key shows up in several bodies on purpose.
    private static let faults: [(String, @Sendable (FakeRequest) -> FakeResponse)] = [
        (
            "key refused, echoed",
            { _ in
                .json(
                    #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied: \#(key)"}}"#,
                    status: 403)
            }
        ),
        (
            "bad request, echoed",
            { _ in
                .json(
                    #"{"code":400,"msg":"Bad Request: api_key \#(key) is not valid here","service_version":"v1"}"#,
                    status: 400)
            }
        ),
        (
            "rate limit",
            { _ in
                .json(
                    #"{"error":{"code":"OVER_RATE_LIMIT","message":"You have exceeded your rate limit."}}"#, status: 429
                )
            }
        ),
        (
            "HTML outage quoting the URL",
            { request in .html("<html>upstream error for \(request.target)</html>", status: 502) }
        ),
        ("malformed JSON with the key", { _ in .json(#"{"date":"2019-01-05","title":"\#(key)"#) }),
        ("time-out", { _ in FakeResponse(fault: .hang) }),
        ("dropped", { _ in FakeResponse(fault: .closeWithoutResponse) }),
        (
            "redirect to file:",
            { _ in FakeResponse(status: 302, headers: ["Location": "file:///etc/passwd?api_key=\(key)"]) }
        ),
    ]

    /// Runs `body` with stdout and stderr going to a file, and returns what was written.
    private func capturingOutput(_ body: () throws -> Void) rethrows -> String {
        let file = home.appendingPathComponent("output.txt")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        fflush(nil)
        let saved = (dup(1), dup(2))
        let sink = open(file.path, O_WRONLY)
        dup2(sink, 1)
        dup2(sink, 2)
        close(sink)
        defer {
            fflush(nil)
            dup2(saved.0, 1)
            dup2(saved.1, 2)
            close(saved.0)
            close(saved.1)
        }
        try body()
        fflush(nil)
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    func testNoErrorPathShowsPrintsOrStoresTheKey() throws {
        let fault = self.fault
        let server = try FakeHTTPServer { request in
            guard let answer = fault.current else {
                return .json(#"{"code":404,"msg":"No data available","service_version":"v1"}"#, status: 404)
            }
            return answer(request)
        }
        service = server
        let cache = home.appendingPathComponent("cache")
        let (configuration, _) = try SourceConfiguration.resolve(
            arguments: [
                "--source", "legacy", "--api-url",
                server.baseURL.appendingPathComponent("planetary/apod").absoluteString,
                "--api-key", Self.key, "--cache-dir", cache.path,
            ],
            environment: ["APOD_TIMEOUT": "1"])
        let client = configuration.makeHTTPClient()
        var seen: [String] = []
        let output = try capturingOutput {
            try MainActor.assumeIsolated {
                try start(
                    source: configuration.makeSource(client: client, calendar: calendar),
                    fetcher: configuration.makeImageLoader(client: client))
                let main = try XCTUnwrap(app.mainWindow)
                app.showRandom(count: 3)
                let grid = try XCTUnwrap(app.randomView)
                for (index, (name, answer)) in Self.faults.enumerated() {
                    fault.current = answer
                    main.show(day: APODDay("2019-01-05")!.adding(days: index))
                    grid.shuffleButton.activate()
                    waitUntil("\(name): both windows show the error", timeout: 20) {
                        main.failureMessage != nil && grid.stack.state == .error
                    }
                    seen.append(main.failureMessage ?? "")
                    let leaks = WindowText.all().filter { $0.contains(Self.key) }
                    XCTAssertEqual(leaks, [], "\(name): the key is on screen")
                }
            }
        }
        print("viewer key hygiene: \(Self.faults.count) error paths, messages: \(Set(seen).count) distinct")
        XCTAssertEqual(Set(seen).count, Self.faults.count, "every fault has its own message: \(seen)")
        XCTAssertFalse(output.contains(Self.key), "the key reached stdout or stderr")
        try assertKeyInNoFile(under: home)
    }

    /// The real `apod-viewer` process, run for a moment against a service that refuses the key
    /// and echoes it, and once with a bad option next to the key.
    func testTheViewerProcessPrintsAndStoresNoKey() throws {
        let viewer = try BuiltViewer.url()
        let server = try FakeHTTPServer { _ in
            .json(
                #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied: \#(Self.key)"}}"#,
                status: 403)
        }
        service = server
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("APOD_") && $0.key != "NASA_API_KEY"
        }
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        environment["NASA_API_KEY"] = Self.key
        let route = server.baseURL.appendingPathComponent("planetary/apod").absoluteString
        let running = try Self.run(
            viewer, ["--source", "legacy", "--api-url", route, "--random", "4"], environment, for: 4)
        XCTAssertGreaterThan(server.requests.count, 0, "the viewer asked the service: \(running)")
        XCTAssertFalse(running.contains(Self.key), "the running viewer printed the key")
        let refused = try Self.run(viewer, ["--api-key", Self.key, "--date", "banana"], environment, for: 10)
        XCTAssertTrue(refused.contains("apod-viewer:"), refused)
        XCTAssertFalse(refused.contains(Self.key), "the usage error printed the key")
        try assertKeyInNoFile(under: home)
    }

    private func assertKeyInNoFile(under folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var checked = 0
        while let url = files?.nextObject() as? URL {
            XCTAssertFalse(
                url.lastPathComponent.contains(Self.key), "key in a file name: \(url.path)", file: file, line: line)
            if let data = try? Data(contentsOf: url) {
                checked += 1
                XCTAssertNil(data.range(of: Data(Self.key.utf8)), "key inside \(url.path)", file: file, line: line)
            }
        }
        XCTAssertGreaterThan(checked, 0, "some files were written and checked", file: file, line: line)
    }

    /// Runs `binary`, ends it after `seconds` if still running, and returns stdout and stderr.
    private static func run(
        _ binary: URL, _ arguments: [String], _ environment: [String: String],
        for seconds: TimeInterval
    ) throws -> String {
        try ChildProcess.run(binary, arguments, environment: environment, timeout: seconds).output
    }
}
