import Foundation

/// The marker segments of a JPEG up to its first scan: where the frame header (SOFn) gives the
/// size and where the entropy-coded data starts.
///
/// Every segment before the scan announces its length, so the walk hops from marker to marker
/// (one step per segment, never a byte-by-byte search) and never reads inside APPn segments,
/// where EXIF thumbnails and ICC profiles may hold any bytes, an FF D9 included.
struct JPEGSegments {
    /// Width and height from the first SOFn segment.
    var size: (width: Int, height: Int)?
    /// Offset of the first byte after the SOS header: only there can an FF D9 be the real end.
    var scanStart: Int?
    /// The bytes stop inside the segments (a file cut short before its picture data).
    var truncated = false

    /// Walks `data`, a JPEG (starting FF D8). An unexpected byte where a marker should be ends
    /// the walk with neither a scan start nor truncation: the layout is simply unknown.
    init(_ data: Data) {
        var offset = 2
        while true {
            guard let lead = data.byte(at: offset) else {
                truncated = true
                return
            }
            guard lead == 0xFF else { return }
            // Any number of 0xFF fill bytes may precede a marker.
            while data.byte(at: offset) == 0xFF { offset += 1 }
            guard let marker = data.byte(at: offset) else {
                truncated = true
                return
            }
            offset += 1
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 { return }
            guard let length = data.bigEndian(at: offset, size: 2) else {
                truncated = true
                return
            }
            guard length >= 2 else { return }
            if size == nil, Self.isFrameHeader(marker) {
                guard let height = data.bigEndian(at: offset + 3, size: 2),
                    let width = data.bigEndian(at: offset + 5, size: 2)
                else {
                    truncated = true
                    return
                }
                size = (width, height)
            }
            offset += length
            if marker == 0xDA {
                scanStart = offset
                return
            }
        }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}
