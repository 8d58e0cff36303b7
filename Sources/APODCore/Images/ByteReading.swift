import Foundation

/// Bounds-checked big- and little-endian reads at offsets from the start of `Data` (which may
/// be a slice): the header and structure walks read what a file claims, and a claim must never
/// read past the bytes that arrived. Every read answers nil when the bytes are not there.
extension Data {
    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        return self[startIndex + offset]
    }

    func bigEndian(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset + size <= count else { return nil }
        return (0..<size).reduce(0) { $0 << 8 | Int(self[startIndex + offset + $1]) }
    }

    func littleEndian(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset + size <= count else { return nil }
        return (0..<size).reduce(0) { $0 | Int(self[startIndex + offset + $1]) << (8 * $1) }
    }

    func hasBytes(_ expected: String, at offset: Int) -> Bool {
        let bytes = Array(expected.utf8)
        guard offset >= 0, offset + bytes.count <= count else { return false }
        return bytes.indices.allSatisfy { self[startIndex + offset + $0] == bytes[$0] }
    }
}
