import TestSupport
import XCTest

@testable import APODCore

/// The client against servers that misbehave on purpose: trickling past the time-out,
/// redirecting out of the web or in circles, sending far too much metadata.
final class HTTPClientFaultTests: CoreTestCase, @unchecked Sendable {
    func testTrickleIsStoppedByTheWholeAttemptDeadline() async throws {
        // 8 bytes every 0.2 s: never silent long enough for an idle time-out, 4 s in all.
        let server = try FakeHTTPServer { _ in
            FakeResponse(body: Data(count: 160), fault: .trickle(chunkSize: 8, interval: 0.2))
        }
        defer { server.stop() }
        await assertOneSecondTimeOut(against: server, within: 2.5)
    }

    /// A head that never ends (endless headers, or one header line with no end): the answer
    /// could not be read, said at once and not asked again (was "Could not reach the APOD
    /// service", three times over).
    func testAHeadThatNeverEndsIsAnUnreadableAnswerNotRetried() async throws {
        for line in ["X-Filler: \(String(repeating: "f", count: 90))\r\n", "a"] {
            let server = try FakeHTTPServer { _ in FakeResponse(fault: .endlessHead(line: line)) }
            defer { server.stop() }
            await assertMalformed {
                try await HTTPClient(timeout: 10, retryPolicy: RetryPolicy(retries: 2, baseDelay: 0.01, maxDelay: 0.02))
                    .getMetadata(server.baseURL)
            }
            XCTAssertEqual(server.requests.count, 1, "not retried")
        }
        XCTAssertEqual(
            APODError.malformedResponse(detail: "").message,
            "The APOD service sent a response that could not be read. Try again later.")
    }

    func testTimedOutAttemptsAreRetried() async throws {
        let server = try FakeHTTPServer { _ in
            FakeResponse(body: Data(count: 160), fault: .trickle(chunkSize: 8, interval: 0.2))
        }
        defer { server.stop() }
        let fast = RetryPolicy(retries: 1, baseDelay: 0.01, maxDelay: 0.02)
        do {
            _ = try await HTTPClient(timeout: 1, retryPolicy: fast).get(server.baseURL)
            XCTFail("expected a time-out")
        } catch APODError.timedOut {}
        XCTAssertEqual(server.requests.count, 2)
    }

    func testAFastAnswerIsNotCutByTheDeadline() async throws {
        let server = try FakeHTTPServer { _ in
            FakeResponse(body: Data(count: 64), fault: .trickle(chunkSize: 16, interval: 0.05))
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 1, retryPolicy: .none).get(server.baseURL)
        XCTAssertEqual(response.body.count, 64)
    }

    func testRedirectOutOfTheWebIsRefusedWithoutRetry() async throws {
        for location in ["file:///etc/passwd", "ftp://example.com/a.json", "data:text/plain,hi"] {
            let server = try FakeHTTPServer { _ in FakeResponse(status: 302, headers: ["Location": location]) }
            defer { server.stop() }
            do {
                _ = try await HTTPClient(timeout: 5, retryPolicy: .standard).get(server.baseURL)
                XCTFail("expected a refusal for \(location)")
            } catch let error as APODError {
                XCTAssertEqual(error, .redirectRefused, location)
                XCTAssertFalse(error.isTransient)
            }
            XCTAssertEqual(server.requests.count, 1, location)
        }
    }

    func testRedirectLoopSaysSoWithoutRetry() async throws {
        let server = try FakeHTTPServer { request in
            FakeResponse(status: 302, headers: ["Location": request.path == "/a" ? "/b" : "/a"])
        }
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: .standard).get(server.baseURL.appendingPathComponent("a"))
            XCTFail("expected a refusal")
        } catch let error as APODError {
            XCTAssertEqual(error, .tooManyRedirects)
            XCTAssertTrue(error.message.contains("redirected too many times"), error.message)
        }
        XCTAssertEqual(server.requests.count, HTTPClient.maxRedirects + 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    func testAShortHonestRedirectChainIsFollowed() async throws {
        let server = try FakeHTTPServer { request in
            guard let hop = Int(request.path.dropFirst()), hop < 3 else { return .json("{}") }
            return FakeResponse(status: 302, headers: ["Location": "/\(hop + 1)"])
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: .none).get(
            server.baseURL.appendingPathComponent("0"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.url.path, "/3")
    }

    func testOversizedMetadataIsAResponseProblemNotAPictureProblem() async throws {
        let server = try FakeHTTPServer { _ in .json("[" + String(repeating: "{},", count: 1_500_000) + "{}]") }
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: .none).getMetadata(server.baseURL)
            XCTFail("expected a refusal")
        } catch let error as APODError {
            guard case .responseTooLarge = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("larger answer than expected"), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }
}

/// The time-out message after retries: it must state the time really spent, not one attempt's.
final class HTTPClientTimeOutMessageTests: CoreTestCase {
    func testTheTimeOutStatesTheTotalOfEveryAttempt() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let policy = RetryPolicy(retries: 2, baseDelay: 0.3, maxDelay: 0.3)
        let started = Date()
        do {
            _ = try await HTTPClient(timeout: 1, retryPolicy: policy).get(server.baseURL)
            XCTFail("expected a time-out")
        } catch APODError.timedOut(let seconds) {
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertEqual(server.requests.count, 3)
            XCTAssertGreaterThanOrEqual(elapsed, 3)
            XCTAssertLessThanOrEqual(Double(seconds), elapsed, "never more than the time spent")
            XCTAssertGreaterThan(Double(seconds), elapsed - 1, "the whole time, not one attempt's")
            XCTAssertTrue(APODError.timedOut(seconds: seconds).message.contains("within \(seconds) seconds"))
        }
    }
}
