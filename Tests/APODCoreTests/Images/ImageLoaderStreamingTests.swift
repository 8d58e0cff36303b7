import TestSupport
import XCTest

@testable import APODCore

/// Bytes flow once: a picture reaches the chunk consumer and the disk cache while it downloads,
/// and counts only once the whole of it passed the checks.
final class ImageLoaderStreamingTests: CoreTestCase, @unchecked Sendable {
    private func loader(cache: ImageDiskCache? = nil, retryPolicy: RetryPolicy = .none) -> ImageLoader {
        ImageLoader(client: HTTPClient(timeout: 5, retryPolicy: retryPolicy), cache: cache)
    }

    func testTheConsumerHasBytesBeforeTheLastOneArrives() async throws {
        let body = ImageBytes.jpeg(size: 300_000)
        let consumer = RecordingConsumer()
        let heldUntilConsumed = Locked(false)
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: body,
                fault: .holdBody(after: 100_000) {
                    guard consumer.byteCount > 0 else { return false }
                    heldUntilConsumed.value = true
                    return true
                })
        }
        defer { server.stop() }
        let cache = ImageDiskCache(directory: try temporaryDirectory())
        let fetched = try await loader(cache: cache).imageData(
            from: server.baseURL.appendingPathComponent("slow.jpg"), for: .display, streamingTo: consumer)
        XCTAssertTrue(heldUntilConsumed.value, "the consumer saw nothing while the rest of the body was held back")
        XCTAssertTrue(fetched.streamed)
        XCTAssertEqual(fetched.data, body)
        XCTAssertEqual(consumer.bytes, body)
        XCTAssertEqual(cache.data(for: server.baseURL.appendingPathComponent("slow.jpg").absoluteString), body)
    }

    func testACutOffBodyLeavesNoCacheFileAndNameItsError() async throws {
        let body = ImageBytes.jpeg(size: 200_000)
        let server = try FakeHTTPServer { _ in
            FakeResponse(headers: ["Content-Type": "image/jpeg"], body: body, fault: .truncateBody(after: 90_000))
        }
        defer { server.stop() }
        let folder = try temporaryDirectory()
        let consumer = RecordingConsumer()
        do {
            _ = try await loader(cache: ImageDiskCache(directory: folder)).imageData(
                from: server.baseURL.appendingPathComponent("cut.jpg"), for: .display, streamingTo: consumer)
            XCTFail("a cut-off body must not count as a picture")
        } catch {
            XCTAssertEqual(error as? APODError, .pictureUnreachable(interrupted: true))
        }
        XCTAssertGreaterThan(consumer.byteCount, 0, "the consumer should have seen the bytes that came")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAPictureThatStopsShortIsDamagedAndNotCached() async throws {
        // An honest Content-Length for a file cut short on the server: only its bytes tell.
        let cut = ImageBytes.jpeg(size: 200_000).prefix(120_000)
        let server = try FakeHTTPServer { _ in .data(cut, contentType: "image/jpeg") }
        defer { server.stop() }
        let folder = try temporaryDirectory()
        let consumer = RecordingConsumer()
        do {
            _ = try await loader(cache: ImageDiskCache(directory: folder)).imageData(
                from: server.baseURL.appendingPathComponent("short.jpg"), for: .display, streamingTo: consumer)
            XCTFail("a picture stopping short must be refused")
        } catch {
            XCTAssertEqual(error as? APODError, .damagedImage)
        }
        XCTAssertEqual(consumer.bytes, Data(cut))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testABodyCutOffIsFetchedAgainFromItsFirstByte() async throws {
        let body = ImageBytes.jpeg(size: 200_000)
        let attempts = Locked(0)
        let server = try FakeHTTPServer { _ in
            attempts.value += 1
            return attempts.value == 1
                ? FakeResponse(headers: ["Content-Type": "image/jpeg"], body: body, fault: .truncateBody(after: 70_000))
                : .data(body, contentType: "image/jpeg")
        }
        defer { server.stop() }
        let cache = ImageDiskCache(directory: try temporaryDirectory())
        let consumer = RecordingConsumer()
        let url = server.baseURL.appendingPathComponent("again.jpg")
        let fetched = try await loader(cache: cache, retryPolicy: RetryPolicy(retries: 1, baseDelay: 0.01))
            .imageData(from: url, for: .display, streamingTo: consumer)
        XCTAssertEqual(attempts.value, 2)
        XCTAssertEqual(consumer.restarts, 1)
        XCTAssertTrue(fetched.streamed)
        XCTAssertEqual(consumer.bytes, body, "the consumer must hold the second attempt's bytes only")
        XCTAssertEqual(cache.data(for: url.absoluteString), body)
    }

    func testCoalescedCallersBothGetThePictureFromOneDownload() async throws {
        let body = ImageBytes.jpeg(size: 200_000)
        let url = Locked<URL?>(nil)
        let loader = loader()
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: body,
                fault: .holdBody(after: 50_000) {
                    url.value.map { loader.waitingCallers(for: $0, purpose: .display) } == 2
                })
        }
        defer { server.stop() }
        url.value = server.baseURL.appendingPathComponent("shared.jpg")
        let first = RecordingConsumer()
        let second = RecordingConsumer()
        let starter = Task { try await loader.imageData(from: url.value!, for: .display, streamingTo: first) }
        let started = await eventually { first.byteCount > 0 }
        XCTAssertTrue(started, "the first caller's download should stream")
        let joiner = Task { try await loader.imageData(from: url.value!, for: .display, streamingTo: second) }
        let (a, b) = try await (starter.value, joiner.value)
        XCTAssertEqual(a.data, body)
        XCTAssertEqual(b.data, body)
        XCTAssertTrue(a.streamed)
        XCTAssertFalse(b.streamed, "a caller that joined late saw none of the chunks")
        XCTAssertEqual(second.byteCount, 0)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testACancelledCallersConsumerIsLeftWhileTheOtherGetsThePicture() async throws {
        let body = ImageBytes.jpeg(size: 200_000)
        let loader = loader()
        let leave = Locked(false)
        let server = try FakeHTTPServer { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: body, fault: .holdBody(after: 50_000) { leave.value })
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("left.jpg")
        let first = RecordingConsumer()
        let starter = Task { try await loader.imageData(from: url, for: .display, streamingTo: first) }
        let streaming = await eventually { first.byteCount > 0 }
        XCTAssertTrue(streaming)
        let joiner = Task { try await loader.imageData(from: url, for: .display) }
        let joined = await eventually { loader.waitingCallers(for: url, purpose: .display) == 2 }
        XCTAssertTrue(joined)
        starter.cancel()
        let left = await eventually { loader.waitingCallers(for: url, purpose: .display) == 1 }
        XCTAssertTrue(left)
        let seenWhenLeaving = first.byteCount
        leave.value = true
        let data = try await joiner.value
        XCTAssertEqual(data, body)
        XCTAssertEqual(first.byteCount, seenWhenLeaving, "a caller that left must not be fed any more")
        await assertThrowsCancellation(try await starter.value)
    }
}

/// Records what a loader hands over, as the viewer's decoder would receive it.
final class RecordingConsumer: ImageChunkConsumer, @unchecked Sendable {
    private let lock = NSLock()
    private var received = Data()
    private var restartCount = 0

    func consume(_ chunk: Data) async {
        lock.withLock { received.append(chunk) }
    }

    func restart() {
        lock.withLock {
            received = Data()
            restartCount += 1
        }
    }

    var bytes: Data { lock.withLock { received } }
    var byteCount: Int { lock.withLock { received.count } }
    var restarts: Int { lock.withLock { restartCount } }
}

private func assertThrowsCancellation<T>(
    _ expression: @autoclosure () async throws -> T,
    file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        _ = try await expression()
        XCTFail("expected a cancellation", file: file, line: line)
    } catch {
        XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
    }
}
