import TestSupport
import XCTest

@testable import APODCore

/// Every way the services have failed, driven through the real `apod` process: each fault must
/// end in exit 1 with one clear `apod:` line, within the time-out, never showing the API key,
/// and never be cached as if it were good (the same command succeeds once the service heals).
final class CLIFaultInjectionTests: CoreTestCase, @unchecked Sendable {
    private static let key = "MARKERKEY7Q2W9E4R"
    private var home: URL!
    private var service: FakeLegacyService!
    private var server: FakeHTTPServer!
    private var routeURL: URL!
    private let faults = FaultSwitch()

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        service = FakeLegacyService(
            entries: ["2019-01-05": LegacyFixtures.image], validKey: Self.key, today: "2026-11-28")
        let faults = self.faults
        service.override = { request in faults.current?(request) }
        (server, routeURL) = try service.start()
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String], timeout: String = "2") throws -> APODProcess.Result {
        let env = APODProcess.environment(
            home: home,
            [
                "APOD_SOURCE": "legacy", "APOD_API_URL": routeURL.absoluteString,
                "NASA_API_KEY": Self.key, "APOD_TIMEOUT": timeout,
            ])
        return try APODProcess.run(arguments, environment: env, in: home, timeout: 60)
    }

    /// Runs `show 2019-01-05` under `fault`, checks the failure, then heals and checks success.
    private func assertFault(
        _ name: String, expecting fragment: String, timeout: String = "2",
        _ fault: @escaping @Sendable (FakeRequest) -> FakeResponse?,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        faults.current = fault
        let started = Date()
        let failed = try apod(["show", "2019-01-05"], timeout: timeout)
        XCTAssertEqual(failed.status, 1, "\(name): \(failed.stdout) \(failed.stderr)", file: file, line: line)
        XCTAssertEqual(failed.stderrLines.count, 1, "\(name): \(failed.stderr)", file: file, line: line)
        XCTAssertTrue(failed.stderr.hasPrefix("apod: "), "\(name): \(failed.stderr)", file: file, line: line)
        XCTAssertTrue(failed.stderr.contains(fragment), "\(name): \(failed.stderr)", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "\(name) took too long", file: file, line: line)
        assertKeyNowhere(Self.key, in: failed, under: home, name, file: file, line: line)

        faults.current = nil
        let healed = try apod(["show", "2019-01-05", "--json"])
        XCTAssertEqual(healed.status, 0, "\(name): the fault was cached? \(healed.stderr)", file: file, line: line)
        XCTAssertTrue(healed.stdout.contains("Comet & Stars"), "\(name)", file: file, line: line)
        assertKeyNowhere(Self.key, in: healed, under: home, name, file: file, line: line)
        try? FileManager.default.removeItem(at: home.appendingPathComponent("cache"))
        // The archive index answers indexed past days without a request too.
        try? FileManager.default.removeItem(at: home.appendingPathComponent(".local/share/apod-viewer"))
    }

    func testServerErrorsWithHTMLBodies() throws {
        for status in [500, 502, 503, 504] {
            try assertFault("HTTP \(status)", expecting: "HTTP \(status)") { _ in
                .html("<html><body><h1>\(status)</h1>no healthy upstream</body></html>", status: status)
            }
        }
    }

    func testRateLimitAndRefusedKey() throws {
        try assertFault("429", expecting: "Too many requests") { _ in
            .json(LegacyFixtures.gatewayRateLimit, status: 429)
        }
        try assertFault("403", expecting: "key was refused") { _ in
            .json(LegacyFixtures.gatewayKeyInvalid, status: 403)
        }
    }

    func testConnectionLevelFaults() throws {
        try assertFault("closed without answer", expecting: "Could not reach") { _ in
            FakeResponse(fault: .closeWithoutResponse)
        }
        // Three attempts of 1 s and two jittered pauses: the message states the seconds really
        // spent (HTTPClientTimeOutMessageTests pins the figure).
        try assertFault("no answer", expecting: "did not answer within", timeout: "1") { _ in
            FakeResponse(fault: .hang)
        }
    }

    /// `random` against a service that never answers ends with its first round, as `show`
    /// does, and says the service did not answer.
    func testARandomBatchFromADeadServiceEndsWithItsFirstRound() throws {
        faults.current = { _ in FakeResponse(fault: .hang) }
        for source in ["legacy", "science"] {
            let before = server.requests.count
            let env = APODProcess.environment(
                home: home,
                [
                    "APOD_SOURCE": source, "APOD_API_URL": routeURL.absoluteString,
                    "NASA_API_KEY": Self.key, "APOD_TIMEOUT": "1",
                ])
            let dead = try APODProcess.run(["random", "--count", "5"], environment: env, in: home, timeout: 60)
            XCTAssertEqual(dead.status, 1, source)
            XCTAssertEqual(dead.stderrLines.count, 1, "\(source): \(dead.stderr)")
            XCTAssertTrue(dead.stderr.contains("did not answer within"), "\(source): \(dead.stderr)")
            XCTAssertLessThanOrEqual(
                server.requests.count - before, source == "legacy" ? 3 : 15,
                "\(source): one round of three attempts per request")
        }
    }

    func testConnectionRefused() throws {
        let closed = try FakeHTTPServer { _ in .json("{}") }
        let deadRoute = closed.baseURL.appendingPathComponent("planetary/apod").absoluteString
        closed.stop()
        let env = APODProcess.environment(
            home: home,
            [
                "APOD_SOURCE": "legacy", "APOD_API_URL": deadRoute,
                "NASA_API_KEY": Self.key, "APOD_TIMEOUT": "2",
            ])
        let started = Date()
        let refused = try APODProcess.run(["show", "2019-01-05"], environment: env, in: home, timeout: 60)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderrLines, ["apod: " + APODError.unreachable.message])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "two quick retries, then the message")
        assertKeyNowhere(Self.key, in: refused, under: home, "connection refused", file: #filePath, line: #line)
    }

    /// A range answered with an object that is no entry: broken, not "no pictures that week".
    func testRangeOfTheWrongShape() throws {
        faults.current = { request in request.query["start_date"] != nil ? .json(#"{"service_version":"v1"}"#) : nil }
        let broken = try apod(["range", "2019-01-04", "2019-01-06"])
        XCTAssertEqual(broken.status, 1, broken.stdout)
        XCTAssertEqual(broken.stderrLines, ["apod: " + APODError.malformedResponse(detail: "").message])
        faults.current = nil
        let healed = try apod(["range", "2019-01-04", "2019-01-06", "--json"])
        XCTAssertEqual(healed.status, 0, healed.stderr)
        XCTAssertTrue(healed.stdout.contains("2019-01-05"), "the broken answer was not cached as three empty days")
    }

    func testBrokenBodies() throws {
        try assertFault("truncated JSON", expecting: "could not be read") { _ in
            .json(#"{"date":"2019-01-05","title":"Com"#)
        }
        try assertFault("array of numbers instead of an object", expecting: "could not be read") { _ in
            .json("[1, 2, 3]")
        }
        try assertFault("empty array instead of an object", expecting: "could not be read") { _ in
            .json("[]")
        }
        try assertFault("a number too large for JSON", expecting: "could not be read") { _ in
            .json(#"{"date":"2019-01-05","title":42.5e400,"media_type":7}"#)
        }
        try assertFault("an array for the title", expecting: "missing its title") { _ in
            .json(#"{"date":"2019-01-05","title":["Comet"],"media_type":7}"#)
        }
        try assertFault("a number for the date", expecting: "missing its title or date") { _ in
            .json(#"{"date":20190105,"title":"Comet"}"#)
        }
        try assertFault("10 MB of JSON", expecting: "far larger answer than expected") { _ in
            .json("[" + String(repeating: "{\"a\":1},", count: 1_300_000) + "{}]")
        }
        try assertFault("truncated transfer", expecting: APODError.connectionLost.message) { _ in
            FakeResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(LegacyFixtures.image.utf8), fault: .truncateBody(after: 40))
        }
        try assertFault("slow trickle past the time-out", expecting: "did not answer", timeout: "1") { _ in
            FakeResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(LegacyFixtures.image.utf8), fault: .trickle(chunkSize: 8, interval: 0.2))
        }
    }

    func testRedirectsThatGoNowhere() throws {
        try assertFault("redirect to file:", expecting: "not a web address") { _ in
            FakeResponse(status: 302, headers: ["Location": "file:///etc/passwd"])
        }
        XCTAssertEqual(
            server.requests.filter { $0.path == FakeLegacyService.route }.count, 2,
            "a refused redirect is not retried (one failed request, one healed)")
        let loop = server.baseURL.appendingPathComponent("loop").absoluteString
        try assertFault("redirect loop", expecting: "redirected too many times") { request in
            FakeResponse(status: 302, headers: ["Location": loop])
        }
        XCTAssertEqual(
            server.requests.filter { $0.path == "/loop" }.count, HTTPClient.maxRedirects,
            "a loop is not retried")
    }

    /// Tolerated, not a fault: a number where text belongs reads as that number's text.
    func testNumberTitleIsShownAsText() throws {
        faults.current = { _ in .json(#"{"date":"2019-01-05","title":42,"media_type":"image"}"#) }
        let result = try apod(["show", "2019-01-05", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(#""title" : "42""#), result.stdout)
    }
}

/// The fault the fake service applies to the next requests (nil: behave).
final class FaultSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var fault: (@Sendable (FakeRequest) -> FakeResponse?)?

    var current: (@Sendable (FakeRequest) -> FakeResponse?)? {
        get { lock.withLock { fault } }
        set { lock.withLock { fault = newValue } }
    }
}
