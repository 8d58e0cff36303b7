import XCTest

@testable import APODCore

final class ImageDiskCacheTests: CoreTestCase, @unchecked Sendable {
    private let entrySize = 1000 + CacheEntryFormat.headerSize

    func testRoundTripsAndNamesFilesBySHA256() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        let key = "https://api.example.org/image.jpg?api_key=SECRET"
        cache.store(ImageBytes.jpeg(), for: key)
        XCTAssertEqual(cache.data(for: key), ImageBytes.jpeg())
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(names, [SHA256.hex(Data(key.utf8))])
        XCTAssertFalse(names.joined().contains("SECRET"))
        XCTAssertNil(cache.data(for: "https://apod.nasa.gov/other.jpg"))
    }

    func testEvictsLeastRecentlyUsedAtTheCap() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory, capacity: Int64(entrySize * 3))
        for name in ["a", "b", "c"] { cache.store(ImageBytes.jpeg(size: 1000), for: name) }
        XCTAssertNotNil(cache.data(for: "a"), "reading a makes b the least recently used")
        cache.store(ImageBytes.jpeg(size: 1000), for: "d")
        XCTAssertNil(cache.data(for: "b"))
        for name in ["a", "c", "d"] { XCTAssertNotNil(cache.data(for: name), name) }
        XCTAssertLessThanOrEqual(cache.totalBytes, Int64(entrySize * 3))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).count, 3)
    }

    func testRecencySurvivesARestart() throws {
        let directory = try temporaryDirectory()
        let first = ImageDiskCache(directory: directory, capacity: Int64(entrySize * 2))
        first.store(ImageBytes.jpeg(size: 1000), for: "old")
        first.store(ImageBytes.jpeg(size: 1000), for: "new")
        // Distinct past times, so the order does not hang on the file system's time resolution.
        for (key, age) in [("old", 200.0), ("new", 100.0)] {
            let path = directory.appendingPathComponent(ImageDiskCache.fileName(for: key)).path
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
        }
        XCTAssertNotNil(first.data(for: "old"), "reading old makes it the most recently used, on disk too")

        let second = ImageDiskCache(directory: directory, capacity: Int64(entrySize * 2))
        second.store(ImageBytes.jpeg(size: 1000), for: "newest")
        XCTAssertNil(second.data(for: "new"))
        XCTAssertNotNil(second.data(for: "old"))
    }

    func testDamagedEntryIsDroppedNotReturned() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        cache.store(ImageBytes.jpeg(size: 1000), for: "k")
        let file = directory.appendingPathComponent(ImageDiskCache.fileName(for: "k"))
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: file)
        XCTAssertNil(cache.data(for: "k"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testTruncatedEntryIsDropped() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        cache.store(ImageBytes.jpeg(size: 1000), for: "k")
        let file = directory.appendingPathComponent(ImageDiskCache.fileName(for: "k"))
        try Data(try Data(contentsOf: file).prefix(600)).write(to: file)
        XCTAssertNil(ImageDiskCache(directory: directory).data(for: "k"))
    }

    func testEntryLongerThanItsHeaderSaysIsDropped() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        cache.store(ImageBytes.jpeg(size: 1000), for: "k")
        let file = directory.appendingPathComponent(ImageDiskCache.fileName(for: "k"))
        try (try Data(contentsOf: file) + Data(repeating: 0, count: 8)).write(to: file)
        XCTAssertNil(ImageDiskCache(directory: directory).data(for: "k"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testLeavesNoTemporaryFiles() throws {
        let directory = try temporaryDirectory()
        let cache = ImageDiskCache(directory: directory)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            cache.store(ImageBytes.jpeg(UInt8(i), size: 5000), for: "same")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).count, 1)
        let data = try XCTUnwrap(cache.data(for: "same"))
        XCTAssertEqual(data.count, 5000)
    }

    func testDefaultDirectoryFollowsXDG() {
        XCTAssertEqual(
            ImageDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path,
            "/x/cache/apod-viewer/images")
        XCTAssertEqual(
            ImageDiskCache.defaultDirectory(environment: ["HOME": "/home/u"]).path,
            "/home/u/.cache/apod-viewer/images")
        XCTAssertEqual(
            ImageDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path,
            "/home/u/.cache/apod-viewer/images")
    }
}

extension ImageDiskCacheTests {
    func testAbandonedTemporaryFilesAreRemovedButFreshOnesKept() throws {
        let directory = try temporaryDirectory()
        let abandoned = directory.appendingPathComponent(".abc.1.tmp")
        let fresh = directory.appendingPathComponent(".abc.2.tmp")
        try Data("half".utf8).write(to: abandoned)
        try Data("half".utf8).write(to: fresh)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
            ofItemAtPath: abandoned.path)
        XCTAssertEqual(ImageDiskCache(directory: directory).totalBytes, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path))
    }
}
