import APODCore
import Foundation

/// Fills a grid of thumbnails `width` pixels wide, off the main thread, and keeps the textures
/// alive as a grid would until `release`. One instance per bench row.
final class GridLoad: @unchecked Sendable {
    /// Pictures in flight at once in the pipeline (downloading or decoding). A little above the
    /// loader's six downloads keeps both cores decoding, and bounds the compressed bytes held.
    static let window = 8

    let urls: [URL]
    let width: Int
    private let lock = NSLock()
    private var textures: [GObjectRef] = []

    init(urls: [URL], width: Int) {
        self.urls = urls
        self.width = width
    }

    /// The baseline: one picture at a time, full-size download and decode, then scale.
    func naive(client: HTTPClient) async throws {
        for url in urls {
            let response = try await client.get(url, headers: [:], maxBytes: ImageValidation.defaultMaxBytes)
            let full = try Pixbufs.decodeFull(response.body)
            let thumbnail = Pixbufs.scaled(full, width: width)
            full.release()
            keep(thumbnail)
        }
    }

    /// The pipeline: the shared loader (bounded, coalesced, disk-cached, `w=` on the CDN),
    /// decoding at size; renditions cached on disk make the next opening cheap.
    func pipeline(loader: ImageLoader) async throws {
        try await withThrowingTaskGroup(of: GObjectRef.self) { group in
            var pending = urls[...]
            for _ in 0..<Self.window {
                guard let url = pending.popFirst() else { break }
                group.addTask { try await self.thumbnail(url, loader: loader) }
            }
            for try await thumbnail in group {
                keep(thumbnail)
                if let url = pending.popFirst() {
                    group.addTask { try await self.thumbnail(url, loader: loader) }
                }
            }
        }
    }

    var count: Int { lock.withLock { textures.count } }

    func release() {
        lock.withLock {
            textures.forEach { $0.release() }
            textures = []
        }
    }

    private func thumbnail(_ url: URL, loader: ImageLoader) async throws -> GObjectRef {
        if let rendition = loader.cachedRendition(of: url, width: width),
           let pixbuf = try? Pixbufs.decode(rendition, width: width) {
            return pixbuf
        }
        let data = try await loader.imageData(from: url, for: .thumbnail(width: width))
        let pixbuf = try Pixbufs.decode(data, width: width)
        if let encoded = try? Pixbufs.jpeg(pixbuf, quality: 85) {
            loader.storeRendition(encoded, of: url, width: width)
        }
        return pixbuf
    }

    /// Turns the pixbuf into the texture a grid cell shows and keeps that.
    private func keep(_ pixbuf: GObjectRef) {
        let texture = Pixbufs.texture(pixbuf)
        pixbuf.release()
        lock.withLock { textures.append(texture) }
    }
}
