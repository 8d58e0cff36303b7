import APODCore
import Foundation
import GtkKit

/// Decodes a picture while the core's loader downloads it: chunks are handed to a
/// GdkPixbufLoader on `queue`'s threads as they arrive, so by the last byte most of the
/// decoding is done. What it decoded counts only when the loader says the bytes were the
/// picture (`FetchedImage.streamed`); otherwise it is dropped and the bytes decoded whole.
///
/// `consume` never waits for decoding: the download goes on at the network's pace, and the
/// chunks wait (not copied) until a decode thread is free for this picture's `ticket`.
/// Sizes are chosen as `TextureDecoder.decode` chooses them, and `finish` throws the same
/// errors, so a picture looks and fails the same however its bytes came.
final class StreamingTextureDecoder: ImageChunkConsumer, @unchecked Sendable {
    /// This picture's place on the decode queue, taken when it was asked for.
    let ticket: DecodeQueue.Ticket?
    private let maxSize: Int?
    private let box: PixelSize?
    private let queue: DecodeQueue?
    /// Held while the loader is fed or finished, and taken before `lock`, so chunks reach it
    /// in order whichever thread feeds it.
    private let decoding = NSLock()
    private var decoder: PixbufStreamDecoder?
    /// Guards the chunks not yet decoded and whether a drain job is queued.
    private let lock = NSLock()
    private var pending: [Data] = []
    private var draining = false

    /// A decoder at most `maxSize` pixels on its long side fitting `box` (nil: full size).
    /// With a `queue`, chunks are decoded there; without one, `write` decodes on the caller's thread.
    init(maxSize: Int?, fitting box: PixelSize? = nil, queue: DecodeQueue? = nil) {
        self.maxSize = maxSize
        self.box = box
        self.queue = queue
        ticket = queue?.ticket()
        decoder = Self.makeDecoder(maxSize: maxSize, box: box)
    }

    func consume(_ chunk: Data) async {
        guard let queue, let ticket else { return write(chunk) }
        let startDrain = lock.withLock { () -> Bool in
            pending.append(chunk)
            defer { draining = true }
            return !draining
        }
        if startDrain { queue.submit(at: ticket) { [self] in drain() } }
    }

    func restart() {
        decoding.withLock {
            lock.withLock { pending = [] }
            decoder = Self.makeDecoder(maxSize: maxSize, box: box)
        }
    }

    /// Bytes decoded so far, and whether the picture's header has been read (for tests that
    /// check decoding started before the download ended).
    var progress: (bytes: Int, headerRead: Bool) {
        decoding.withLock { (decoder?.byteCount ?? 0, decoder?.headerSize != nil) }
    }

    /// Feeds `data` on the calling thread.
    func write(_ data: Data) {
        decoding.withLock { decoder?.write(data) }
    }

    /// The picture, once the last byte has been consumed: call it on the decode queue.
    ///
    /// - Throws: `APODError.imageTooLarge` over `TextureDecoder.maxPixels`;
    ///   `APODError.notAnImage` for bytes GdkPixbuf cannot read.
    func finish() throws -> DecodedImage {
        try decoding.withLock {
            guard let decoder else { throw APODError.notAnImage }
            for chunk in takePending() { decoder.write(chunk) }
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

    /// A drain job: decodes what has arrived until nothing is left.
    private func drain() {
        while true {
            let done = decoding.withLock { () -> Bool in
                let chunks = takePending(endingDrainWhenEmpty: true)
                for chunk in chunks { decoder?.write(chunk) }
                return chunks.isEmpty
            }
            if done { return }
        }
    }

    private func takePending(endingDrainWhenEmpty: Bool = false) -> [Data] {
        lock.withLock {
            defer { pending = [] }
            if pending.isEmpty, endingDrainWhenEmpty { draining = false }
            return pending
        }
    }

    /// The size is chosen during a loader write, or while a decoder dropped unfinished closes
    /// its loader, so the choice captures nothing of `self`.
    private static func makeDecoder(maxSize: Int?, box: PixelSize?) -> PixbufStreamDecoder? {
        try? PixbufStreamDecoder { width, height in
            guard width * height <= TextureDecoder.maxPixels else { return nil }
            return TextureDecoder.fittedSize(width: width, height: height, longSide: maxSize, box: box)
        }
    }
}
