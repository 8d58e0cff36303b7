import Foundation

/// Picture bytes with their formats' real structure (segments, chunks, blocks), made without
/// any image library, for the header reader and the completeness walks.
enum StructuredImages {
    /// A JPEG: SOI, an APP1 segment holding an EXIF-like thumbnail (a whole small JPEG, its own
    /// FF D9 included), the frame header with the size, an SOS, `scanBytes` of entropy-coded
    /// data (no 0xFF), then EOI.
    static func jpeg(width: Int, height: Int, scanBytes: Int = 2000) -> Data {
        var data = Data([0xFF, 0xD8])
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        segment(0xE1, Array("Exif".utf8) + [0, 0] + thumbnail + [UInt8](repeating: 0x11, count: 200), to: &data)
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64), to: &data)
        segment(0xC0, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0], to: &data)
        segment(0xDA, [1, 1, 0, 0, 63, 0], to: &data)
        data.append(Data((0..<scanBytes).map { UInt8(truncatingIfNeeded: $0 % 251) }))
        data.append(contentsOf: [0xFF, 0xD9])
        return data
    }

    /// A GIF89a with a global color table, a graphic-control extension and one image whose
    /// LZW data is `imageBytes` long (in sub-blocks of up to 255) and full of 0x3B bytes, so a
    /// cut anywhere leaves trailer-looking bytes near the end.
    static func gif(width: Int, height: Int, imageBytes: Int = 1000) -> Data {
        var data = Data("GIF89a".utf8)
        data.append(contentsOf: le16(width) + le16(height) + [0x80, 0, 0])
        data.append(contentsOf: [0, 0, 0, 0x3B, 0x3B, 0x3B])
        data.append(contentsOf: [0x21, 0xF9, 4, 0, 0, 0, 0, 0])
        data.append(contentsOf: [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0, 2])
        var remaining = imageBytes
        while remaining > 0 {
            let length = min(255, remaining)
            data.append(UInt8(length))
            data.append(Data(repeating: 0x3B, count: length))
            remaining -= length
        }
        data.append(contentsOf: [0, 0x3B])
        return data
    }

    /// A PNG of `width` × `height` whose IDAT data (`idatBytes` long) contains the text "IEND".
    static func png(width: UInt32, height: UInt32, idatBytes: Int = 2000) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { header.append(contentsOf: $0) } }
        header.append(contentsOf: [8, 6, 0, 0, 0])
        chunk("IHDR", header, to: &data)
        var idat = Data(repeating: 0x42, count: idatBytes)
        idat.replaceSubrange(idatBytes / 2..<idatBytes / 2 + 4, with: Data("IEND".utf8))
        chunk("IDAT", idat, to: &data)
        chunk("IEND", Data(), to: &data)
        return data
    }

    /// A WebP whose only chunk is `fourCC` ("VP8 ", "VP8L" or "VP8X") with `payload`.
    static func webp(_ fourCC: String, _ payload: [UInt8]) -> Data {
        webp(chunks: [webpChunk(fourCC, payload)])
    }

    /// A RIFF WEBP file of `chunks` (each made by `webpChunk`).
    static func webp(chunks: [Data]) -> Data {
        var body = Data("WEBP".utf8)
        for chunk in chunks { body.append(chunk) }
        var data = Data("RIFF".utf8)
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { data.append(contentsOf: $0) }
        return data + body
    }

    /// A chunk: FourCC, little-endian size, payload, a pad byte to an even size.
    static func webpChunk(_ fourCC: String, _ payload: [UInt8]) -> Data {
        var data = Data(fourCC.utf8)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: payload)
        if payload.count % 2 == 1 { data.append(0) }
        return data
    }

    /// A lossy key frame: its tag announces a 10-byte first partition, which follows.
    static func vp8Payload(width: Int, height: Int, partition: Int = 10) -> [UInt8] {
        let tag = partition << 5
        return [UInt8(tag & 0xFF), UInt8((tag >> 8) & 0xFF), UInt8(tag >> 16), 0x9D, 0x01, 0x2A]
            + le16(width) + le16(height) + [UInt8](repeating: 0, count: 10)
    }

    static func vp8lPayload(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return [0x2F] + (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) } + [0, 0, 0]
    }

    /// An extended header: flags (0x02 animation, 0x10 alpha), then the canvas sides − 1.
    static func vp8xPayload(width: Int, height: Int, flags: UInt8 = 0) -> [UInt8] {
        [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1)
    }

    /// An animation frame at (`x`, `y`) (even), `width` × `height`, holding `chunks`.
    static func anmfPayload(x: Int = 0, y: Int = 0, width: Int, height: Int, _ chunks: [Data]) -> [UInt8] {
        le24(x / 2) + le24(y / 2) + le24(width - 1) + le24(height - 1) + [100, 0, 0, 0]
            + chunks.reduce(Data(), +)
    }

    static func vp8(width: Int, height: Int) -> Data {
        webp("VP8 ", vp8Payload(width: width, height: height))
    }

    static func vp8l(width: Int, height: Int) -> Data {
        webp("VP8L", vp8lPayload(width: width, height: height))
    }

    static func vp8x(width: Int, height: Int) -> Data {
        webp("VP8X", vp8xPayload(width: width, height: height))
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8], to data: inout Data) {
        data.append(contentsOf: [0xFF, marker] + be16(payload.count + 2) + payload)
    }

    private static func chunk(_ type: String, _ payload: Data, to data: inout Data) {
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(Data(type.utf8) + payload)
        data.append(contentsOf: [0, 0, 0, 0])
    }

    private static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
    private static func le16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
    private static func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
