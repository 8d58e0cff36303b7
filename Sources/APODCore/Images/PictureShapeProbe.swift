import Foundation

/// Finds out a picture's size without downloading or decoding it: from the header of the copy
/// in the disk cache when there is one, else from the first bytes of the picture, asked for
/// with a Range request through the app's one HTTP client. A server that ignores the Range and
/// sends the whole picture is cut off at `headerCap`: the body is dropped with its connection.
///
/// Runs anywhere but the GTK main thread.
public struct PictureShapeProbe: Sendable {
    /// The most read of a picture for its header: PNG, GIF and WebP give their size in the
    /// first 30 bytes; a JPEG's frame header follows its EXIF and ICC segments, rarely past 64 KB.
    public static let headerCap = 64 * 1024

    private let client: HTTPClient?
    private let images: (any ImageFetching)?

    /// - Parameters:
    ///   - client: nil: only pictures already in the cache are read.
    ///   - images: the loader whose disk cache (and offline sample) is read first.
    public init(client: HTTPClient?, images: (any ImageFetching)?) {
        self.client = client
        self.images = images
    }

    /// What a look at one picture found, and what it cost.
    struct Finding: Equatable, Sendable {
        /// Nil: it could not be found out now (a connection failed, a server error), so worth
        /// asking again another time; `PictureShape.unusable`: asking again would not help.
        var shape: PictureShape?
        /// Body bytes received from the network (0 for a cached picture).
        var bytesRead = 0
    }

    /// The size of `entry`'s picture (a video's still), or nil when it cannot be found out now.
    public func shape(of entry: APODEntry) async -> PictureShape? {
        await find(entry).shape
    }

    func find(_ entry: APODEntry) async -> Finding {
        guard let original = WallpaperPicture.original(of: entry) else { return Finding(shape: .unusable) }
        if let images {
            for url in [original, entry.imageURL].compactMap({ $0 }) {
                if let data = images.cachedImageData(from: url, for: .hd) {
                    return Finding(shape: ImageHeader.uprightShape(of: data) ?? .unusable)
                }
            }
        }
        guard let client, WebURL.isWeb(original) else { return Finding(shape: nil) }
        return await probe(original, client: client)
    }

    private func probe(_ url: URL, client: HTTPClient) async -> Finding {
        let response: HTTPStreamedResponse
        do {
            response = try await client.stream(url, headers: ["Range": "bytes=0-\(Self.headerCap - 1)"])
        } catch {
            return Finding(shape: nil)
        }
        switch response.head.status {
        case 200, 206: break
        case 500...: return Finding(shape: nil)
        // Missing, gone, or not a picture: asking again would answer the same.
        default: return Finding(shape: .unusable)
        }
        var header = Data()
        do {
            for try await chunk in response.body {
                header.append(chunk.prefix(Self.headerCap - header.count))
                if let shape = ImageHeader.uprightShape(of: header) {
                    return Finding(shape: shape, bytesRead: header.count)
                }
                if header.count >= Self.headerCap { break }
            }
        } catch {
            return Finding(shape: ImageHeader.uprightShape(of: header), bytesRead: header.count)
        }
        return Finding(shape: ImageHeader.uprightShape(of: header) ?? .unusable, bytesRead: header.count)
    }
}
