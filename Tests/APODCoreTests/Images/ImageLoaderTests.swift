import TestSupport
import XCTest

@testable import APODCore

final class ImageLoaderTests: CoreTestCase, @unchecked Sendable {
    private let picture = URL(string: "https://apod.nasa.gov/apod/image/1901/a.jpg")!

    func testConcurrentRequestsForOneURLShareOneDownload() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil)
        let url = picture
        async let first = loader.imageData(from: url, for: .thumbnail(width: 200))
        async let second = loader.imageData(from: url, for: .display)
        let joined = await eventually { loader.waitingCallers(for: url, purpose: .display) == 2 }
        XCTAssertTrue(joined)
        transport.releaseAll()
        let (a, b) = try await (first, second)
        XCTAssertEqual(a, ImageBytes.jpeg())
        XCTAssertEqual(b, a)
        XCTAssertEqual(transport.downloadCount, 1)
    }

    func testCancellingOneWaiterKeepsTheDownloadForTheOther() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil)
        let url = picture
        let leaving = Task { try await loader.imageData(from: url, for: .thumbnail(width: 100)) }
        let staying = Task { try await loader.imageData(from: url, for: .thumbnail(width: 100)) }
        let joined = await eventually { loader.waitingCallers(for: url, purpose: .display) == 2 }
        XCTAssertTrue(joined)
        leaving.cancel()
        do {
            _ = try await leaving.value
            XCTFail("a cancelled caller must not get the picture")
        } catch is CancellationError {}
        transport.releaseAll()
        let data = try await staying.value
        XCTAssertEqual(data, ImageBytes.jpeg())
        XCTAssertEqual(transport.cancelledURLs, [])
        XCTAssertEqual(transport.downloadCount, 1)
    }

    func testCancellingEveryWaiterCancelsTheDownload() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil)
        let url = picture
        let tasks = (0..<2).map { _ in Task { try await loader.imageData(from: url, for: .display) } }
        // Both callers wait and the download is in the transport. Waiting for the callers alone
        // raced on a busy machine: cancelled before it reached the transport, the download
        // rightly never started, so the transport saw no cancellation (the case below).
        let joined = await eventually {
            loader.waitingCallers(for: url, purpose: .display) == 2 && transport.downloadCount == 1
        }
        XCTAssertTrue(joined)
        await cancelExpectingCancellation(tasks)
        transport.releaseAll()
        let cancelled = await eventually { transport.cancelledURLs == [url] }
        XCTAssertTrue(cancelled, "the orphaned download must be cancelled")

        // A new request afterwards starts a fresh download instead of joining the dead one.
        let again = try await loader.imageData(from: url, for: .display)
        XCTAssertEqual(again, ImageBytes.jpeg())
        XCTAssertEqual(transport.downloadCount, 2)
    }

    /// Every caller leaves while the download still waits for a slot: it never starts, and a
    /// later request starts a fresh one rather than joining the dead flight.
    func testCancellingEveryWaiterBeforeTheDownloadStartsNeverStartsIt() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil, maxConcurrentDownloads: 1)
        let other = URL(string: "https://apod.nasa.gov/apod/image/1901/other.jpg")!
        let url = picture
        let busy = Task { try await loader.imageData(from: other, for: .display) }
        let occupied = await eventually { transport.downloadCount == 1 }
        XCTAssertTrue(occupied)
        let tasks = (0..<2).map { _ in Task { try await loader.imageData(from: url, for: .display) } }
        let joined = await eventually {
            loader.waitingCallers(for: url, purpose: .display) == 2 && loader.queuedDownloads == 1
        }
        XCTAssertTrue(joined)
        await cancelExpectingCancellation(tasks)
        transport.releaseAll()
        _ = try await busy.value
        let settled = await eventually { loader.runningLoads == 0 }
        XCTAssertTrue(settled)
        XCTAssertEqual(transport.startedURLs, [other], "the orphaned download never started")

        let again = try await loader.imageData(from: url, for: .display)
        XCTAssertEqual(again, ImageBytes.jpeg())
        XCTAssertEqual(transport.startedURLs, [other, url], "a fresh download, not the dead one")
    }

    /// Cancels every waiter, each of which must end with `CancellationError`.
    private func cancelExpectingCancellation(
        _ tasks: [Task<Data, Error>], file: StaticString = #filePath, line: UInt = #line
    ) async {
        tasks.forEach { $0.cancel() }
        for task in tasks {
            do {
                _ = try await task.value
                XCTFail("expected cancellation", file: file, line: line)
            } catch is CancellationError {
            } catch {
                XCTFail("expected cancellation, got \(error)", file: file, line: line)
            }
        }
    }

    func testCancelledGridStopsQueuedDownloads() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil, maxConcurrentDownloads: 2)
        let urls = (0..<10).map { URL(string: "https://apod.nasa.gov/apod/image/1901/\($0).jpg")! }
        let grid = Task {
            try await withThrowingTaskGroup(of: Data.self) { group in
                for url in urls { group.addTask { try await loader.imageData(from: url, for: .thumbnail(width: 200)) } }
                for try await _ in group {}
            }
        }
        let started = await eventually { transport.downloadCount == 2 }
        XCTAssertTrue(started)
        grid.cancel()
        let outcome = await grid.result
        XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        transport.releaseAll()
        let settled = await eventually { loader.runningLoads == 0 }
        XCTAssertTrue(settled, "every cancelled load has ended")
        XCTAssertEqual(transport.downloadCount, 2, "queued downloads must never start once the grid is cancelled")
    }

    func testConcurrencyBoundIsRespected() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        let loader = ImageLoader(transport: transport, cache: nil, maxConcurrentDownloads: 3)
        let urls = (0..<24).map { URL(string: "https://apod.nasa.gov/apod/image/1901/\($0).jpg")! }
        try await withThrowingTaskGroup(of: Data.self) { group in
            for url in urls { group.addTask { try await loader.imageData(from: url, for: .thumbnail(width: 200)) } }
            for try await data in group { XCTAssertEqual(data, ImageBytes.jpeg()) }
        }
        XCTAssertEqual(transport.downloadCount, 24)
        XCTAssertEqual(transport.peak, 3)
    }

    func testMainPictureOvertakesQueuedThumbnails() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil, maxConcurrentDownloads: 1)
        let thumbs = (0..<4).map { URL(string: "https://apod.nasa.gov/apod/image/1901/t\($0).jpg")! }
        let main = URL(string: "https://apod.nasa.gov/apod/image/1901/main.jpg")!
        var tasks = thumbs.map { url in Task { try await loader.imageData(from: url, for: .thumbnail(width: 200)) } }
        let queued = await eventually { transport.downloadCount == 1 && loader.queuedDownloads == 3 }
        XCTAssertTrue(queued)
        tasks.append(Task { try await loader.imageData(from: main, for: .display) })
        let mainQueued = await eventually { loader.queuedDownloads == 4 }
        XCTAssertTrue(mainQueued)
        transport.releaseAll()
        for task in tasks { _ = try await task.value }
        XCTAssertEqual(transport.startedURLs.count, 5)
        XCTAssertEqual(transport.startedURLs[1], main, "the display picture goes right after the running one")
    }

    /// What a metered connection's background rotation may use: only what is already cached,
    /// without a download.
    func testCachedImageDataNeverDownloads() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        let loader = ImageLoader(transport: transport, cache: ImageDiskCache(directory: try temporaryDirectory()))
        XCTAssertNil(loader.cachedImageData(from: picture, for: .hd))
        XCTAssertEqual(transport.downloadCount, 0)
        _ = try await loader.imageData(from: picture, for: .hd)
        XCTAssertEqual(loader.cachedImageData(from: picture, for: .hd), ImageBytes.jpeg())
        XCTAssertEqual(transport.downloadCount, 1)
        XCTAssertNil(
            ImageLoader(transport: transport, cache: nil).cachedImageData(from: picture, for: .hd), "no disk cache")
    }

    func testHTMLServedAsJPEGIsRefusedWithAMessage() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.html))
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        let loader = ImageLoader(transport: transport, cache: cache)
        do {
            _ = try await loader.imageData(from: picture, for: .display)
            XCTFail("HTML must not pass as a picture")
        } catch let error as APODError {
            XCTAssertEqual(error, .notAnImage)
            XCTAssertTrue(error.message.contains("does not lead to an image"))
        }
        XCTAssertEqual(cache.totalBytes, 0, "refused bytes are never cached")
    }

    func testErrorStatusesBecomeClearErrors() async throws {
        let transport = FakeImageTransport()
        let loader = ImageLoader(transport: transport, cache: nil)
        let missing = URL(string: "https://apod.nasa.gov/apod/image/1901/missing.jpg")!
        let broken = URL(string: "https://apod.nasa.gov/apod/image/1901/broken.jpg")!
        transport.set(.init(status: 503, body: ImageBytes.html), for: broken)
        await assertThrowsAPODError(try await loader.imageData(from: missing, for: .display), .notAnImage)
        await assertThrowsAPODError(
            try await loader.imageData(from: broken, for: .display), .pictureServerError(status: 503))
    }

    func testOnlyHTTPAndHTTPSAreFetched() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        let loader = ImageLoader(transport: transport, cache: nil)
        for text in ["file:///etc/passwd", "ftp://apod.nasa.gov/a.jpg", "data:image/jpeg;base64,AAAA"] {
            await assertThrowsAPODError(
                try await loader.imageData(from: URL(string: text)!, for: .display), .unsupportedURL)
        }
        XCTAssertEqual(transport.downloadCount, 0)
    }

    func testSizeLimitIsPassedToTheTransport() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        let loader = ImageLoader(transport: transport, cache: nil, maxBytes: 1234)
        _ = try await loader.imageData(from: picture, for: .display)
        XCTAssertEqual(transport.maxBytesSeen, [1234])
    }

    func testThumbnailsFromTheScienceCDNAskForTheirWidth() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        let loader = ImageLoader(transport: transport, cache: nil)
        let cdn = URL(
            string:
                "https://assets.science.nasa.gov/dynamicimage/assets/a.jpg?w=4096&h=2731&fit=clip&crop=faces%2Cfocalpoint"
        )!
        _ = try await loader.imageData(from: cdn, for: .thumbnail(width: 480))
        _ = try await loader.imageData(from: picture, for: .thumbnail(width: 480))
        XCTAssertEqual(
            transport.startedURLs.map(\.absoluteString),
            [
                "https://assets.science.nasa.gov/dynamicimage/assets/a.jpg?w=480&fit=clip&crop=faces%2Cfocalpoint",
                picture.absoluteString,
            ])
    }

    func testSecondLoaderIsServedFromDisk() async throws {
        let directory = try temporaryDirectory()
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg(7)))
        _ = try await ImageLoader(transport: transport, cache: ImageDiskCache(directory: directory))
            .imageData(from: picture, for: .display)
        let again = try await ImageLoader(transport: transport, cache: ImageDiskCache(directory: directory))
            .imageData(from: picture, for: .display)
        XCTAssertEqual(again, ImageBytes.jpeg(7))
        XCTAssertEqual(transport.downloadCount, 1)
    }

    func testABombIsRefusedWithItsSizeAndNeverCached() async throws {
        let cache = ImageDiskCache(directory: try temporaryDirectory())
        let transport = FakeImageTransport(fallback: .init(body: ImageFaults.pngBomb(width: 60000, height: 60000)))
        do {
            _ = try await ImageLoader(transport: transport, cache: cache).imageData(from: picture, for: .display)
            XCTFail("a 60000 × 60000 picture must be refused")
        } catch let error as APODError {
            XCTAssertEqual(error, .imageTooLarge(detail: "60000 × 60000 pixels, 3600 megapixels"))
        }
        XCTAssertEqual(cache.totalBytes, 0)
    }

    /// A bomb cached before sizes were checked is not served from the cache.
    func testACachedBombIsFetchedAgain() async throws {
        let cache = ImageDiskCache(directory: try temporaryDirectory())
        cache.store(ImageFaults.pngBomb(width: 60000, height: 60000), for: picture.absoluteString)
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg(5)))
        let data = try await ImageLoader(transport: transport, cache: cache).imageData(from: picture, for: .display)
        XCTAssertEqual(data, ImageBytes.jpeg(5))
        XCTAssertEqual(transport.downloadCount, 1)
    }

    /// Pictures often come from another host than the service: failures name the picture.
    func testConnectionFailuresNameThePicturesServer() async throws {
        let cases: [(APODError, APODError)] = [
            (.unreachable, .pictureUnreachable(interrupted: false)),
            (.connectionLost, .pictureUnreachable(interrupted: true)),
            (.timedOut(seconds: 3), .timedOut(seconds: 3)),
        ]
        for (thrown, expected) in cases {
            let transport = FakeImageTransport(fallback: .init(error: thrown))
            do {
                _ = try await ImageLoader(transport: transport, cache: nil).imageData(from: picture, for: .display)
                XCTFail("\(thrown) must fail")
            } catch let error as APODError {
                XCTAssertEqual(error, expected)
                XCTAssertTrue(error.isTransient, "\(error) offers Retry")
            }
        }
        XCTAssertFalse(APODError.pictureUnreachable(interrupted: true).message.contains("APOD service"))
        XCTAssertFalse(APODError.pictureUnreachable(interrupted: false).message.contains("APOD service"))
    }

    func testTruncatedCacheFileIsFetchedAgain() async throws {
        let directory = try temporaryDirectory()
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg(3, size: 4000)))
        let loader = ImageLoader(transport: transport, cache: ImageDiskCache(directory: directory))
        _ = try await loader.imageData(from: picture, for: .display)
        let file = directory.appendingPathComponent(ImageDiskCache.fileName(for: picture.absoluteString))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 2000)
        try handle.close()

        let fresh = ImageLoader(transport: transport, cache: ImageDiskCache(directory: directory))
        let data = try await fresh.imageData(from: picture, for: .display)
        XCTAssertEqual(data, ImageBytes.jpeg(3, size: 4000))
        XCTAssertEqual(transport.downloadCount, 2)
        XCTAssertEqual(
            try Data(contentsOf: file).count, 4000 + CacheEntryFormat.headerSize, "the entry is rewritten whole")
    }
}

