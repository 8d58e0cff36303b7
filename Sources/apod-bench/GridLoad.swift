import APODCore
import APODViewer
import Foundation
import GtkKit
import Synchronization

/// Fills a grid of thumbnails `width` pixels wide, off the main thread, and keeps the textures
/// alive as a grid would until `release`. One instance per bench row.
final class GridLoad: Sendable {
    /// Pictures in flight at once in the pipeline (downloading or decoding). A little above the
    /// loader's six downloads keeps both cores decoding, and bounds the compressed bytes held.
    static let window = 8

    let urls: [URL]
    let width: Int
    private struct Held {
        /// The naive row's textures.
        var textures: [Texture] = []
        /// The pipeline's pictures (their textures are released with them).
        var decoded: [DecodedImage] = []
    }

    private let held = Mutex(Held())

    init(urls: [URL], width: Int) {
        self.urls = urls
        self.width = width
    }

    /// The baseline: one picture at a time, full-size download and decode, then scale.
    func naive(client: HTTPClient) async throws {
        for url in urls {
            let response = try await client.get(url, headers: [:], maxBytes: ImageValidation.defaultMaxBytes)
            let thumbnail = try Pixbuf.decode(response.body).scaled(toWidth: width).texture()
            held.withLock { $0.textures.append(thumbnail) }
        }
    }

    /// The pipeline exactly as the viewer's grid runs it: `PictureLoader` over the shared
    /// `ImageLoader` (bounded, coalesced, disk-cached, `w=` on the CDN), decoding at size with
    /// `TextureDecoder` and keeping JPEG renditions for the next opening.
    func pipeline(loader: ImageLoader) async throws {
        let pictures = PictureLoader(fetcher: loader)
        let purpose = ImagePurpose.thumbnail(width: width)
        try await withThrowingTaskGroup(of: DecodedImage.self) { group in
            var pending = urls[...]
            for _ in 0..<Self.window {
                guard let url = pending.popFirst() else { break }
                group.addTask { try await pictures.picture(from: url, for: purpose) }
            }
            for try await image in group {
                held.withLock { $0.decoded.append(image) }
                if let url = pending.popFirst() {
                    group.addTask { try await pictures.picture(from: url, for: purpose) }
                }
            }
        }
    }

    var count: Int { held.withLock { $0.textures.count + $0.decoded.count } }

    func release() {
        held.withLock { $0 = Held() }
    }
}
