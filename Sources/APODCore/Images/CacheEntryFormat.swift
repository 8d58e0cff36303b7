import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The on-disk framing of one cached picture: a 24-byte header (magic, body length, checksum)
/// before the body. A file cut short by a crash or a full disk, or altered on disk, fails the
/// check and is fetched again instead of being shown half-drawn.
enum CacheEntryFormat {
    static let magic = Array("APODIMG1".utf8)
    static let headerSize = 24

    /// The header that goes before `body` on disk. The body is written after it as it is,
    /// never copied into one framed buffer (a grid of pictures would copy every byte again).
    static func header(for body: Data) -> Data {
        header(length: body.count, checksum: checksum(body))
    }

    /// The header of a body of `length` bytes whose `checksum` was computed while it was
    /// written (`ImageCacheWriter`).
    static func header(length: Int, checksum: UInt64) -> Data {
        var header = Data(capacity: headerSize)
        header.append(contentsOf: magic)
        appendLittleEndian(UInt64(length), to: &header)
        appendLittleEndian(checksum, to: &header)
        return header
    }

    /// The body of a framed file, or nil when the header, length or checksum do not match.
    static func unframe(_ file: Data) -> Data? {
        guard file.count >= headerSize, let length = announcedLength(in: file.prefix(headerSize)),
            length == file.count - headerSize
        else { return nil }
        let body = file.subdata(in: file.startIndex + headerSize..<file.endIndex)
        return matches(body, header: file.prefix(headerSize)) ? body : nil
    }

    /// What a cache file held when read.
    enum Stored {
        case absent
        /// Cut short, altered or not a cache entry: the file should go.
        case damaged
        case body(Data)
    }

    /// The framed file at `path`, its body read straight into its own buffer (the header first,
    /// then exactly the announced length), so a warm picture is read once and never copied
    /// out of a framed buffer.
    static func contents(atPath path: String) -> Stored {
        // Non-blocking and regular files only: a FIFO in the cache must not hang the reader.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENXIO ? .damaged : .absent }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= headerSize,
            let header = readExactly(headerSize, from: descriptor),
            let length = announcedLength(in: header), length == Int(status.st_size) - headerSize,
            let body = readExactly(length, from: descriptor),
            matches(body, header: header)
        else { return .damaged }
        return .body(body)
    }

    /// The body length a header announces, or nil when it is not a cache entry's header.
    private static func announcedLength(in header: Data) -> Int? {
        guard header.count == headerSize, header.prefix(8).elementsEqual(magic) else { return nil }
        let length = readLittleEndian(header, at: header.startIndex + 8)
        return length <= UInt64(Int.max) ? Int(length) : nil
    }

    private static func matches(_ body: Data, header: Data) -> Bool {
        checksum(body) == readLittleEndian(header, at: header.startIndex + 16)
    }

    /// `count` bytes read from `descriptor` into a new buffer, or nil when the file ends first.
    private static func readExactly(_ count: Int, from descriptor: Int32) -> Data? {
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var filled = 0
            while filled < count {
                let got = read(descriptor, buffer.baseAddress! + filled, count - filled)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                filled += got
            }
            return true
        }
        return complete ? data : nil
    }

    /// A fast non-cryptographic 64-bit checksum: four FNV-style lanes over 8-byte words, so
    /// checking a warm 8 MB picture costs a few milliseconds, not a full hash.
    static func checksum(_ data: Data) -> UInt64 {
        var checksum = Checksum()
        checksum.update(data)
        return checksum.value
    }

    /// `checksum(_:)` computed over a body that arrives in pieces: whatever the pieces, the
    /// value is the whole body's. Bytes short of a 32-byte block wait for the next piece.
    struct Checksum {
        private static let prime: UInt64 = 0x0000_0100_0000_01B3
        private static let blockSize = 32
        private var lanes: (UInt64, UInt64, UInt64, UInt64) =
            (0xcbf2_9ce4_8422_2325, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9)
        private var pending: [UInt8] = []
        /// Bytes seen so far.
        private(set) var count = 0

        mutating func update(_ data: Data) {
            data.withUnsafeBytes { update($0) }
        }

        mutating func update(_ raw: UnsafeRawBufferPointer) {
            count += raw.count
            var start = 0
            if !pending.isEmpty {
                start = min(Self.blockSize - pending.count, raw.count)
                pending.append(contentsOf: raw[0..<start])
                guard pending.count == Self.blockSize else { return }
                pending.withUnsafeBytes { mix($0, at: 0) }
                pending.removeAll(keepingCapacity: true)
            }
            while start + Self.blockSize <= raw.count {
                mix(raw, at: start)
                start += Self.blockSize
            }
            pending.append(contentsOf: raw[start...])
        }

        var value: UInt64 {
            var hash = lanes.0 ^ (lanes.1 &* 3) ^ (lanes.2 &* 5) ^ (lanes.3 &* 7)
            for byte in pending {
                hash = (hash ^ UInt64(byte)) &* Self.prime
            }
            return (hash ^ UInt64(count)) &* Self.prime
        }

        private mutating func mix(_ raw: UnsafeRawBufferPointer, at base: Int) {
            lanes.0 = (lanes.0 ^ raw.loadUnaligned(fromByteOffset: base, as: UInt64.self)) &* Self.prime
            lanes.1 = (lanes.1 ^ raw.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)) &* Self.prime
            lanes.2 = (lanes.2 ^ raw.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)) &* Self.prime
            lanes.3 = (lanes.3 ^ raw.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self)) &* Self.prime
        }
    }

    private static func appendLittleEndian(_ value: UInt64, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func readLittleEndian(_ data: Data, at offset: Data.Index) -> UInt64 {
        data[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
