import APODCore
import Foundation
import GtkKit

/// Decodes a picture while the core's loader downloads it: each chunk goes to a
/// GdkPixbufLoader on `queue`'s threads as it arrives, so by the last byte most of the
/// decoding is done. What it decoded counts only when the loader says the bytes were the
/// picture (`FetchedImage.streamed`); otherwise it is dropped and the bytes decoded whole.
///
/// Sizes are chosen as `TextureDecoder.decode` chooses them, and `finish` throws the same
/// errors, so a picture looks and fails the same however its bytes came.
final class StreamingTextureDecoder: ImageChunkConsumer, @unchecked Sendable {
    private let maxSize: Int?
    private let box: PixelSize?
    private let queue: DecodeQueue?
    /// Guards `decoder`: chunks arrive one after another, but `restart` and the tests'
    /// look-ups come from other threads.
    private let lock = NSLock()
    private var decoder: PixbufStreamDecoder?

    /// A decoder at most `maxSize` pixels on its long side fitting `box` (nil: full size).
    /// With a `queue`, `consume` decodes there; without one, on the calling thread.
    init(maxSize: Int?, fitting box: PixelSize? = nil, queue: DecodeQueue? = nil) {
        self.maxSize = maxSize
        self.box = box
        self.queue = queue
        decoder = makeDecoder()
    }

    func consume(_ chunk: Data) async {
        guard let queue else { return write(chunk) }
        try? await queue.run { [self] in write(chunk) }
    }

    func restart() {
        lock.withLock { decoder = makeDecoder() }
    }

    /// Bytes decoded so far, and whether the picture's header has been read (for tests that
    /// check decoding started before the download ended).
    var progress: (bytes: Int, headerRead: Bool) {
        lock.withLock { (decoder?.byteCount ?? 0, decoder?.headerSize != nil) }
    }

    /// Feeds `data` on the calling thread.
    func write(_ data: Data) {
        lock.withLock { decoder?.write(data) }
    }

    /// The picture. Call it off the main thread once the last byte has been consumed.
    ///
    /// - Throws: `APODError.imageTooLarge` over `TextureDecoder.maxPixels`;
    ///   `APODError.notAnImage` for bytes GdkPixbuf cannot read.
    func finish() throws -> DecodedImage {
        try lock.withLock {
            guard let decoder else { throw APODError.notAnImage }
            do {
                let texture = try decoder.finish()
                let original = decoder.headerSize ?? (texture.width, texture.height)
                return DecodedImage(texture: texture, originalWidth: original.width, originalHeight: original.height)
            } catch PixbufDecodingError.refused(let width, let height) {
                throw APODError.pictureTooLarge(width: width, height: height)
            } catch {
                throw APODError.notAnImage
            }
        }
    }

    /// The size is chosen during a loader write, or while a decoder dropped unfinished closes
    /// its loader, so the choice captures nothing of `self`.
    private func makeDecoder() -> PixbufStreamDecoder? {
        let (maxSize, box) = (maxSize, box)
        return try? PixbufStreamDecoder { width, height in
            guard width * height <= TextureDecoder.maxPixels else { return nil }
            return TextureDecoder.fittedSize(width: width, height: height, longSide: maxSize, box: box)
        }
    }
}
