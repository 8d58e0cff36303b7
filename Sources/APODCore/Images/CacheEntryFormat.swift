import Foundation

/// The on-disk framing of one cached picture: a 24-byte header (magic, body length, checksum)
/// before the body. A file cut short by a crash or a full disk, or altered on disk, fails the
/// check and is fetched again instead of being shown half-drawn.
enum CacheEntryFormat {
    static let magic = Array("APODIMG1".utf8)
    static let headerSize = 24

    /// The header that goes before `body` on disk. The body is written after it as it is,
    /// never copied into one framed buffer (a grid of pictures would copy every byte again).
    static func header(for body: Data) -> Data {
        var header = Data(capacity: headerSize)
        header.append(contentsOf: magic)
        appendLittleEndian(UInt64(body.count), to: &header)
        appendLittleEndian(checksum(body), to: &header)
        return header
    }

    /// The body of a framed file, or nil when the header, length or checksum do not match.
    static func unframe(_ file: Data) -> Data? {
        guard file.count >= headerSize else { return nil }
        let start = file.startIndex
        guard file[start..<start + 8].elementsEqual(magic) else { return nil }
        let length = readLittleEndian(file, at: start + 8)
        let expected = readLittleEndian(file, at: start + 16)
        guard length == UInt64(file.count - headerSize) else { return nil }
        let body = file.subdata(in: start + headerSize..<file.endIndex)
        return checksum(body) == expected ? body : nil
    }

    /// A fast non-cryptographic 64-bit checksum: four FNV-style lanes over 8-byte words, so
    /// checking a warm 8 MB picture costs a few milliseconds, not a full hash.
    static func checksum(_ data: Data) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) =
            (0xcbf2_9ce4_8422_2325, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9)
        return data.withUnsafeBytes { raw -> UInt64 in
            let wordCount = raw.count / 8
            var index = 0
            while index + 4 <= wordCount {
                let base = index * 8
                lanes.0 = (lanes.0 ^ raw.loadUnaligned(fromByteOffset: base, as: UInt64.self)) &* prime
                lanes.1 = (lanes.1 ^ raw.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)) &* prime
                lanes.2 = (lanes.2 ^ raw.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)) &* prime
                lanes.3 = (lanes.3 ^ raw.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self)) &* prime
                index += 4
            }
            var hash = lanes.0 ^ (lanes.1 &* 3) ^ (lanes.2 &* 5) ^ (lanes.3 &* 7)
            for offset in (index * 8)..<raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* prime
            }
            return (hash ^ UInt64(raw.count)) &* prime
        }
    }

    private static func appendLittleEndian(_ value: UInt64, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func readLittleEndian(_ data: Data, at offset: Data.Index) -> UInt64 {
        data[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
