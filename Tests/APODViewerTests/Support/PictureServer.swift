import APODCore
import Foundation
import TestSupport

/// A loopback server for picture bytes: `…/WxH.jpg` answers a JPEG of that size (any folder,
/// so many URLs can share one size), `/slow/…` waits first, `/sample/NAME` serves the offline
/// sample's picture, anything else is a 404. `fetcher` is the `ImageFetching` test double the
/// viewer is given in place of the core's `ImageLoader`.
final class PictureServer: @unchecked Sendable {
    let server: FakeHTTPServer
    let fetcher: LoopbackFetcher

    init(slowDelay: TimeInterval = 2) throws {
        let generated = GeneratedPictures()
        server = try FakeHTTPServer { request in
            let path = request.path
            if path.hasPrefix("/sample/"),
                let data = try? Data(
                    contentsOf: Self.sampleDirectory
                        .appendingPathComponent(String(path.dropFirst("/sample/".count))))
            {
                return .data(data, contentType: "image/jpeg")
            }
            let name = path.split(separator: "/").last ?? ""
            let sizes = name.dropLast(".jpg".count).split(separator: "x").compactMap { Int($0) }
            guard sizes.count == 2, name.hasSuffix(".jpg") else {
                return .html("<h1>Not Found</h1>", status: 404)
            }
            var response = FakeResponse.data(
                generated.jpeg(width: sizes[0], height: sizes[1]), contentType: "image/jpeg")
            response.delay = path.hasPrefix("/slow/") ? slowDelay : 0
            return response
        }
        fetcher = LoopbackFetcher()
    }

    func url(_ path: String) -> URL { server.baseURL.appendingPathComponent(path) }

    static let sampleDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../data/sample/images", isDirectory: true).standardized

    /// The names of the offline sample's JPEG pictures.
    static var samplePictures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sampleDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".jpg") }.sorted()
    }

    deinit { server.stop() }
}

/// Each size is encoded once: making a 2000 px JPEG pixel by pixel is slow in debug builds.
private final class GeneratedPictures: @unchecked Sendable {
    private let lock = NSLock()
    private var bySize: [String: Data] = [:]

    func jpeg(width: Int, height: Int) -> Data {
        lock.withLock {
            let key = "\(width)x\(height)"
            if let data = bySize[key] { return data }
            let data = TestImages.jpeg(width: width, height: height)
            bySize[key] = data
            return data
        }
    }
}

/// Fetches picture bytes with the core's `HTTPClient` and records what was asked and
/// cancelled. Stands in for `ImageLoader`, which adds caching and validation on top.
final class LoopbackFetcher: ImageFetching, @unchecked Sendable {
    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }

    private let client = HTTPClient(timeout: 10, retryPolicy: .none)
    private let lock = NSLock()
    private var purposes: [URL: ImagePurpose] = [:]
    private var cancelled: [URL] = []

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        lock.withLock { purposes[url] = purpose }
        do {
            let response = try await client.get(url)
            guard response.status == 200 else { throw APODError.notAnImage }
            return response.body
        } catch {
            if Task.isCancelled {
                lock.withLock { cancelled.append(url) }
                throw CancellationError()
            }
            throw error
        }
    }

    var cancelledURLs: [URL] {
        lock.withLock { cancelled }
    }

    func purpose(for url: URL) -> ImagePurpose? {
        lock.withLock { purposes[url] }
    }
}
