import Foundation

/// Whether picture bytes run to their format's end. A file cut short on the server (an
/// interrupted upload) arrives with an honest Content-Length, so only its bytes show it; caught
/// here, it is neither cached nor saved, and the viewer never draws half a picture.
///
/// Each format is followed by its own structure rather than by searching for an end marker's
/// bytes, which can occur by chance inside compressed data or inside metadata (an EXIF
/// thumbnail carries its own JPEG end). Data after the end (padding, appended metadata) is
/// allowed, however long. Every walk hops from length to length, so its cost is one step per
/// chunk or block, bounded by the bytes that arrived.
enum ImageCompleteness {
    /// How far before the end a JPEG's end marker may sit when its segments cannot be followed
    /// (a layout the walk does not know): the search falls back to the file's tail.
    static let trailerWindow = 64 * 1024

    static func isComplete(_ data: Data, format: ImageFormat) -> Bool {
        switch format {
        case .jpeg: return jpegIsComplete(data)
        case .png: return pngReachesEnd(data)
        case .gif: return GIFBlocks(data)?.reachesTrailer ?? false
        case .webp: return WebPChunks.holdsPicture(data)
        }
    }

    /// An EOI (FF D9) after the start of the first scan. Entropy-coded data stuffs every 0xFF
    /// (FF 00), so FF D9 past the scan start is always a real end; before it, inside the
    /// segments, it proves nothing.
    private static func jpegIsComplete(_ data: Data) -> Bool {
        let segments = JPEGSegments(data)
        if segments.truncated { return false }
        let from = segments.scanStart ?? max(2, data.count - trailerWindow)
        guard from <= data.count - 2 else { return false }
        // Searched in place from the end, where the marker almost always is (no NSData copy).
        return data.withUnsafeBytes { bytes in
            for index in stride(from: bytes.count - 2, through: from, by: -1)
            where bytes[index] == 0xFF && bytes[index + 1] == 0xD9 {
                return true
            }
            return false
        }
    }

    /// Chunks (length, type, data, CRC) followed from the signature to IEND.
    private static func pngReachesEnd(_ data: Data) -> Bool {
        var offset = 8
        while let length = data.bigEndian(at: offset, size: 4), offset + 8 <= data.count {
            if data.hasBytes("IEND", at: offset + 4) { return true }
            offset += 12 + length
        }
        return false
    }
}