func assertThrowsAPODError<T>(
    _ expression: @autoclosure () async throws -> T, _ expected: APODError,
    file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        _ = try await expression()
        XCTFail("expected \(expected)", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? APODError, expected, file: file, line: line)
    }
}

extension XCTestCase {
    /// A fresh folder, removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apod-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

extension ImageLoaderTests {
    func testOfflineSamplePicturesAreReadOnlyInsideTheirFolder() async throws {
        let folder = try temporaryDirectory()
        let outside = try temporaryDirectory()
        try ImageBytes.jpeg(5).write(to: folder.appendingPathComponent("a.jpg"))
        try ImageBytes.html.write(to: folder.appendingPathComponent("page.jpg"))
        try ImageBytes.jpeg(6).write(to: outside.appendingPathComponent("secret.jpg"))
        let transport = FakeImageTransport()
        let loader = ImageLoader(transport: transport, cache: nil, localFolders: [folder])

        let data = try await loader.imageData(from: folder.appendingPathComponent("a.jpg"), for: .display)
        XCTAssertEqual(data, ImageBytes.jpeg(5))
        await assertThrowsAPODError(
            try await loader.imageData(from: folder.appendingPathComponent("page.jpg"), for: .display), .notAnImage)
        await assertThrowsAPODError(
            try await loader.imageData(from: outside.appendingPathComponent("secret.jpg"), for: .display),
            .unsupportedURL)
        let escaping = URL(fileURLWithPath: folder.path + "/../" + outside.lastPathComponent + "/secret.jpg")
        await assertThrowsAPODError(try await loader.imageData(from: escaping, for: .display), .unsupportedURL)
        await assertThrowsAPODError(
            try await ImageLoader(transport: transport, cache: nil).imageData(
                from: folder.appendingPathComponent("a.jpg"), for: .display),
            .unsupportedURL)
        XCTAssertEqual(transport.downloadCount, 0)
    }
}

extension ImageLoaderTests {
    func testMainPictureJoiningAQueuedThumbnailRaisesItsPriority() async throws {
        let transport = FakeImageTransport(fallback: .init(body: ImageBytes.jpeg()))
        transport.hold()
        let loader = ImageLoader(transport: transport, cache: nil, maxConcurrentDownloads: 1)
        let thumbs = (0..<3).map { URL(string: "https://apod.nasa.gov/apod/image/1901/t\($0).jpg")! }
        let today = URL(string: "https://apod.nasa.gov/apod/image/1901/today.jpg")!
        var tasks = thumbs.map { url in Task { try await loader.imageData(from: url, for: .thumbnail(width: 200)) } }
        let queued = await eventually { transport.downloadCount == 1 && loader.queuedDownloads == 2 }
        XCTAssertTrue(queued)
        tasks.append(Task { try await loader.imageData(from: today, for: .thumbnail(width: 200)) })
        let thumbQueued = await eventually { loader.queuedDownloads == 3 }
        XCTAssertTrue(thumbQueued)
        tasks.append(Task { try await loader.imageData(from: today, for: .display) })
        let joined = await eventually { loader.waitingCallers(for: today, purpose: .display) == 2 }
        XCTAssertTrue(joined)
        transport.releaseAll()
        for task in tasks { _ = try await task.value }
        XCTAssertEqual(transport.startedURLs.count, 4, "the display request shared the thumbnail's download")
        XCTAssertEqual(transport.startedURLs[1], today)
    }
}

extension ImageLoaderTests {
    func testRenditionsAreKeptPerWidthBesideTheOriginals() throws {
        let directory = try temporaryDirectory()
        let loader: any ImageFetching = ImageLoader(
            transport: FakeImageTransport(), cache: ImageDiskCache(directory: directory))
        XCTAssertNil(loader.cachedRendition(of: picture, width: 320))
        loader.storeRendition(ImageBytes.jpeg(9), of: picture, width: 320)
        loader.storeRendition(ImageBytes.html, of: picture, width: 640)
        XCTAssertEqual(loader.cachedRendition(of: picture, width: 320), ImageBytes.jpeg(9))
        XCTAssertNil(loader.cachedRendition(of: picture, width: 640), "non-images are not kept")
        XCTAssertNil(
            ImageLoader(transport: FakeImageTransport(), cache: ImageDiskCache(directory: directory))
                .cachedRendition(of: picture, width: 480))
        XCTAssertNotNil(
            ImageLoader(transport: FakeImageTransport(), cache: ImageDiskCache(directory: directory))
                .cachedRendition(of: picture, width: 320), "renditions survive a restart")
    }
}
