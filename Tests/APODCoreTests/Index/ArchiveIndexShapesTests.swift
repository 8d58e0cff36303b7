import XCTest

@testable import APODCore

/// The pictures' sizes kept in the index (schema 6): an index of the version before keeps
/// working and gains the columns; a size stays until the picture's address changes.
final class ArchiveIndexShapesTests: CoreTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func entry(_ date: String, _ title: String, picture: String? = nil) -> APODEntry {
        APODEntry(
            date: APODDay(date)!, title: title, explanation: "A \(title.lowercased()) over the hills.",
            hdImageURL: URL(string: "https://example.org/\(picture ?? date).jpg"))
    }

    func testAnIndexOfTheVersionBeforeOpensWithItsEntriesAndNoSizes() throws {
        let file = folder.appendingPathComponent(ArchiveIndex.fileName(partition: "science"))
        let before = Array(ArchiveIndex.migrations.dropLast())
        do {
            let (old, _) = try SQLiteFile.open(file, migrations: before)
            XCTAssertEqual(try old.integer("PRAGMA user_version"), before.count)
            try old.execute(
                "INSERT INTO entries(day, date, month_day, title, explanation, media_type, hd_image_url) VALUES (18000, '2019-04-14', 414, 'Old Nebula', 'Glowing gas.', 'image', 'https://example.org/old.jpg')"
            )
        }
        let index = try ArchiveIndex(file: file)
        XCTAssertEqual(try index.database.integer("PRAGMA user_version"), ArchiveIndex.migrations.count)
        let day = APODDay(ordinal: 18000)
        XCTAssertEqual(try index.entry(for: day)?.title, "Old Nebula")
        XCTAssertEqual(try index.pictureRows(), [.init(day: day, shape: nil)], "not read yet")
        try index.storeShape(PictureShape(width: 1080, height: 1920), of: day)
        XCTAssertEqual(try index.pictureShape(of: day), PictureShape(width: 1080, height: 1920))
        XCTAssertEqual(try index.search("nebula", limit: 5).map(\.date), [day], "search still finds it")
    }

    func testASizeStaysUntilThePicturesAddressChanges() throws {
        let index = try ArchiveIndex.open(in: folder, partition: "science")
        let day = APODDay("2024-03-01")!
        try index.store([entry("2024-03-01", "Aurora")])
        try index.storeShape(PictureShape(width: 4000, height: 3000), of: day)

        var retitled = entry("2024-03-01", "Aurora")
        retitled.title = "Aurora over Iceland"
        try index.store([retitled])
        XCTAssertEqual(try index.pictureShape(of: day), PictureShape(width: 4000, height: 3000), "same picture")
        XCTAssertEqual(try index.search("iceland", limit: 5).map(\.date), [day], "the words are indexed again")
        XCTAssertEqual(try index.search("hills", limit: 5).map(\.date), [day])

        try index.store([entry("2024-03-01", "Aurora over Iceland", picture: "replaced")])
        XCTAssertNil(try index.pictureShape(of: day), "another picture: read again")

        try index.storeShape(.unusable, of: day)
        XCTAssertEqual(try index.pictureRows(), [.init(day: day, shape: .unusable)])
        try index.storeShape(PictureShape(width: 10, height: 10), of: APODDay("2024-03-02")!)
        XCTAssertEqual(try index.pictureRows().count, 1, "no entry, nothing kept")
    }

    func testOnlyPictureDaysAreCandidatesNewestFirst() throws {
        let index = try ArchiveIndex.open(in: folder, partition: "science")
        var video = entry("2024-03-03", "A video")
        video.mediaType = .video
        try index.store([entry("2024-03-01", "First"), entry("2024-03-02", "Second"), video])
        XCTAssertEqual(try index.pictureRows().map(\.day.description), ["2024-03-02", "2024-03-01"])
    }
}
