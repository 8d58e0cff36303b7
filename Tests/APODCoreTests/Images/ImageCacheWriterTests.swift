import XCTest

@testable import APODCore

/// Cache entries written while their picture arrives.
final class ImageCacheWriterTests: CoreTestCase, @unchecked Sendable {
    private let body = Data((0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })

    func testTheChecksumIsTheWholeBodysWhateverThePieces() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var checksum = CacheEntryFormat.Checksum()
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + Int.random(in: 0...70, using: &generator))
                checksum.update(body[offset..<end])
                offset = end
            }
            XCTAssertEqual(checksum.value, CacheEntryFormat.checksum(body))
        }
        XCTAssertNotEqual(CacheEntryFormat.checksum(body), CacheEntryFormat.checksum(body.dropLast()))
    }

    func testAnEntryWrittenInPiecesIsReadBackWhole() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        let writer = try XCTUnwrap(cache.entryWriter(for: "k"))
        for start in stride(from: 0, to: body.count, by: 7_000) {
            writer.append(body[start..<min(body.count, start + 7_000)])
        }
        XCTAssertNil(ImageDiskCache(directory: directory).data(for: "k"), "nothing is in place before commit")
        writer.commit()
        XCTAssertEqual(ImageDiskCache(directory: directory).data(for: "k"), body)
        XCTAssertEqual(cache.totalBytes, Int64(CacheEntryFormat.headerSize + body.count))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path),
            [ImageDiskCache.fileName(for: "k")])
    }

    func testARestartedEntryHoldsOnlyWhatCameAfter() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        let writer = try XCTUnwrap(cache.entryWriter(for: "k"))
        writer.append(Data(repeating: 7, count: 50_000))
        writer.restart()
        writer.append(body)
        writer.commit()
        XCTAssertEqual(ImageDiskCache(directory: directory).data(for: "k"), body)
    }

    func testADiscardedOrAbandonedEntryLeavesNoFile() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        let discarded = try XCTUnwrap(cache.entryWriter(for: "a"))
        discarded.append(body)
        discarded.discard()
        do {
            let abandoned = try XCTUnwrap(cache.entryWriter(for: "b"))
            abandoned.append(body)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testAnEntryLargerThanTheCacheIsNotKept() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory, capacity: 50_000)
        let writer = try XCTUnwrap(cache.entryWriter(for: "k"))
        writer.append(body)
        writer.commit()
        XCTAssertNil(cache.data(for: "k"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }
}
