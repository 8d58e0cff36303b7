import XCTest

@testable import APODCore

final class UserLibraryTests: CoreTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func entry(_ date: String) -> APODEntry {
        APODEntry(
            date: APODDay(date)!, title: "Title \(date)", explanation: "Text", copyright: "C",
            imageURL: URL(string: "https://example.org/\(date).jpg"))
    }

    func testFavouritesAreListedOldestFirstAndRemovable() throws {
        let library = try UserLibrary.open(in: folder)
        for date in ["2020-01-03", "1999-05-05", "2010-10-10"] { try library.addFavourite(entry(date)) }
        XCTAssertEqual(try library.favourites().map(\.date.description), ["1999-05-05", "2010-10-10", "2020-01-03"])
        XCTAssertEqual(try library.favourites().first, entry("1999-05-05"), "the whole entry is kept")
        XCTAssertTrue(try library.isFavourite(APODDay("2010-10-10")!))
        XCTAssertTrue(try library.removeFavourite(APODDay("2010-10-10")!))
        XCTAssertFalse(try library.removeFavourite(APODDay("2010-10-10")!))
        XCTAssertEqual(try library.favourites().count, 2)
        XCTAssertEqual(try library.favouriteDays(in: ArchiveMonth(year: 2020, month: 1)), [APODDay("2020-01-03")!])
    }

    func testHistoryIsMostRecentFirstWithoutRepeats() throws {
        let library = try UserLibrary.open(in: folder)
        for date in ["2001-01-01", "2002-02-02", "2001-01-01", "2003-03-03"] { try library.recordView(entry(date)) }
        XCTAssertEqual(try library.history().map(\.date.description), ["2003-03-03", "2001-01-01", "2002-02-02"])
        XCTAssertEqual(try library.history(limit: 1).count, 1)
    }

    func testHistoryKeepsOnlyTheNewestDays() throws {
        let library = try UserLibrary.open(in: folder)
        let first = APODDay("2000-01-01")!.ordinal
        for offset in 0..<(UserLibrary.historyLimit + 5) {
            try library.recordView(APODEntry(date: APODDay(ordinal: first + offset), title: "T"))
        }
        let history = try library.history(limit: 10_000)
        XCTAssertEqual(history.count, UserLibrary.historyLimit)
        XCTAssertEqual(history.first?.date, APODDay(ordinal: first + UserLibrary.historyLimit + 4))
    }

    func testFavouritesSurviveADamagedIndexAndAClearedCache() throws {
        let library = try UserLibrary.open(in: folder)
        try library.addFavourite(entry("2015-06-15"))
        let indexFile = folder.appendingPathComponent(ArchiveIndex.fileName(partition: "science"))
        try Data("not a database at all".utf8).write(to: indexFile)
        let index = try ArchiveIndex.open(in: folder, partition: "science")
        XCTAssertNotNil(index.notice)
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(
            at: cache.appendingPathComponent("metadata"), withIntermediateDirectories: true)
        try CacheFolder(root: cache).clear()
        XCTAssertEqual(try UserLibrary.open(in: folder).favourites().map(\.date.description), ["2015-06-15"])
    }

    func testADamagedLibraryIsSetAside() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 1, count: 5000).write(to: folder.appendingPathComponent(UserLibrary.fileName))
        let library = try UserLibrary.open(in: folder)
        guard case .indexDamaged(_, _?) = library.notice else { return XCTFail("damage not reported") }
        try library.addFavourite(entry("2016-02-29"))
        XCTAssertEqual(try library.favourites().count, 1)
    }

    func testALibraryWithANegativeSchemaVersionIsSetAside() throws {
        do {
            let library = try UserLibrary.open(in: folder)
            try library.addFavourite(entry("2016-02-29"))
            try library.database.setUserVersion(-7)
        }
        let library = try UserLibrary.open(in: folder)
        guard case .indexDamaged(_, let aside?) = library.notice else { return XCTFail("damage not reported") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside), "the old favourites are kept aside")
        try library.addFavourite(entry("2016-03-01"))
        XCTAssertEqual(try library.favourites().count, 1)
    }

    func testDataFolderFlagWinsOverEnvironmentAndDefaults() throws {
        let (flagged, rest) = try DataFolder.resolve(
            arguments: ["search", "--data-dir", "/tmp/d", "moon"],
            environment: ["APOD_DATA_DIR": "/tmp/e", "XDG_DATA_HOME": "/x"])
        XCTAssertEqual(flagged.root.path, "/tmp/d")
        XCTAssertEqual(rest, ["search", "moon"])
        XCTAssertEqual(try DataFolder.resolve(arguments: ["--data-dir=/tmp/q"], environment: [:]).0.root.path, "/tmp/q")
        XCTAssertEqual(
            try DataFolder.resolve(arguments: [], environment: ["APOD_DATA_DIR": "/tmp/e"]).0.root.path, "/tmp/e")
        XCTAssertEqual(
            try DataFolder.resolve(arguments: [], environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).0.root.path,
            "/x/apod-viewer")
        XCTAssertEqual(
            try DataFolder.resolve(arguments: [], environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).0.root.path,
            "/h/.local/share/apod-viewer")
        XCTAssertEqual(
            try DataFolder.resolve(arguments: ["--", "--data-dir", "x"], environment: ["HOME": "/h"])
                .remainingArguments,
            ["--", "--data-dir", "x"])
        XCTAssertThrowsError(try DataFolder.resolve(arguments: ["--data-dir"], environment: [:]))
        XCTAssertThrowsError(try DataFolder.resolve(arguments: ["--data-dir="], environment: [:]))
    }
}
