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
    /// The EXIF orientation (1…8, TIFF tag 0x0112) of the first APP1 "Exif" segment, if any.
    var orientation: Int?

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
            if marker == 0xE1, orientation == nil {
                orientation = Self.exifOrientation(data, from: offset + 2, length: length - 2)
            }
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

    /// The orientation tag of IFD0 in an APP1 segment's payload ("Exif\0\0", then a TIFF
    /// header), every read inside the payload; nil when absent, unreadable or out of 1…8.
    private static func exifOrientation(_ data: Data, from start: Int, length: Int) -> Int? {
        guard data.hasBytes("Exif\0\0", at: start) else { return nil }
        let tiff = start + 6
        let end = start + length
        let little: Bool
        if data.hasBytes("II", at: tiff) {
            little = true
        } else if data.hasBytes("MM", at: tiff) {
            little = false
        } else {
            return nil
        }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= tiff, offset + size <= end else { return nil }
            return little ? data.littleEndian(at: offset, size: size) : data.bigEndian(at: offset, size: size)
        }
        guard read(tiff + 2, 2) == 42, let ifd = read(tiff + 4, 4), let entries = read(tiff + ifd, 2) else {
            return nil
        }
        for entry in 0..<min(entries, 256) {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            guard read(at + 2, 2) == 3, let value = read(at + 8, 2), (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}
