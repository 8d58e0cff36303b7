import XCTest

@testable import APODCore

/// The sky objects of the index: found as entries are written, read back by day and by object,
/// searched by any of their names, and found again for indexes of earlier versions.
final class ArchiveIndexObjectsTests: CoreTestCase, @unchecked Sendable {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("objects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var file: URL { folder.appendingPathComponent("index.sqlite") }

    private func entry(_ date: String, _ title: String, _ explanation: String = "") -> APODEntry {
        APODEntry(date: APODDay(date)!, title: title, explanation: explanation)
    }

    /// Four days of M31 written four ways, the Orion Nebula twice, and a rocket.
    private let entries: [APODEntry] = [
        APODEntry(date: APODDay("2018-01-01")!, title: "M31: The Andromeda Galaxy", explanation: "With M32 and M110."),
        APODEntry(
            date: APODDay("2018-02-01")!, title: "Andromeda Rising",
            explanation: "Messier 31 over the hills, near the Pleiades."),
        APODEntry(date: APODDay("2018-03-01")!, title: "Galaxies", explanation: "NGC 224 and its neighbour M33."),
        APODEntry(
            date: APODDay("2018-04-01")!, title: "The Andromeda galaxy in Ultraviolet", explanation: "Hot young stars."),
        APODEntry(date: APODDay("2018-05-01")!, title: "Horsehead and Orion Nebulas", explanation: "Dust in Orion."),
        APODEntry(date: APODDay("2018-06-01")!, title: "M42 Close Up", explanation: "The Trapezium."),
        APODEntry(date: APODDay("2018-07-01")!, title: "Saturn V at Dawn", explanation: "A Saturn V rocket rises."),
    ]

    func testADaysObjectsComeWithTheirCountsAndAnObjectsEntriesNewestFirst() throws {
        let index = try ArchiveIndex(file: file)
        try index.store(entries)
        let m31 = SkyCatalogue.shared.object(id: "M31")
        XCTAssertEqual(
            try index.objects(on: APODDay("2018-01-01")!).map { "\($0.object.label) (\($0.count))" },
            ["M31 · Andromeda Galaxy (4)", "M32 (1)", "M110 (1)"], "the title's object first, then in the order named")
        XCTAssertEqual(try index.objects(on: APODDay("2018-07-01")!), [], "a rocket is no object")
        XCTAssertEqual(try index.objects(on: APODDay("2018-12-31")!), [])
        XCTAssertEqual(
            try index.entries(of: m31).map(\.date.description),
            ["2018-04-01", "2018-03-01", "2018-02-01", "2018-01-01"])
        XCTAssertEqual(
            try index.entries(of: m31, before: APODDay("2018-03-01")!, limit: 1).map(\.date.description), ["2018-02-01"]
        )
        XCTAssertEqual(
            try index.entries(of: m31, excluding: APODDay("2018-04-01")!, limit: 2).map(\.date.description),
            ["2018-03-01", "2018-02-01"])
        XCTAssertEqual(try index.count(of: m31), 4)
        XCTAssertEqual(try index.entries(of: SkyObject(id: "M1")), [])

        let related = try index.related(to: APODDay("2018-05-01")!, limit: 5)
        XCTAssertEqual(related.map(\.object.id), ["Barnard 33", "M42"])
        XCTAssertEqual(related.map(\.count), [1, 2])
        XCTAssertEqual(related[1].entries.map(\.date.description), ["2018-06-01"], "the day itself is left out")
    }

    /// The probe's entries: every NGC and IC number in one explanation named 13,225 objects,
    /// and opening its detail window loaded related entries for each (134 MB → 1.95 GB).
    func testObjectsPerEntryAreCappedAndRelatedEntriesReadOnlyForWhatIsShown() throws {
        let every =
            "NGC " + (1...7840).map(String.init).joined(separator: "/") + " and IC "
            + (1...5386).map(String.init).joined(separator: ", IC ")
        let listed = [
            entry("2019-03-01", "Every Catalogued Galaxy", every),
            entry("2019-03-02", "NGC 1 Again", "NGC 1, NGC 2 and NGC 3."),
        ]
        let index = try ArchiveIndex(file: file)
        try index.store(listed)
        let objects = try index.objects(on: APODDay("2019-03-01")!)
        XCTAssertEqual(objects.count, SkyObjectFinder.maxObjectsPerEntry)
        XCTAssertEqual(objects.first?.object.id, "NGC 1", "the cap keeps the first named")

        let related = try index.related(to: APODDay("2019-03-01")!, objects: 8, withEntries: 2, limit: 8)
        XCTAssertEqual(related.map(\.object.id), (1...8).map { "NGC \($0)" })
        XCTAssertEqual(related.map(\.entries.count), [1, 1, 0, 0, 0, 0, 0, 0], "entries only for the two shown rows")
        XCTAssertEqual(related[2].count, 2, "counts still for every chip")
    }

    func testTheListOfObjectsIsMostPicturedFirstAndFiltersByNameOrDesignation() throws {
        let index = try ArchiveIndex(file: file)
        try index.store(entries)
        let all = try index.objects()
        XCTAssertEqual(all.prefix(2).map(\.object.id), ["M31", "M42"])
        XCTAssertEqual(all.map(\.count), all.map(\.count).sorted(by: >))
        XCTAssertEqual(Set(all.map(\.object.id)), ["M31", "M32", "M110", "M45", "M33", "Barnard 33", "M42"])
        XCTAssertEqual(
            try index.objects(matching: "nebula").map(\.object.id), ["M31", "M42", "Barnard 33"],
            "M31 is the Andromeda Nebula too")
        XCTAssertEqual(try index.objects(matching: "ngc 22").map(\.object.id), ["M31", "M32"], "NGC 224, NGC 221")
        XCTAssertEqual(try index.objects(matching: "PLEIADES").map(\.object.id), ["M45"])
        XCTAssertEqual(try index.objects(matching: "quasar"), [])
    }

    func testSearchFindsTheSameDaysByAnyNameOrDesignation() throws {
        let index = try ArchiveIndex(file: file)
        try index.store(entries)
        let days = try index.search("M31", limit: 20).map(\.date)
        XCTAssertEqual(Set(days).count, 4)
        for query in ["Messier 31", "andromeda galaxy", "the Andromeda Galaxy", "NGC 224", "m 31"] {
            XCTAssertEqual(try index.search(query, limit: 20).map(\.date), days, query)
            XCTAssertEqual(try index.matchCount(query), 4, query)
        }
        XCTAssertEqual(
            try index.search("orion nebula", limit: 20).map(\.date.description).sorted(), ["2018-05-01", "2018-06-01"],
            "\"Orion Nebulas\" is found through the objects, \"M42\" through the words")
        XCTAssertEqual(try index.search("orion nebula", limit: 1).count, 1)
        XCTAssertEqual(try index.matchCount("orion nebula"), 2)
        XCTAssertEqual(try index.search("andromeda", limit: 20).count, 3, "not an object: searched as a word")
    }

    func testAOneWordNameIsStillAPrefixAndADesignationIsNot() throws {
        let index = try ArchiveIndex(file: file)
        try index.store([
            entry("2019-01-01", "Moonrise over the Sea"), entry("2019-01-02", "The Moon Tonight"),
            entry("2019-01-03", "M1 Tonight"), entry("2019-01-04", "M100 Tonight"),
        ])
        XCTAssertEqual(
            try index.search("moon", limit: 10).map(\.date.description).sorted(), ["2019-01-01", "2019-01-02"])
        XCTAssertEqual(
            try index.search("M1", limit: 10).map(\.date.description), ["2019-01-03"], "M100 is another object")
        XCTAssertEqual(try index.matchCount("crab nebula"), 1, "M1's names find it")
    }

    func testRewritingAnEntryReplacesItsObjects() throws {
        let index = try ArchiveIndex(file: file)
        try index.store([entry("2019-01-01", "M31 Tonight")])
        try index.store([entry("2019-01-01", "M42 Tonight")])
        XCTAssertEqual(try index.objects(on: APODDay("2019-01-01")!).map(\.object.id), ["M42"])
        XCTAssertEqual(try index.count(of: SkyObject(id: "M31")), 0)
    }

    func testASyncWindowWritesItsObjects() throws {
        let index = try ArchiveIndex(file: file)
        let window = APODDay("2018-01-01")!...APODDay("2018-01-25")!
        try index.storeWindow(
            window, entries: [entry("2018-01-10", "The Crab Nebula")], through: window.upperBound)
        XCTAssertEqual(try index.objects(on: APODDay("2018-01-10")!).map(\.object.id), ["M1"])
    }

    /// An index of version 2 (before objects) opens with every entry's objects found.
    func testAnIndexOfAnEarlierVersionGetsItsObjectsOnOpening() throws {
        do {
            let database = try SQLiteDatabase(path: file.path)
            try database.transaction {
                try database.execute(ArchiveIndex.migrations[0])
                try database.execute(ArchiveIndex.migrations[1])
                try database.setUserVersion(2)
            }
            try database.run(
                """
                INSERT INTO entries(day, date, month_day, title, explanation, media_type) VALUES (?, ?, 0, ?, ?, 'image')
                """,
                each: entries.map {
                    [.integer($0.date.ordinal), .text($0.date.description), .text($0.title), .text($0.explanation)]
                })
        }
        let index = try ArchiveIndex(file: file)
        XCTAssertEqual(try index.database.integer("PRAGMA user_version"), ArchiveIndex.migrations.count)
        XCTAssertEqual(try index.count(of: SkyObject(id: "M31")), 4)
        XCTAssertEqual(try index.search("Messier 31", limit: 20).count, 4)
    }

    /// A new catalogue (another version) finds every entry's objects again on opening, once.
    func testANewCatalogueFindsTheObjectsAgain() throws {
        do {
            let index = try ArchiveIndex(file: file)
            try index.store(entries)
            try index.database.execute("UPDATE objects_version SET version = 'an earlier catalogue'")
            try index.database.execute("DELETE FROM entry_objects")
        }
        let index = try ArchiveIndex(file: file)
        XCTAssertEqual(try index.count(of: SkyObject(id: "M31")), 4)
        XCTAssertEqual(
            try index.database.rows("SELECT version FROM objects_version").map { $0.text(0) },
            [ArchiveIndex.objectsVersion])
        try index.database.execute("DELETE FROM entry_objects WHERE object = 'M42'")
        XCTAssertEqual(
            try ArchiveIndex(file: file).count(of: SkyObject(id: "M42")), 0, "an index up to date is left alone")
    }
}
