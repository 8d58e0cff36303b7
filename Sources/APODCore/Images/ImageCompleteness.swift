import Foundation

/// Whether picture bytes run to their format's end marker. A file cut short on the server (an
/// interrupted upload) arrives with an honest Content-Length, so only its bytes show it; caught
/// here, it is neither cached nor saved, and the viewer never draws half a picture.
///
/// The marker is looked for near the end, not only at the very end, because encoders and
/// servers sometimes append padding or metadata after it.
enum ImageCompleteness {
    /// How far before the end the end marker may sit.
    static let trailerWindow = 64 * 1024

    static func isComplete(_ data: Data, format: ImageFormat) -> Bool {
        switch format {
        case .jpeg:
            // EOI. Entropy-coded data stuffs every 0xFF, so FF D9 there is always the real end.
            return tail(of: data).range(of: Data([0xFF, 0xD9])) != nil
        case .png:
            return tail(of: data).range(of: Data("IEND".utf8)) != nil
        case .webp:
            // The RIFF header announces the size of everything after its first 8 bytes.
            guard data.count >= 12 else { return false }
            let start = data.startIndex
            let announced = (0..<4).reduce(0) { $0 | Int(data[start + 4 + $1]) << (8 * $1) }
            return announced + 8 <= data.count
        case .gif:
            // The one-byte trailer (0x3B) is too common a byte to prove anything.
            return true
        }
    }

    private static func tail(of data: Data) -> Data {
        data.suffix(trailerWindow)
    }
}
