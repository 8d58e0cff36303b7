import Foundation

/// The blocks of a GIF followed from the logical screen towards the trailer (0x3B): how many
/// frames it holds, where its first frame ends, and whether the bytes reach the trailer.
///
/// Extensions and images are runs of sub-blocks (a length byte, then that many bytes) ended by
/// a zero length, so the walk hops from length to length: one step per sub-block, nothing
/// allocated whatever the file claims. The trailer byte alone is too common a byte to prove
/// anything; only the walk finds the real one.
///
/// The frame count matters because GdkPixbuf's GIF loader appends each frame to a linked list
/// (quadratic in the count: 25,000 frames cost a second of CPU, 100,000 half a minute), so an
/// animation with very many frames is shown still, decoded from `firstFrame` alone.
public struct GIFBlocks: Sendable {
    /// Image descriptors met: the frames of an animation, 1 for a still picture.
    public private(set) var frameCount = 0
    /// The offset just after the first image's data, once the bytes reach it.
    public private(set) var firstFrameEnd: Int?
    /// Whether the walk reached the trailer: the file is complete.
    public private(set) var reachesTrailer = false

    /// Walks `data`; nil unless it starts like a GIF.
    public init?(_ data: Data) {
        guard data.hasBytes("GIF87a", at: 0) || data.hasBytes("GIF89a", at: 0),
            let flags = data.byte(at: 10)
        else { return nil }
        var offset = 13 + Self.colorTableSize(flags)
        while let block = data.byte(at: offset) {
            switch block {
            case 0x3B:
                reachesTrailer = true
                return
            case 0x21:
                // Extension: introducer, label, sub-blocks.
                guard let next = Self.skipSubBlocks(data, from: offset + 2) else { return }
                offset = next
            case 0x2C:
                // Image: 10-byte descriptor, optional local color table, LZW code size, sub-blocks.
                guard let imageFlags = data.byte(at: offset + 9) else { return }
                let codeSize = offset + 10 + Self.colorTableSize(imageFlags)
                guard let next = Self.skipSubBlocks(data, from: codeSize + 1) else { return }
                frameCount += 1
                if firstFrameEnd == nil { firstFrameEnd = next }
                offset = next
            default:
                return
            }
        }
    }

    /// The GIF cut after its first frame and closed with a trailer: the same still picture (a
    /// GIF's still is its first frame) for a decoder that never sees the other frames. nil when
    /// the bytes hold no whole frame; `data` itself when it has a single frame.
    public static func firstFrame(of data: Data) -> Data? {
        guard let blocks = GIFBlocks(data), let end = blocks.firstFrameEnd else { return nil }
        if blocks.frameCount == 1 { return data }
        return data.prefix(end) + Data([0x3B])
    }

    /// The bytes of the color table a GIF flags byte announces (none when its top bit is clear).
    private static func colorTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after the terminating zero-length sub-block, or nil when the bytes stop first.
    private static func skipSubBlocks(_ data: Data, from start: Int) -> Int? {
        var offset = start
        while let length = data.byte(at: offset) {
            offset += 1
            if length == 0 { return offset }
            offset += Int(length)
        }
        return nil
    }
}
