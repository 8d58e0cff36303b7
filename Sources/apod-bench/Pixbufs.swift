import Foundation
import GtkKit

/// The pictures the bench makes for its server: procedural HD "skies" and their JPEG bytes.
/// The naive row decodes with `Pixbuf` directly; the pipeline rows use the viewer's decoder.
enum Pixbufs {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A `width`×`height` procedural "sky": smooth swirls plus grain, so the JPEG is about as
    /// large and as costly to decode as a real HD photograph (2–3 MB at this size).
    static func generate(width: Int, height: Int, seed: UInt32) -> Pixbuf {
        var noise = seed | 1
        let phase = Double(seed % 17) * 0.37
        return Pixbuf(width: width, height: height) { y, row in
            let fy = Double(y) / Double(height) - 0.5
            for x in 0..<width {
                let fx = Double(x) / Double(width) - 0.5
                let radius = (fx * fx + fy * fy).squareRoot()
                let swirl = sin(radius * 40 - atan2(fy, fx) * 3 + phase)
                noise ^= noise << 13
                noise ^= noise >> 17
                noise ^= noise << 5
                let grain = Double(Int(noise & 0x1F) - 16)
                let glow = max(0, 1 - radius * 2.2) * 200
                row[x * 3] = clampByte(glow + swirl * 40 + grain + 30)
                row[x * 3 + 1] = clampByte(glow * 0.7 + swirl * 25 + grain + 20)
                row[x * 3 + 2] = clampByte(glow * 0.5 - swirl * 30 + grain + 60)
            }
        }
    }

    /// The `open` row's picture: a magenta "nebula" (a colour no widget paints, so the bench can
    /// see it on screen) with swirls and `grain` levels of noise; at 6000×4000 and grain 13 its
    /// JPEG is 4.47 MB at quality 90, like the 4.4 MB photograph (grain 12 gave 4.14 MB).
    static func openPicture(width: Int, height: Int, grain: UInt32 = 13) -> Pixbuf {
        var noise: UInt32 = 0x0A0D_0001
        return Pixbuf(width: width, height: height) { y, row in
            let fy = Double(y) / Double(height) - 0.5
            for x in 0..<width {
                let fx = Double(x) / Double(width) - 0.5
                let swirl = sin((fx * fx + fy * fy).squareRoot() * 30 - atan2(fy, fx) * 2)
                noise ^= noise << 13
                noise ^= noise >> 17
                noise ^= noise << 5
                let speck = Double(Int(noise % grain) - Int(grain / 2))
                row[x * 3] = clampByte(215 + swirl * 15 + speck)
                row[x * 3 + 1] = clampByte(45 + swirl * 12 + speck)
                row[x * 3 + 2] = clampByte(170 - swirl * 15 + speck)
            }
        }
    }

    /// Encodes as JPEG at `quality`.
    static func jpeg(_ pixbuf: Pixbuf, quality: Int = 90) throws -> Data {
        guard let data = pixbuf.texture().jpegData(quality: quality) else {
            throw Failure(description: "could not encode a JPEG")
        }
        return data
    }

    private static func clampByte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value)))
    }
}
