import TestSupport
import XCTest

@testable import APODCore

/// The loader with the real `HTTPClient` against the loopback server.
final class ImageLoaderHTTPTests: CoreTestCase, @unchecked Sendable {
    private func loader(
        cache: ImageDiskCache? = nil, concurrency: Int = ImageLoader.defaultConcurrency,
        maxBytes: Int = ImageValidation.defaultMaxBytes,
        resizingHosts: Set<String> = [ImageSizing.resizingHost]
    ) -> ImageLoader {
        ImageLoader(
            client: HTTPClient(timeout: 5, retryPolicy: .none), cache: cache,
            maxConcurrentDownloads: concurrency, maxBytes: maxBytes, resizingHosts: resizingHosts)
    }

    func testTwoRequestsOneDownload() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(body: ImageBytes.jpeg(), delay: 0.3) }
        defer { server.stop() }
        let loader = loader()
        let url = server.baseURL.appendingPathComponent("apod/image/a.jpg")
        async let first = loader.imageData(from: url, for: .thumbnail(width: 200))
        async let second = loader.imageData(from: url, for: .display)
        let (a, b) = try await (first, second)
        XCTAssertEqual(a, ImageBytes.jpeg())
        XCTAssertEqual(b, a)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testHTMLServedAsJPEGIsRefused() async throws {
        let server = try FakeHTTPServer { _ in .data(ImageBytes.html, contentType: "image/jpeg") }
        defer { server.stop() }
        let cache = ImageDiskCache(directory: try temporaryDirectory())
        do {
            _ = try await loader(cache: cache).imageData(
                from: server.baseURL.appendingPathComponent("a.jpg"), for: .display)
            XCTFail("HTML must be refused")
        } catch let error as APODError {
            XCTAssertEqual(error, .notAnImage)
            XCTAssertFalse(error.message.isEmpty)
        }
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testSizeLimitHoldsWhileDownloading() async throws {
        let big = ImageBytes.jpeg(size: 200_000)
        let server = try FakeHTTPServer { _ in .data(big, contentType: "image/jpeg") }
        defer { server.stop() }
        await assertThrowsAPODErrorKind(
            try await loader(maxBytes: 50_000).imageData(
                from: server.baseURL.appendingPathComponent("big.jpg"), for: .hd)
        ) { if case .imageTooLarge = $0 { return true } else { return false } }
    }

    func testTruncatedDownloadIsNeitherReturnedNorCached() async throws {
        let body = ImageBytes.jpeg(size: 20_000)
        let server = try FakeHTTPServer { request in
            request.query["attempt"] == "2"
                ? .data(body, contentType: "image/jpeg")
                : FakeResponse(headers: ["Content-Type": "image/jpeg"], body: body, fault: .truncateBody(after: 5000))
        }
        defer { server.stop() }
        let cache = ImageDiskCache(directory: try temporaryDirectory())
        let cut = URL(string: server.baseURL.absoluteString + "/a.jpg?attempt=1")!
        do {
            _ = try await loader(cache: cache).imageData(from: cut, for: .display)
            XCTFail("a cut-off body must not count as a picture")
        } catch {
            XCTAssertEqual(error as? APODError, .pictureUnreachable(interrupted: true))
        }
        XCTAssertEqual(cache.totalBytes, 0)
        let whole = URL(string: server.baseURL.absoluteString + "/a.jpg?attempt=2")!
        let data = try await loader(cache: cache).imageData(from: whole, for: .display)
        XCTAssertEqual(data, body)
    }

    func testAPictureServerThatIsDownIsNamedAsSuch() async throws {
        let server = try FakeHTTPServer { _ in .data(ImageBytes.jpeg(), contentType: "image/jpeg") }
        let url = server.baseURL.appendingPathComponent("gone.jpg")
        server.stop()
        do {
            _ = try await loader().imageData(from: url, for: .display)
            XCTFail("a stopped server cannot answer")
        } catch {
            XCTAssertEqual(error as? APODError, .pictureUnreachable(interrupted: false))
        }
    }

    /// A picture host's 5xx and 429 name the picture's server (no key, maybe a CDN); 5xx is
    /// retried and offers Retry, 429 is neither retried nor offered again at once.
    func testAPictureServersErrorsAreNamedAsItsOwn() async throws {
        let retrying = HTTPClient(timeout: 5, retryPolicy: RetryPolicy(retries: 2, baseDelay: 0.01, maxDelay: 0.02))
        let cases: [(Int, APODError, Int)] = [
            (503, .pictureServerError(status: 503), 3),
            (500, .pictureServerError(status: 500), 3),
            (429, .pictureRateLimited, 1),
        ]
        for (status, expected, attempts) in cases {
            let server = try FakeHTTPServer { _ in .html("<h1>\(status)</h1>", status: status) }
            defer { server.stop() }
            do {
                _ = try await ImageLoader(client: retrying, cache: nil)
                    .imageData(from: server.baseURL.appendingPathComponent("a.jpg"), for: .display)
                XCTFail("HTTP \(status) must fail")
            } catch let error as APODError {
                XCTAssertEqual(error, expected)
                XCTAssertEqual(error.isTransient, status >= 500, "HTTP \(status): Retry")
                XCTAssertFalse(error.message.contains("APOD service"), error.message)
                XCTAssertFalse(error.message.contains("API key"), error.message)
            }
            XCTAssertEqual(server.requests.count, attempts, "HTTP \(status): attempts")
        }
    }

    func testTruncatedCacheFileIsFetchedAgain() async throws {
        let body = ImageBytes.jpeg(size: 20_000)
        let server = try FakeHTTPServer { _ in .data(body, contentType: "image/jpeg") }
        defer { server.stop() }
        let directory = try temporaryDirectory()
        let url = server.baseURL.appendingPathComponent("a.jpg")
        _ = try await loader(cache: ImageDiskCache(directory: directory)).imageData(from: url, for: .display)
        let file = directory.appendingPathComponent(ImageDiskCache.fileName(for: url.absoluteString))
        try Data(try Data(contentsOf: file).prefix(10_000)).write(to: file)

        let data = try await loader(cache: ImageDiskCache(directory: directory)).imageData(from: url, for: .display)
        XCTAssertEqual(data, body)
        XCTAssertEqual(server.requests.count, 2)
        let third = try await loader(cache: ImageDiskCache(directory: directory)).imageData(from: url, for: .display)
        XCTAssertEqual(third, body)
        XCTAssertEqual(server.requests.count, 2, "the rewritten entry is whole again")
    }

    func testWidthAskedOnlyFromResizingHosts() async throws {
        let server = try FakeHTTPServer { _ in .data(ImageBytes.jpeg(), contentType: "image/jpeg") }
        defer { server.stop() }
        let url = URL(string: server.baseURL.absoluteString + "/dynamicimage/a.jpg?w=4096&h=2731&fit=clip")!
        _ = try await loader(resizingHosts: ["127.0.0.1"]).imageData(from: url, for: .thumbnail(width: 320))
        _ = try await loader().imageData(from: url, for: .thumbnail(width: 320))
        let queries = server.requests.map(\.query)
        XCTAssertEqual(queries.count, 2)
        XCTAssertEqual(queries[0]["w"], "320")
        XCTAssertNil(queries[0]["h"])
        XCTAssertEqual(queries[0]["fit"], "clip")
        XCTAssertEqual(queries[1]["w"], "4096", "hosts that do not resize get the URL unchanged")
        XCTAssertEqual(queries[1]["h"], "2731")
    }

    func testCancellingStopsAHangingDownload() async throws {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let loader = loader()
        let url = server.baseURL.appendingPathComponent("slow.jpg")
        let task = Task { try await loader.imageData(from: url, for: .display) }
        let arrived = await eventually { server.requests.count == 1 }
        XCTAssertTrue(arrived)
        let start = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch is CancellationError {}
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testConcurrencyBoundHoldsOnTheWire() async throws {
        let arrivals = ArrivalLog()
        let server = try FakeHTTPServer { _ in
            arrivals.record()
            return FakeResponse(headers: ["Content-Type": "image/jpeg"], body: ImageBytes.jpeg(), delay: 0.25)
        }
        defer { server.stop() }
        let loader = loader(concurrency: 3)
        let urls = (0..<9).map { server.baseURL.appendingPathComponent("\($0).jpg") }
        try await withThrowingTaskGroup(of: Data.self) { group in
            for url in urls { group.addTask { try await loader.imageData(from: url, for: .thumbnail(width: 100)) } }
            for try await _ in group {}
        }
        let times = arrivals.times
        XCTAssertEqual(times.count, 9)
        // With three slots, the fourth request can only arrive once a first answer is back.
        XCTAssertGreaterThan(times[3].timeIntervalSince(times[0]), 0.2)
        XCTAssertLessThan(times[2].timeIntervalSince(times[0]), 0.2, "three run at once")
    }
}

private final class ArrivalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [Date] = []

    func record() { lock.withLock { log.append(Date()) } }

    var times: [Date] { lock.withLock { log.sorted() } }
}

func assertThrowsAPODErrorKind<T>(
    _ expression: @autoclosure () async throws -> T, _ matches: (APODError) -> Bool,
    file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        _ = try await expression()
        XCTFail("expected an error", file: file, line: line)
    } catch let error as APODError {
        XCTAssertTrue(matches(error), "unexpected \(error)", file: file, line: line)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
}
