import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// APOD's own videos go through the app's HTTP client into the bounded video cache: whole,
/// resumed with a range after a cut, refused when they are no video, and stopped at the
/// server when the day is left.
final class VideoDownloadTests: CoreTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Bytes laid out as an mp4 is (an `ftyp` box, then an `mdat` box of a counting pattern);
    /// `claiming` extra bytes makes the media box announce more than the file holds.
    private static func mp4(bytes count: Int, claiming extra: Int = 0) -> Data {
        var data = Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
        let media = UInt32(max(8, count - data.count) + extra)
        data.append(contentsOf: withUnsafeBytes(of: media.bigEndian, Array.init) + Array("mdat".utf8))
        data.append(contentsOf: (0..<max(0, count - data.count)).map { UInt8($0 % 251) })
        return data
    }

    private func download(capacity: Int64 = 100 << 20, timeout: Int = 10) -> VideoDownload {
        VideoDownload(
            client: HTTPClient(timeout: timeout, retryPolicy: .none),
            cache: VideoCache(directory: folder, capacity: capacity))
    }

    private func url(_ server: FakeHTTPServer, _ path: String = "/apod/image/2607/clip.mp4") -> URL {
        URL(string: "\(server.baseURL.absoluteString)\(path)")!
    }

    func testAVideoIsStoredWholeAndPlayedFromTheCacheNextTime() async throws {
        let video = Self.mp4(bytes: 300_000)
        let server = try FakeHTTPServer { _ in .data(video, contentType: "video/mp4") }
        defer { server.stop() }
        let videos = download()
        let file = try await videos.file(for: url(server))
        XCTAssertEqual(try Data(contentsOf: file), video)
        XCTAssertFalse(file.lastPathComponent.contains("clip"), "named by a hash, never by the address")
        XCTAssertEqual(file.pathExtension, "mp4")
        let again = try await videos.file(for: url(server))
        XCTAssertEqual(again, file)
        XCTAssertEqual(server.requests.count, 1, "the second showing needs no request")
    }

    func testACutTransferResumesWithARangeRequest() async throws {
        let video = Self.mp4(bytes: 200_000)
        let server = try FakeHTTPServer { request in
            if let range = request.headers["range"], range.hasPrefix("bytes=") {
                let start = Int(range.dropFirst("bytes=".count).prefix { $0.isNumber }) ?? 0
                var response = FakeResponse.data(video.subdata(in: start..<video.count), contentType: "video/mp4")
                response.status = 206
                response.headers["Content-Range"] = "bytes \(start)-\(video.count - 1)/\(video.count)"
                return response
            }
            var response = FakeResponse.data(video, contentType: "video/mp4")
            response.fault = .truncateBody(after: 70_000)
            return response
        }
        defer { server.stop() }
        let file = try await download().file(for: url(server))
        XCTAssertEqual(try Data(contentsOf: file), video)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(server.requests.last?.headers["range"], "bytes=70000-")
    }

    func testEachBadAnswerEndsInAVideoProblem() async throws {
        let server = try FakeHTTPServer { request in
            switch request.path {
            case "/missing.mp4": return .html("<h1>Not Found</h1>", status: 404)
            case "/page.mp4": return .html("<html><body>Welcome</body></html>", status: 200)
            case "/octets.mp4": return .data(Data("<html>not a video at all</html>".utf8), contentType: "video/mp4")
            case "/cut.mp4": return .data(Self.mp4(bytes: 5000, claiming: 100_000), contentType: "video/mp4")
            case "/huge.mp4":
                var response = FakeResponse.data(Self.mp4(bytes: 1000), contentType: "video/mp4")
                response.announcesLength = false
                response.headers["Content-Length"] = String(2 << 30)
                return response
            default: return .html("", status: 403)
            }
        }
        defer { server.stop() }
        let videos = download()
        let cases: [(String, VideoProblem)] = [
            ("/missing.mp4", .notFound), ("/page.mp4", .notAVideo), ("/octets.mp4", .notAVideo), ("/cut.mp4", .damaged),
            ("/huge.mp4", .tooLarge(megabytes: VideoDownload.maxBytes >> 20)), ("/refused.mp4", .refused(status: 403)),
        ]
        for (path, problem) in cases {
            do {
                _ = try await videos.file(for: url(server, path))
                XCTFail("\(path) gave a file")
            } catch let error as APODError {
                XCTAssertEqual(error, .videoUnplayable(problem), path)
                XCTAssertTrue(error.message.hasPrefix("This video cannot be played here: "), error.message)
            }
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        XCTAssertTrue(left.allSatisfy { $0.hasSuffix(".part") }, "nothing bad is kept as a video: \(left)")
        XCTAssertFalse(
            left.contains { $0.hasPrefix(videos.cache.file(for: url(server, "/cut.mp4")).lastPathComponent) })
    }

    func testLeavingTheDayStopsTheDownloadAtTheServer() async throws {
        let video = Self.mp4(bytes: 4_000_000)
        let server = try FakeHTTPServer { _ in .data(video, contentType: "video/mp4") }
        defer { server.stop() }
        server.profile = NetworkProfile(bytesPerSecond: 400_000)
        let started = Locked(false)
        let videos = download()
        let address = url(server)
        let task = Task.detached {
            try await videos.file(for: address) { progress in
                if progress.received > 50_000 { started.value = true }
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while !started.value, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(started.value)
        task.cancel()
        _ = try? await task.value
        try await Task.sleep(nanoseconds: 300_000_000)
        let sent = server.bytesSent
        try await Task.sleep(nanoseconds: 600_000_000)
        XCTAssertEqual(server.bytesSent, sent, "the server stopped sending once the day was left")
        XCTAssertLessThan(sent, video.count / 2)
        XCTAssertNil(videos.cache.cachedFile(for: address), "half a video is never played as a whole one")
    }

    func testTheCacheKeepsToItsCapacityLeastRecentlyPlayedFirst() async throws {
        let server = try FakeHTTPServer { request in
            .data(Self.mp4(bytes: 400_000 + request.path.count), contentType: "video/mp4")
        }
        defer { server.stop() }
        let videos = download(capacity: 1_000_000)
        let first = try await videos.file(for: url(server, "/a.mp4"))
        let second = try await videos.file(for: url(server, "/bb.mp4"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: first.path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: second.path)
        _ = videos.cache.cachedFile(for: url(server, "/a.mp4"))
        let third = try await videos.file(for: url(server, "/ccc.mp4"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.path), "played just now")
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.path), "the least recently played goes")
        XCTAssertTrue(FileManager.default.fileExists(atPath: third.path))
    }

    /// Preferences' new limit reaches every copy of the cache (the windows' downloads) and
    /// evicts at once, not at the next download or start.
    func testALowerLimitEvictsAtOnceInEveryCopyOfTheCache() async throws {
        let server = try FakeHTTPServer { request in
            .data(Self.mp4(bytes: 400_000 + request.path.count), contentType: "video/mp4")
        }
        defer { server.stop() }
        let videos = download(capacity: 10_000_000)
        let windowsCopy = videos
        let older = try await videos.file(for: url(server, "/a.mp4"))
        let newer = try await videos.file(for: url(server, "/bb.mp4"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: older.path)
        videos.cache.setCapacity(500_000)
        windowsCopy.cache.trim()
        XCTAssertEqual(windowsCopy.cache.capacity, 500_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: older.path), "the least recently played goes at once")
        XCTAssertTrue(FileManager.default.fileExists(atPath: newer.path), "what fits stays")
        videos.cache.setCapacity(100_000)
        videos.cache.trim()
        XCTAssertFalse(FileManager.default.fileExists(atPath: newer.path), "below every file, none is kept")
    }

    /// An mp4 with its index first can be opened while the rest arrives; one with its media
    /// first (the index at the end) only once whole.
    func testAFileWithItsIndexFirstOpensBeforeItEnds() async throws {
        let ftyp = Data([0, 0, 0, 0x10] + Array("ftypisom".utf8) + [0, 0, 2, 0])
        let moov = Data([0, 0, 0, 0x10] + Array("moov".utf8) + [UInt8](repeating: 1, count: 8))
        let media = Data([0, 0, 0x0F, 0xA8] + Array("mdat".utf8) + [UInt8](repeating: 2, count: 4000))
        let server = try FakeHTTPServer { request in
            .data(request.path == "/first.mp4" ? ftyp + moov + media : ftyp + media + moov, contentType: "video/mp4")
        }
        defer { server.stop() }
        server.profile = NetworkProfile(bytesPerSecond: 20_000)
        for (path, opens) in [("/first.mp4", true), ("/last.mp4", false)] {
            var early = false
            var complete: URL?
            for try await event in download().events(for: url(server, path)) {
                switch event {
                case .arriving(_, let progress, let opensEarly):
                    XCTAssertEqual(progress.expected, 4040)
                    if opensEarly { early = true }
                case .complete(let file): complete = file
                }
            }
            XCTAssertEqual(early, opens, path)
            XCTAssertEqual(try complete.map { try Data(contentsOf: $0).count }, 4040, path)
        }
    }

    func testOnlyVideoFilesPlayInTheApp() {
        XCTAssertTrue(VideoDownload.isVideoFile(URL(string: "https://apod.nasa.gov/apod/image/2607/Eclipse.mp4")!))
        XCTAssertTrue(VideoDownload.isVideoFile(URL(string: "https://apod.nasa.gov/apod/image/2603/a.WEBM")!))
        XCTAssertFalse(VideoDownload.isVideoFile(URL(string: "https://www.youtube.com/embed/abc")!))
        XCTAssertFalse(VideoDownload.isVideoFile(URL(string: "https://player.vimeo.com/video/123")!))
        XCTAssertFalse(VideoDownload.isVideoFile(URL(string: "file:///etc/clip.mp4")!))
    }

    func testTheClearedCacheFolderHoldsNoVideo() async throws {
        let root = folder!
        let server = try FakeHTTPServer { _ in .data(Self.mp4(bytes: 1000), contentType: "video/mp4") }
        defer { server.stop() }
        let videos = VideoDownload(
            client: HTTPClient(timeout: 10, retryPolicy: .none),
            cache: VideoCache(directory: VideoCache.directory(inCache: root), capacity: 1 << 20))
        _ = try await videos.file(for: url(server))
        XCTAssertGreaterThanOrEqual(CacheFolder(root: root).bytesUsed(), 1000)
        try CacheFolder(root: root).clear()
        XCTAssertEqual(CacheFolder(root: root).bytesUsed(), 0)
    }
}
