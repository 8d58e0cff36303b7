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

    /// An animated GIF of `frames` frames on a 1 × 1 canvas, 23 bytes each: the first pixel red,
    /// every later one blue (a 4-colour table: red, blue, green, white). GdkPixbuf's GIF loader
    /// takes in frames at a cost quadratic in their number (100,000 cost it 28 s). With
    /// `laterFramesReadable` false the frames after the first declare an LZW code size GdkPixbuf
    /// refuses ("GIF image is corrupt"), so only a decoder that never sees them can show the still.
    public static func gifAnimation(frames: Int, laterFramesReadable: Bool = true) -> Data {
        var data = Data("GIF89a".utf8)
        data.append(contentsOf: [1, 0, 1, 0, 0x81, 0, 0])
        data.append(contentsOf: [255, 0, 0, 0, 0, 255, 0, 255, 0, 255, 255, 255])
        data.append(contentsOf: [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0])
        for frame in 0..<frames {
            // Graphic control: 20 ms a frame. Then a 1 × 1 image: LZW code size 2, one sub-block
            // holding clear, the colour index, end.
            data.append(contentsOf: [0x21, 0xF9, 4, 0, 2, 0, 0, 0])
            data.append(contentsOf: [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0])
            if frame == 0 {
                data.append(contentsOf: [2, 2, 0x44, 0x01, 0])
            } else {
                data.append(contentsOf: [laterFramesReadable ? 2 : 12, 2, 0x4C, 0x01, 0])
            }
        }
        data.append(0x3B)
        return data
    }

    /// A 30-byte WebP that claims a 9000 × 9000 animation: an extended header (VP8X, animation
    /// flag) and nothing else, no ANIM chunk, no frame, no data. GdkPixbuf's WebP module logs
    /// GLib criticals when its loader is closed on it.
    public static let webpHeaderWithoutPicture: Data = {
        var data = Data("RIFF".utf8) + Data([22, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0])
        let side = [UInt8(8999 & 0xFF), UInt8(8999 >> 8), 0]
        data.append(contentsOf: [0x02, 0, 0, 0] + side + side)
        return data
    }()

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
