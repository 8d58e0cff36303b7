import TestSupport
import XCTest

@testable import APODCore

final class HTTPClientTests: CoreTestCase, @unchecked Sendable {
    private let fast = RetryPolicy(retries: 2, baseDelay: 0.01, maxDelay: 0.02)

    func testReturnsStatusHeadersAndBody() async throws {
        let server = try FakeHTTPServer { request in
            XCTAssertEqual(request.headers["x-api-key"], "k")
            XCTAssertEqual(request.headers["user-agent"], HTTPClient.userAgent)
            return .json("{\"ok\":true}", headers: ["X-RateLimit-Remaining": "29"])
        }
        defer { server.stop() }
        let client = HTTPClient(timeout: 5, retryPolicy: fast)
        let response = try await client.get(server.baseURL.appendingPathComponent("a"), headers: ["X-Api-Key": "k"])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["x-ratelimit-remaining"], "29")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"ok\":true}")
        XCTAssertTrue(response.isSuccess)
    }

    func testRetriesServerErrorsTwiceThenReturnsLastAnswer() async throws {
        let server = try FakeHTTPServer { _ in .html("<h1>no healthy upstream</h1>", status: 503) }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL)
        XCTAssertEqual(response.status, 503)
        XCTAssertTrue(response.isHTML)
        XCTAssertEqual(server.requests.count, 3)
    }

    func testRecoversWhenARetrySucceeds() async throws {
        let counter = Counter()
        let server = try FakeHTTPServer { _ in
            counter.next() == 1 ? .html("down", status: 502) : .json("[]")
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testNeverRetriesClientErrors() async throws {
        let server = try FakeHTTPServer { _ in .json("{\"code\":400,\"msg\":\"bad\"}", status: 400) }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL)
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testRefusedConnectionIsUnreachableAfterRetries() async throws {
        let server = try FakeHTTPServer { _ in .json("{}") }
        let url = server.baseURL
        server.stop()
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: fast).get(url)
            XCTFail("expected an error")
        } catch let error as APODError {
            XCTAssertEqual(error, .unreachable)
        }
    }

    func testABodyCutMidTransferIsAConnectionLost() async throws {
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 8000),
                fault: .truncateBody(after: 1000))
        }
        defer { server.stop() }
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL)
            XCTFail("expected an error")
        } catch let error as APODError {
            XCTAssertEqual(error, .connectionLost)
            XCTAssertTrue(error.isTransient)
        }
        XCTAssertEqual(server.requests.count, 3, "retried like any dropped connection")
    }

    func testDroppedConnectionIsRetriedAndReportedUnreachable() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .closeWithoutResponse) }
        defer { server.stop() }
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL)
            XCTFail("expected an error")
        } catch let error as APODError {
            XCTAssertTrue(error.isTransient, "\(error)")
        }
        XCTAssertEqual(server.requests.count, 3)
    }

    func testHangingServerTimesOutInWholeSeconds() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        await assertOneSecondTimeOut(against: server, within: 4)
    }

    func testAnnouncedOversizedBodyIsRefused() async throws {
        let server = try FakeHTTPServer { _ in .data(Data(count: 200_000), contentType: "image/jpeg") }
        defer { server.stop() }
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL, maxBytes: 1000)
            XCTFail("expected imageTooLarge")
        } catch APODError.imageTooLarge {
        }
        XCTAssertEqual(server.requests.count, 1)
    }

    func testAnnouncedSizeIsRefusedBeforeTheBodyArrives() async throws {
        // Trickled: refused on the headers, long before the body would have finished.
        let server = try FakeHTTPServer { _ in
            FakeResponse(body: Data(count: 20_000), fault: .trickle(chunkSize: 1000, interval: 0.1))
        }
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await HTTPClient(timeout: 10, retryPolicy: fast).get(server.baseURL, maxBytes: 3000)
            XCTFail("expected imageTooLarge")
        } catch APODError.imageTooLarge {
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5, "the whole body would take 2 s")
    }

    func testSizeCapHoldsWithoutAnnouncedLength() async throws {
        let server = try FakeHTTPServer { _ in
            var response = FakeResponse(body: Data(count: 20_000), fault: .trickle(chunkSize: 1000, interval: 0.1))
            response.announcesLength = false
            return response
        }
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await HTTPClient(timeout: 10, retryPolicy: fast).get(server.baseURL, maxBytes: 3000)
            XCTFail("expected imageTooLarge")
        } catch APODError.imageTooLarge(let detail) {
            XCTAssertTrue(detail.contains("more than"), detail)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5, "the whole body would take 2 s")
    }

    func testBodyWithoutAnnouncedLengthIsReadToTheEnd() async throws {
        let server = try FakeHTTPServer { _ in
            var response = FakeResponse(body: Data(repeating: 7, count: 5000))
            response.announcesLength = false
            return response
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).get(server.baseURL, maxBytes: 6000)
        XCTAssertEqual(response.body, Data(repeating: 7, count: 5000))
    }

    func testCancellingTheTaskCancelsTheRequest() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let client = HTTPClient(timeout: 30, retryPolicy: fast)
        let task = Task { try await client.get(server.baseURL) }
        let deadline = Date().addingTimeInterval(5)
        while server.requests.isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        let started = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch is CancellationError {
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testCancellationAtAnyMomentNeverHangs() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let client = HTTPClient(timeout: 30, retryPolicy: fast)
        for attempt in 0..<40 {
            let task = Task { try await client.get(server.baseURL) }
            if attempt % 4 != 0 { try await Task.sleep(nanoseconds: UInt64(attempt) * 50_000) }
            task.cancel()
            do {
                _ = try await within(10, "cancelled request \(attempt)", task)
                XCTFail("expected cancellation")
            } catch is CancellationError {
            }
        }
    }

    func testFollowsRedirectsAndReportsFinalURL() async throws {
        let server = try FakeHTTPServer { request in
            request.path == "/old"
                ? FakeResponse(status: 301, headers: ["Location": "/new"])
                : .json("{}")
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).get(
            server.baseURL.appendingPathComponent("old"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.url.path, "/new")
    }

    func testRefusesNonWebSchemes() async throws {
        for text in ["file:///etc/passwd", "ftp://example.com/a.jpg", "data:text/plain,hi"] {
            do {
                _ = try await HTTPClient().get(URL(string: text)!)
                XCTFail("expected a refusal for \(text)")
            } catch let error as APODError {
                XCTAssertEqual(error, .unsupportedURL)
            }
        }
    }

    func testBackoffIsJitteredAndBounded() {
        let policy = RetryPolicy(retries: 2, baseDelay: 1, maxDelay: 1.6)
        for _ in 0..<50 {
            XCTAssertTrue((0.5...1.5).contains(policy.delay(beforeRetry: 1)))
            XCTAssertTrue((1.0...1.6).contains(policy.delay(beforeRetry: 2)))
        }
        XCTAssertTrue(policy.shouldRetry(status: 500))
        XCTAssertFalse(policy.shouldRetry(status: 404))
        XCTAssertFalse(policy.shouldRetry(status: 429))
    }
}

/// A thread-safe counter for handlers that answer differently on each call.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
