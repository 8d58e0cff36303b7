import Foundation

/// Broken and hostile picture bytes for fault tests, made without any image library.
public enum ImageFaults {
    /// A PNG that claims `width` × `height` in its header and holds no pixels: a decoder learns
    /// the size on reaching the IDAT chunk, so it must refuse before allocating anything.
    public static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { header.append(contentsOf: $0) } }
        header.append(contentsOf: [8, 6, 0, 0, 0])
        appendChunk("IHDR", header, to: &data)
        appendChunk("IDAT", Data([0x78, 0x9C]), to: &data)
        return data
    }

    /// `pngHeader` closed by an IEND chunk: every byte check passes, so only a decoder that
    /// reads the size first and refuses it stands between this file and 14 GB of pixels.
    public static func pngBomb(width: UInt32, height: UInt32) -> Data {
        var data = pngHeader(width: width, height: height)
        appendChunk("IEND", Data(), to: &data)
        return data
    }

    static func appendChunk(_ type: String, _ payload: Data, to data: inout Data) {
        let chunk = Data(type.utf8) + payload
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(chunk)
        withUnsafeBytes(of: crc32(chunk).bigEndian) { data.append(contentsOf: $0) }
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
