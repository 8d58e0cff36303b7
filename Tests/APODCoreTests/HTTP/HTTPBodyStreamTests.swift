import TestSupport
import XCTest

@testable import APODCore

/// `HTTPClient.stream`: the head as soon as it arrives, the body in chunks as they come, with
/// the cap, the deadline and cancellation holding while it is read.
final class HTTPBodyStreamTests: CoreTestCase {
    private let fast = RetryPolicy(retries: 2, baseDelay: 0.01, maxDelay: 0.02)

    func testChunksConcatenateToTheBody() async throws {
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let server = try FakeHTTPServer { _ in .data(body, contentType: "image/jpeg") }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).stream(server.baseURL, maxBytes: 1 << 20)
        XCTAssertEqual(response.head.status, 200)
        XCTAssertEqual(response.head.headers["content-type"], "image/jpeg")
        XCTAssertEqual(response.head.expectedLength, body.count)
        var received = Data()
        var chunks = 0
        for try await chunk in response.body {
            XCTAssertLessThanOrEqual(chunk.count, HTTPExchange.chunkSize)
            received.append(chunk)
            chunks += 1
        }
        XCTAssertEqual(received, body)
        XCTAssertGreaterThan(chunks, 1, "delivered in pieces, not gathered first")
    }

    /// A body that never ends can only be read if chunks are handed out as they arrive.
    func testChunksArriveBeforeTheBodyEnds() async throws {
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: Data(repeating: 0xAB, count: 1000),
                fault: .endless(interval: 0.01))
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 30, retryPolicy: .none).stream(server.baseURL)
        XCTAssertNil(response.head.expectedLength)
        var received = 0
        for try await chunk in response.body {
            XCTAssertTrue(chunk.allSatisfy { $0 == 0xAB })
            received += chunk.count
            if received >= 5000 { break }
        }
        XCTAssertGreaterThanOrEqual(received, 5000)
    }

    func testServerErrorsAreRetriedBeforeTheHead() async throws {
        let counter = Counter()
        let server = try FakeHTTPServer { _ in counter.next() < 3 ? .html("down", status: 503) : .json("[1]") }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: fast).stream(server.baseURL)
        XCTAssertEqual(response.head.status, 200)
        let body = try await response.body.collect()
        XCTAssertEqual(body, Data("[1]".utf8))
        XCTAssertEqual(server.requests.count, 3)
    }

    func testTheCapHoldsWhileStreaming() async throws {
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: Data(count: 16_384), fault: .endless(interval: 0))
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 30, retryPolicy: fast).stream(server.baseURL, maxBytes: 200_000)
        var received = 0
        do {
            for try await chunk in response.body { received += chunk.count }
            XCTFail("an endless body ended")
        } catch APODError.imageTooLarge {}
        XCTAssertLessThanOrEqual(received, 200_000)
    }

    func testCancellingTheReaderStopsTheBody() async throws {
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: Data(count: 100), fault: .endless(interval: 0.05))
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 30, retryPolicy: .none).stream(server.baseURL)
        let reader = Task {
            var received = 0
            for try await chunk in response.body { received += chunk.count }
            return received
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        reader.cancel()
        do {
            _ = try await reader.value
            XCTFail("expected cancellation")
        } catch is CancellationError {}
    }
}

/// Issue 14, item 2: a picture body that never ends must stop at the size cap (and not be
/// fetched again) or at the whole-attempt deadline.
final class HTTPClientEndlessBodyTests: CoreTestCase {
    private func endlessJPEG(interval: TimeInterval, chunk: Int) throws -> FakeHTTPServer {
        try FakeHTTPServer { _ in
            var head = Data([0xFF, 0xD8, 0xFF, 0xE0])
            head.append(Data(repeating: 0x5A, count: chunk - head.count))
            return FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: head, fault: .endless(interval: interval))
        }
    }

    func testAnEndlessBodyStopsAtTheCapAndIsNotRetried() async throws {
        let server = try endlessJPEG(interval: 0, chunk: 65_536)
        defer { server.stop() }
        do {
            _ = try await HTTPClient(timeout: 30, retryPolicy: .standard).get(server.baseURL, maxBytes: 4 << 20)
            XCTFail("an endless body ended")
        } catch let error as APODError {
            guard case .imageTooLarge(let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("more than 4.0 MB"), detail)
            XCTAssertFalse(error.isTransient)
        }
        XCTAssertEqual(server.requests.count, 1, "a body that hit the cap is not fetched again")
    }

    func testAnEndlessBodyStopsAtTheDeadline() async throws {
        // 1 KB every 10 ms: far under any cap, never silent.
        let server = try endlessJPEG(interval: 0.01, chunk: 1024)
        defer { server.stop() }
        await assertOneSecondTimeOut(against: server, within: 2.5)
    }

    func testTheImageLoaderStopsAnEndlessPictureAndCachesNothing() async throws {
        let server = try endlessJPEG(interval: 0, chunk: 65_536)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = ImageLoader(
            client: HTTPClient(timeout: 30), cache: ImageDiskCache(directory: folder),
            maxBytes: 2 << 20)
        do {
            _ = try await loader.imageData(from: server.baseURL.appendingPathComponent("endless.jpg"), for: .display)
            XCTFail("an endless picture was accepted")
        } catch APODError.imageTooLarge {}
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [], [])
    }
}
