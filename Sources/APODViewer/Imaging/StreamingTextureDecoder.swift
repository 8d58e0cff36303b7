import APODCore
import Foundation
import GtkKit
import Synchronization

/// Decodes a picture while the core's loader downloads it: chunks are handed to a
/// GdkPixbufLoader on `queue`'s threads as they arrive, so by the last byte most of the
/// decoding is done. What it decoded counts only when the loader says the bytes were the
/// picture (`FetchedImage.streamed`); otherwise it is dropped and the bytes decoded whole.
///
/// `consume` never waits for decoding: the download goes on at the network's pace, and the
/// chunks wait (not copied) until a decode thread is free for this picture's `ticket`.
/// Sizes are chosen as `TextureDecoder.decode` chooses them, and `finish` throws the same
/// errors, so a picture looks and fails the same however its bytes came.
///
/// Only JPEG and PNG are decoded while they arrive. A GIF's loader would take in every frame
/// (quadratic in their number) where the still needs the first, and WebP's module logs GLib
/// criticals when closed on bytes the picture check then refuses; both are decoded whole once
/// checked (`streams` is then false). `cancel` (no one waits for the picture any more) drops
/// the chunks not yet decoded and the loader, and stops a write within one 64 KB piece.
final class StreamingTextureDecoder: ImageChunkConsumer, Sendable {
    /// This picture's place on the decode queue, taken when it was asked for.
    let ticket: DecodeQueue.Ticket?
    private let maxSize: Int?
    private let box: PixelSize?
    private let queue: DecodeQueue?
    private let cancellable: Cancellable
    /// The loader, held while it is fed or finished, and taken before `arrivals`, so chunks
    /// reach it in order whichever thread feeds it.
    private let decoding: Mutex<PixbufStreamDecoder?>
    private let arrivals = Mutex(Arrivals())

    /// The chunks not yet decoded, whether a drain job is queued, and what the first chunk
    /// said about streaming.
    private struct Arrivals {
        var pending: [Data] = []
        var draining = false
        var firstChunkSeen = false
        var declined = false
    }

    /// A decoder at most `maxSize` pixels on its long side fitting `box` (nil: full size).
    /// With a `queue`, chunks are decoded there; without one, `write` decodes on the caller's
    /// thread. `cancellable` stops it as `cancel` does.
    init(
        maxSize: Int?, fitting box: PixelSize? = nil, queue: DecodeQueue? = nil,
        cancellable: Cancellable = Cancellable()
    ) {
        self.maxSize = maxSize
        self.box = box
        self.queue = queue
        self.cancellable = cancellable
        ticket = queue?.ticket()
        decoding = Mutex(Self.makeDecoder(maxSize: maxSize, box: box, cancellable: cancellable))
    }

    func consume(_ chunk: Data) async {
        let accepted = arrivals.withLock { arrivals -> Bool in
            if !arrivals.firstChunkSeen {
                arrivals.firstChunkSeen = true
                arrivals.declined = Self.decodesWhole(startingWith: chunk)
            }
            return !arrivals.declined && !cancellable.isCancelled
        }
        guard accepted else { return }
        guard let queue, let ticket else { return write(chunk) }
        let startDrain = arrivals.withLock { arrivals -> Bool in
            arrivals.pending.append(chunk)
            defer { arrivals.draining = true }
            return !arrivals.draining
        }
        if startDrain { queue.submit(at: ticket) { [self] in drain() } }
    }

    func restart() {
        decoding.withLock { decoder in
            arrivals.withLock { arrivals in
                arrivals.pending = []
                arrivals.firstChunkSeen = false
                arrivals.declined = false
            }
            decoder = Self.makeDecoder(maxSize: maxSize, box: box, cancellable: cancellable)
        }
    }

    /// Whether the chunks handed over were decoded: false when the format is decoded whole
    /// (`finish` then has no picture; decode the checked bytes instead).
    var streams: Bool {
        arrivals.withLock { !$0.declined }
    }

    /// No one waits for the picture: chunks not yet decoded are dropped, a write in progress
    /// stops at its next piece and the loader goes with the next drain job (or with this
    /// decoder). Safe from any thread; never waits for the decoding.
    func cancel() {
        cancellable.cancel()
        arrivals.withLock { $0.pending = [] }
    }

    /// Bytes decoded so far, and whether the picture's header has been read (for tests that
    /// check decoding started before the download ended).
    var progress: (bytes: Int, headerRead: Bool) {
        decoding.withLock { ($0?.byteCount ?? 0, $0?.headerSize != nil) }
    }

    /// Feeds `data` on the calling thread.
    func write(_ data: Data) {
        decoding.withLock { $0?.write(data) }
    }

    /// The picture, once the last byte has been consumed: call it on the decode queue.
    ///
    /// - Throws: `APODError.imageTooLarge` over `TextureDecoder.maxPixels`;
    ///   `APODError.notAnImage` for bytes GdkPixbuf cannot read; `CancellationError` after `cancel`.
    func finish() throws -> DecodedImage {
        try decoding.withLock { current in
            guard !cancellable.isCancelled else { throw CancellationError() }
            guard let decoder = current else { throw APODError.notAnImage }
            for chunk in takePending() { decoder.write(chunk) }
            return try TextureDecoder.reportingDecodeFailures {
                let texture = try decoder.finish()
                let original = decoder.headerSize ?? (texture.width, texture.height)
                StartupTrace.mark(.decodeEnd, "\(texture.width)x\(texture.height)")
                return DecodedImage(texture: texture, originalWidth: original.width, originalHeight: original.height)
            }
        }
    }

    /// A drain job: decodes what has arrived until nothing is left, or drops the loader once
    /// cancelled.
    private func drain() {
        while true {
            let done = decoding.withLock { decoder -> Bool in
                let chunks = takePending(endingDrainWhenEmpty: true)
                if cancellable.isCancelled {
                    decoder = nil
                    arrivals.withLock { $0.draining = false }
                    return true
                }
                for chunk in chunks { decoder?.write(chunk) }
                return chunks.isEmpty
            }
            if done { return }
        }
    }

    private func takePending(endingDrainWhenEmpty: Bool = false) -> [Data] {
        arrivals.withLock { arrivals in
            defer { arrivals.pending = [] }
            if arrivals.pending.isEmpty, endingDrainWhenEmpty { arrivals.draining = false }
            return arrivals.pending
        }
    }

    /// GIF and WebP (see the type's notes), told by their first bytes.
    private static func decodesWhole(startingWith chunk: Data) -> Bool {
        chunk.starts(with: Array("GIF8".utf8)) || chunk.starts(with: Array("RIFF".utf8))
    }

    /// The size is chosen during a loader write, or while a decoder dropped unfinished closes
    /// its loader, so the choice captures nothing of `self`.
    private static func makeDecoder(maxSize: Int?, box: PixelSize?, cancellable: Cancellable) -> PixbufStreamDecoder? {
        StartupTrace.mark(.decodeStart)
        return try? PixbufStreamDecoder(cancellable: cancellable) { width, height in
            guard width * height <= TextureDecoder.maxPixels else { return nil }
            return TextureDecoder.fittedSize(width: width, height: height, longSide: maxSize, box: box)
        }
    }
}
