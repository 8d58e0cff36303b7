import Foundation

/// The chunks of a WebP file (RIFF), followed to tell a picture from a header that only
/// claims one: a 30-byte extended header announcing a 9000 × 9000 animation with no frame
/// passes a length check, and GdkPixbuf's WebP module then logs GLib criticals before failing.
///
/// A WebP holds a lossy (VP8) or lossless (VP8L) bitstream, or an extended header (VP8X)
/// followed by optional chunks and either that bitstream or, when animated, ANIM and one ANMF
/// chunk per frame, each with its own bitstream. Every chunk announces its size, so the walk
/// hops from chunk to chunk; every size is checked against the RIFF size and the bytes that
/// arrived. A bitstream passes when its header is whole, its sides are not zero and, for
/// VP8, its first partition fits in the chunk: data is there, not only a header.
struct WebPChunks {
    private struct Chunk {
        /// Offset of the chunk's FourCC in the file; its payload follows the 8-byte header.
        let offset: Int
        let size: Int
        var start: Int { offset + 8 }
        var end: Int { start + size }

        func `is`(_ fourCC: String, in data: Data) -> Bool { data.hasBytes(fourCC, at: offset) }
        func isBitstream(in data: Data) -> Bool { `is`("VP8 ", in: data) || `is`("VP8L", in: data) }
    }

    /// Whether `data` (a RIFF WEBP file) holds a whole picture.
    static func holdsPicture(_ data: Data) -> Bool {
        guard let announced = data.littleEndian(at: 4, size: 4), announced >= 4, 8 + announced <= data.count,
            let first = firstChunk(of: data, from: 12, to: 8 + announced)
        else { return false }
        if first.isBitstream(in: data) { return bitstreamSize(data, first) != nil }
        guard first.is("VP8X", in: data), first.size >= 10, let flags = data.byte(at: first.start),
            let canvasWidth = data.littleEndian(at: first.start + 4, size: 3).map({ $0 + 1 }),
            let canvasHeight = data.littleEndian(at: first.start + 7, size: 3).map({ $0 + 1 })
        else { return false }
        let animated = flags & 0x02 != 0
        var hasAnimation = false
        var frames = 0
        var framesHold = true
        var bitstream: Chunk?
        let whole = forEachChunk(of: data, from: first.end + (first.size & 1), to: 8 + announced) { chunk in
            if animated {
                if chunk.is("ANIM", in: data) { hasAnimation = true }
                if chunk.is("ANMF", in: data) {
                    frames += 1
                    framesHold =
                        framesHold && holdsFrame(data, chunk, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
                }
            } else if bitstream == nil, chunk.isBitstream(in: data) {
                bitstream = chunk
            }
        }
        guard whole else { return false }
        if animated { return hasAnimation && frames > 0 && framesHold }
        guard let bitstream, let size = bitstreamSize(data, bitstream) else { return false }
        return size.width <= canvasWidth && size.height <= canvasHeight
    }

    /// An ANMF chunk: a 16-byte frame header (offset in pixel pairs, sides − 1, duration, flags)
    /// inside the canvas, then its own chunks, one of them the frame's bitstream.
    private static func holdsFrame(_ data: Data, _ frame: Chunk, canvasWidth: Int, canvasHeight: Int) -> Bool {
        guard frame.size >= 16, let x = data.littleEndian(at: frame.start, size: 3),
            let y = data.littleEndian(at: frame.start + 3, size: 3),
            let width = data.littleEndian(at: frame.start + 6, size: 3).map({ $0 + 1 }),
            let height = data.littleEndian(at: frame.start + 9, size: 3).map({ $0 + 1 }),
            2 * x + width <= canvasWidth, 2 * y + height <= canvasHeight
        else { return false }
        var bitstream: Chunk?
        let whole = forEachChunk(of: data, from: frame.start + 16, to: frame.end) { chunk in
            if bitstream == nil, chunk.isBitstream(in: data) { bitstream = chunk }
        }
        guard whole, let bitstream, let size = bitstreamSize(data, bitstream) else { return false }
        return size.width <= width && size.height <= height
    }

    /// The sides a VP8 or VP8L chunk's bitstream header gives, or nil when it is cut, zero or
    /// (VP8) its first partition does not fit in the chunk.
    private static func bitstreamSize(_ data: Data, _ chunk: Chunk) -> (width: Int, height: Int)? {
        let start = chunk.start
        if chunk.is("VP8 ", in: data) {
            // A 3-byte frame tag (bit 0 clear on a key frame; bits 5… the first partition's
            // size), the start code 9D 01 2A, then 14-bit sides.
            guard chunk.size >= 10, let tag = data.littleEndian(at: start, size: 3), tag & 1 == 0,
                data.byte(at: start + 3) == 0x9D, data.byte(at: start + 4) == 0x01, data.byte(at: start + 5) == 0x2A,
                let width = data.littleEndian(at: start + 6, size: 2).map({ $0 & 0x3FFF }),
                let height = data.littleEndian(at: start + 8, size: 2).map({ $0 & 0x3FFF }),
                width > 0, height > 0
            else { return nil }
            let partition = tag >> 5
            guard partition > 0, 10 + partition <= chunk.size else { return nil }
            return (width, height)
        }
        // Lossless: the signature 2F, then sides − 1 in 14 bits each and a 3-bit version that
        // must be 0; the entropy-coded image follows.
        guard chunk.size > 5, data.byte(at: start) == 0x2F, let bits = data.littleEndian(at: start + 1, size: 4),
            bits >> 29 == 0
        else { return nil }
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    }

    private static func firstChunk(of data: Data, from start: Int, to end: Int) -> Chunk? {
        guard let size = data.littleEndian(at: start + 4, size: 4), start + 8 + size <= end else { return nil }
        return Chunk(offset: start, size: size)
    }

    /// Calls `body` for each chunk from `start` to `end` (a FourCC, a little-endian size, the
    /// payload, and a pad byte to an even size); false when one runs past `end`. Nothing is
    /// kept per chunk, so a file of millions of empty chunks costs steps, not memory.
    private static func forEachChunk(of data: Data, from start: Int, to end: Int, _ body: (Chunk) -> Void) -> Bool {
        var offset = start
        while offset + 8 <= end {
            guard let chunk = firstChunk(of: data, from: offset, to: end) else { return false }
            body(chunk)
            offset = chunk.end + (chunk.size & 1)
        }
        return true
    }
}
