import Foundation

/// A real, decodable PNG of one colour, made without any image library (zlib's stored blocks,
/// real CRCs), for tests whose picture must be decoded, e.g. into a background copy.
public enum PlainPNG {
    public static func make(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        for value in [UInt32(width), UInt32(height)] {
            withUnsafeBytes(of: value.bigEndian) { header.append(contentsOf: $0) }
        }
        header.append(contentsOf: [8, 2, 0, 0, 0])
        ImageFaults.appendChunk("IHDR", header, to: &data)
        var raw = Data(capacity: (width * 3 + 1) * height)
        let row = [UInt8](repeating: 0, count: 1) + (0..<width).flatMap { _ in [red, green, blue] }
        for _ in 0..<height { raw.append(contentsOf: row) }
        ImageFaults.appendChunk("IDAT", zlibStored(raw), to: &data)
        ImageFaults.appendChunk("IEND", Data(), to: &data)
        return data
    }

    /// `bytes` as a zlib stream of uncompressed deflate blocks.
    private static func zlibStored(_ bytes: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast = offset + length == bytes.count
            out.append(isLast ? 1 : 0)
            out.append(contentsOf: [
                UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ])
            out.append(bytes[bytes.startIndex + offset..<bytes.startIndex + offset + length])
            offset += length
        } while offset < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        withUnsafeBytes(of: (b << 16 | a).bigEndian) { out.append(contentsOf: $0) }
        return out
    }
}
