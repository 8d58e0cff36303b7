import XCTest

@testable import APODCore

final class ArchiveIndexTests: CoreTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func openIndex() throws -> ArchiveIndex {
        try ArchiveIndex.open(in: folder, partition: "science")
    }

    private func entry(_ date: String, _ title: String, explanation: String = "", copyright: String? = nil) -> APODEntry
    {
        APODEntry(
            date: APODDay(date)!, title: title, explanation: explanation, copyright: copyright,
            imageURL: URL(string: "https://example.org/\(date).jpg"), altText: "alt \(date)")
    }

    func testEntriesComeBackWhole() throws {
        let index = try openIndex()
        let stored = APODEntry(
            date: APODDay("2020-12-17")!, title: "Conjunction", explanation: "Jupiter & Saturn",
            copyright: "Someone", mediaType: .video, imageURL: URL(string: "https://a/b.jpg"),
            hdImageURL: URL(string: "https://a/c.jpg"), thumbnailURL: URL(string: "https://a/t.jpg"),
            videoURL: URL(string: "https://www.youtube.com/embed/x"),
            pageURL: URL(string: "https://science.nasa.gov/p"), altText: "two planets")
        try index.store([stored])
        XCTAssertEqual(try index.entry(for: stored.date), stored)
        XCTAssertEqual(try index.entries(from: APODDay("2020-12-01")!, through: APODDay("2020-12-31")!), [stored])
        XCTAssertNil(try index.entry(for: APODDay("2020-12-18")!))
    }

    /// A hand-made index reaching year 4733: Browse showed days `apod show` refuses, and On
    /// This Day read one row for each of its 2,700 years (11.8 s, 1.2 GB).
    func testReadsStayInsideTheArchivesValidRange() throws {
        let farFuture = ArchiveCalendar(now: { Date(timeIntervalSince1970: 86_400 * 365.25 * 2_763) })
        let future = try ArchiveIndex.open(in: folder, partition: "science", calendar: farFuture)
        let years = Array(1996...4733)
        try future.store(years.map { entry(String(format: "%04d-07-04", $0), "Fourth of \($0)") })
        let index = try openIndex()
        let today = ArchiveCalendar().today
        let valid = years.filter { APODDay(year: $0, month: 7, day: 4)! <= today }
        XCTAssertEqual(try index.onThisDay(month: 7, day: 4).count, valid.count)
        let all = try index.entries(from: ArchiveCalendar.firstDay, through: APODDay(year: 9999, month: 12, day: 31)!)
        XCTAssertEqual(all.count, valid.count)
        XCTAssertTrue(all.allSatisfy { $0.date <= today })
        XCTAssertTrue(try index.random(count: 5_000).allSatisfy { $0.date <= today })
    }

    /// Browse lays out the whole wall from these counts before it reads any entry.
    func testDaysAreCountedByMonthNewestFirst() throws {
        let index = try openIndex()
        XCTAssertTrue(try index.dayCountsByMonth().isEmpty)
        try index.store(
            ["1995-06-16", "1995-06-17", "1999-12-31", "2000-01-01", "2000-01-31", "2000-02-29", "2019-04-10"].map {
                entry($0, "Day \($0)")
            })
        let counts = try index.dayCountsByMonth()
        XCTAssertEqual(
            counts.map { "\($0.month) \($0.days)" },
            ["2019-04 1", "2000-02 1", "2000-01 2", "1999-12 1", "1995-06 2"])
    }

    func testStoringAgainUpdatesWithoutDuplicates() throws {
        let index = try openIndex()
        try index.store([entry("2021-01-01", "Old title")])
        try index.store([entry("2021-01-01", "New title"), entry("2021-01-01", "New title")])
        XCTAssertEqual(try index.count(), 1)
        XCTAssertEqual(try index.search("new", limit: 5).map(\.title), ["New title"])
        XCTAssertEqual(try index.search("old", limit: 5), [], "the full-text index follows updates")
    }

    func testSearchIgnoresDiacriticsAndMatchesPrefixes() throws {
        let index = try openIndex()
        try index.store([
            entry("2019-01-01", "Sky over Poznań"), entry("2019-01-02", "Total Eclipse"),
            entry("2019-01-03", "Galaxy", copyright: "José Pérez"),
        ])
        XCTAssertEqual(try index.search("poznan", limit: 10).map(\.title), ["Sky over Poznań"])
        XCTAssertEqual(try index.search("POZNAŃ", limit: 10).map(\.title), ["Sky over Poznań"])
        XCTAssertEqual(try index.search("eclip", limit: 10).map(\.title), ["Total Eclipse"])
        XCTAssertEqual(try index.search("jose perez", limit: 10).map(\.title), ["Galaxy"], "copyright is searched")
        XCTAssertEqual(try index.search("total eclipse", limit: 10).count, 1)
        XCTAssertEqual(try index.search("total galaxy", limit: 10), [], "every word must match")
    }

    func testTitleMatchesRankFirst() throws {
        let index = try openIndex()
        let wordy = String(repeating: "The nebula glows. ", count: 10)
        try index.store([
            entry("2018-05-01", "Dust Lanes", explanation: wordy),
            entry("2018-05-02", "The Nebula", explanation: "A short text."),
            entry("2018-05-03", "Moon", explanation: "Nothing relevant."),
        ])
        XCTAssertEqual(try index.search("nebula", limit: 10).map(\.title), ["The Nebula", "Dust Lanes"])
        XCTAssertEqual(try index.matchCount("nebula"), 2)
    }

    func testSearchLimitIsRespected() throws {
        let index = try openIndex()
        try index.store((1...9).map { entry("2017-03-0\($0)", "Comet \($0)") })
        XCTAssertEqual(try index.search("comet", limit: 4).count, 4)
        XCTAssertEqual(try index.matchCount("comet"), 9)
    }

    func testQuerySyntaxIsSearchedAsWords() throws {
        let index = try openIndex()
        try index.store([
            entry("2016-01-01", "Why NOT Mars", explanation: "title: a (bracketed) \"quoted\" star*"),
            entry("2016-01-02", "Mars Alone"),
        ])
        XCTAssertEqual(try index.search("NOT", limit: 10).map(\.title), ["Why NOT Mars"])
        XCTAssertEqual(
            try index.search("mars NOT", limit: 10).map(\.title), ["Why NOT Mars"], "NOT is a word, not an operator")
        XCTAssertEqual(try index.search("title:", limit: 10).map(\.title), ["Why NOT Mars"], "no column filter")
        XCTAssertEqual(try index.search("(bracketed)", limit: 10).count, 1)
        XCTAssertEqual(try index.search("\"quoted", limit: 10).count, 1)
        XCTAssertEqual(try index.search("star*", limit: 10).count, 1)
        XCTAssertEqual(try index.search("mars OR", limit: 10).count, 0, "OR is a word too, found nowhere")
    }

    func testHostileQueriesAnswerWithoutErrors() throws {
        let index = try openIndex()
        try index.store([entry("2015-02-02", "Aurora")])
        let queries = [
            String(repeating: "aurora ", count: 1500), String(repeating: "x", count: 10_000),
            "\"", "\"\"\"", "()", "*", ":", "^", "-", "+", "NEAR(a b)", "a AND", "'; DROP TABLE entries; --",
            "!@#$%^&*()_+{}|:<>?", "\u{0}", "   ", "", "🌌", "a\"b", "col:umn", "NOT NOT NOT",
        ]
        for query in queries {
            XCTAssertNoThrow(try index.search(query, limit: 20), query)
            XCTAssertNoThrow(try index.matchCount(query), query)
        }
        XCTAssertEqual(try index.search("!@#$%^&*()", limit: 20), [])
        XCTAssertEqual(try index.search(String(repeating: "aurora ", count: 1500), limit: 20).map(\.title), ["Aurora"])
        XCTAssertEqual(try index.count(), 1, "the table survived the injection attempt")
    }

    func testOnThisDayListsEveryYearOldestFirst() throws {
        let index = try openIndex()
        try index.store([
            entry("2010-07-04", "B"), entry("1996-07-04", "A"), entry("2010-07-05", "C"), entry("2024-07-04", "D"),
        ])
        XCTAssertEqual(try index.onThisDay(month: 7, day: 4).map(\.title), ["A", "B", "D"])
    }

    func testRandomPicksDistinctEntries() throws {
        let index = try openIndex()
        try index.store((1...20).map { entry(String(format: "2014-04-%02d", $0), "E\($0)") })
        let picked = try index.random(count: 10)
        XCTAssertEqual(picked.count, 10)
        XCTAssertEqual(Set(picked.map(\.date)).count, 10)
    }

    func testSourcesGetSeparateFiles() throws {
        let science = try ArchiveIndex.open(in: folder, partition: "science")
        let mirror = try ArchiveIndex.open(in: folder, partition: "legacy-127.0.0.1_8080")
        try science.store([entry("2013-01-01", "Science")])
        XCTAssertEqual(try mirror.count(), 0)
        XCTAssertNotEqual(science.file, mirror.file)
        XCTAssertEqual(ArchiveIndex.fileName(partition: "legacy-../../x"), "index-legacy-.._.._x.sqlite")
    }

    /// Two copies of NASA's server on one host, told apart by their path only: each has an
    /// index of its own.
    func testSourcesOnOneHostWithDifferentPathsHaveTheirOwnIndex() throws {
        let data = DataFolder(root: folder)
        let first = SourceConfiguration(
            kind: .legacy, apiURL: URL(string: "http://127.0.0.1:8080/a/planetary/apod"),
            cacheDirectory: folder)
        var second = first
        second.apiURL = URL(string: "http://127.0.0.1:8080/b/planetary/apod")!
        try data.openIndex(for: first).store([entry("2013-01-01", "First copy")])
        XCTAssertEqual(try data.openIndex(for: second).count(), 0)
        XCTAssertNotEqual(data.indexFile(for: first), data.indexFile(for: second))
        XCTAssertEqual(try data.openIndex(for: first).entry(for: APODDay("2013-01-01")!)?.title, "First copy")
    }

    /// The index an earlier version named by host and port is moved to the address's name.
    func testAnIndexNamedByHostAndPortIsMovedToTheAddressName() throws {
        let data = DataFolder(root: folder)
        let mirror = SourceConfiguration(
            kind: .legacy, apiURL: URL(string: "http://127.0.0.1:8080/planetary/apod"),
            cacheDirectory: folder)
        let former = folder.appendingPathComponent(ArchiveIndex.fileName(partition: "legacy-127.0.0.1_8080"))
        try ArchiveIndex(file: former).store([entry("2014-02-02", "Kept")])

        let moved = try data.openIndex(for: mirror)
        XCTAssertEqual(moved.file, data.indexFile(for: mirror))
        XCTAssertEqual(try moved.entry(for: APODDay("2014-02-02")!)?.title, "Kept")
        for suffix in ["", "-wal", "-shm"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: former.path + suffix), "moved: \(suffix)")
        }
    }

    func testGarbageFileIsSetAsideAndRebuilt() throws {
        let file = folder.appendingPathComponent(ArchiveIndex.fileName(partition: "science"))
        try Data(repeating: 0x5A, count: 64 * 1024).write(to: file)
        let index = try openIndex()
        guard case .indexDamaged(let path, let aside?) = index.notice else {
            return XCTFail("no notice: \(String(describing: index.notice))")
        }
        XCTAssertEqual(path, file.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside))
        XCTAssertTrue(index.notice!.message.contains("set aside"))
        try index.store([entry("2012-02-02", "Fresh")])
        XCTAssertEqual(try index.count(), 1)
        XCTAssertNil(try openIndex().notice, "the rebuilt file opens cleanly")
    }

    /// An index of 400 entries with long explanations, closed (so all of it is in the file).
    private func filledIndexFile() throws -> URL {
        let index = try openIndex()
        let long = String(repeating: "Words that fill pages of the database. ", count: 40)
        try index.store(
            (0..<400).map {
                entry(APODDay(ordinal: APODDay("2000-01-01")!.ordinal + $0).description, "T\($0)", explanation: long)
            })
        return index.file
    }

    func testTruncatedFileIsSetAsideAndRebuilt() throws {
        let file = try filledIndexFile()
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
        XCTAssertGreaterThan(size, 200_000)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()

        let reopened = try openIndex()
        guard case .indexDamaged(_, _?) = reopened.notice else { return XCTFail("truncation not detected") }
        XCTAssertEqual(try reopened.count(), 0)
    }

    /// A schema version that cannot be ours (negative; 0 or 1 on a version-2 file) is damage:
    /// the file is set aside and rebuilt (a negative one crashed both programs at every start).
    func testImpossibleSchemaVersionsAreDamage() throws {
        for version in [-1, Int(Int32.min), 0, 1] {
            let file = folder.appendingPathComponent(ArchiveIndex.fileName(partition: "science"))
            do {
                let index = try openIndex()
                try index.store([entry("2012-02-02", "Old")])
                try index.database.setUserVersion(version)
            }
            let reopened = try openIndex()
            guard case .indexDamaged(let path, _?) = reopened.notice else {
                return XCTFail("version \(version): \(String(describing: reopened.notice))")
            }
            XCTAssertEqual(path, file.path)
            XCTAssertEqual(try reopened.count(), 0, "version \(version)")
            try reopened.store([entry("2012-02-03", "Fresh")])
            XCTAssertNil(try openIndex().notice, "version \(version): the rebuilt file opens cleanly")
        }
    }

    /// Opening reads the header, not every page (a full check made a cold `apod show` take
    /// 29 s on a large index): a page damaged in the middle is found when it is read, marked,
    /// and the file is set aside on the next opening.
    func testDamageInsideTheFileIsFoundInUseAndSetAsideNextTime() throws {
        let file = try filledIndexFile()
        // Every page but the first twenty (the header and the schema, whose pages are among the
        // first 19 of a new file since the translations' tables made it longer than one page)
        // and the last.
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: 20 * 4096)
        handle.write(Data(repeating: 0xA5, count: size - 21 * 4096))
        try handle.close()

        let opened = try openIndex()
        XCTAssertNil(opened.notice, "the open did not read the damaged pages")
        XCTAssertThrowsError(try opened.entries(from: ArchiveCalendar.firstDay, through: APODDay("2026-01-01")!)) {
            error in
            XCTAssertEqual(error as? APODError, .indexDamaged(path: file.path, setAsideAs: nil))
        }
        let reopened = try openIndex()
        guard case .indexDamaged(_, _?) = reopened.notice else {
            return XCTFail("not set aside: \(String(describing: reopened.notice))")
        }
        XCTAssertEqual(try reopened.count(), 0)
        XCTAssertNil(try openIndex().notice)
    }

    /// Each entry is stored as the labels show it: a 150 KB explanation, a 10 KB title and a
    /// 10 KB address cannot grow the index without bound.
    func testStoredEntriesAreBounded() throws {
        let index = try openIndex()
        var huge = entry(
            "2020-02-02", String(repeating: "Title ", count: 2000),
            explanation: String(repeating: "Long words of a hostile explanation. ", count: 4000),
            copyright: String(repeating: "C", count: 10_000))
        huge.altText = String(repeating: "alt ", count: 5000)
        huge.pageURL = URL(string: "https://example.org/" + String(repeating: "p", count: 10_000))
        try index.store([huge])
        let stored = try XCTUnwrap(try index.entry(for: huge.date))
        XCTAssertLessThanOrEqual(stored.explanation.count, BoundedText.explanationLimit)
        XCTAssertTrue(stored.explanation.hasPrefix("Long words of a hostile explanation."))
        XCTAssertLessThanOrEqual(stored.title.count, BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(stored.copyright?.count ?? 0, BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(stored.altText?.count ?? 0, BoundedText.altTextLimit)
        XCTAssertNil(stored.pageURL, "an address past any real one is left out, not cut")
        XCTAssertEqual(stored.imageURL, huge.imageURL)
        XCTAssertEqual(try index.search("hostile", limit: 5).count, 1)
    }

    func testFutureSchemaIsRefusedAndLeftAlone() throws {
        let file = folder.appendingPathComponent(ArchiveIndex.fileName(partition: "science"))
        do {
            let database = try SQLiteDatabase(path: file.path)
            try database.execute("CREATE TABLE future (x)")
            try database.setUserVersion(ArchiveIndex.migrations.count + 1)
        }
        let before = try Data(contentsOf: file)
        XCTAssertThrowsError(try openIndex()) { error in
            XCTAssertEqual(error as? APODError, .indexTooNew(path: file.path))
            XCTAssertTrue((error as? APODError)?.message.contains("newer version") == true)
        }
        XCTAssertEqual(try Data(contentsOf: file), before)
    }

    func testAFullDiskFailsTheWriteAndKeepsWhatWasThere() throws {
        let index = try openIndex()
        try index.store([entry("2011-11-11", "Kept")])
        let pages = try index.database.integer("PRAGMA page_count")
        try index.database.setMaxPageCount(pages + 2)
        let long = String(repeating: "A long explanation. ", count: 400)
        let many = (0..<200).map {
            entry(APODDay(ordinal: APODDay("2001-01-01")!.ordinal + $0).description, "F\($0)", explanation: long)
        }
        XCTAssertThrowsError(try index.store(many)) { error in
            XCTAssertEqual(error as? APODError, .diskFull(path: index.file.path))
        }
        XCTAssertEqual(try index.count(), 1, "the failed batch left nothing half-written")
        XCTAssertEqual(try index.search("kept", limit: 5).count, 1)
    }

    func testTwoConnectionsWriteAtOnce() async throws {
        let first = try openIndex()
        let second = try openIndex()
        let base = APODDay("2005-01-01")!.ordinal
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, index) in [first, second].enumerated() {
                group.addTask {
                    for batch in 0..<20 {
                        let days = (0..<10).map { APODDay(ordinal: base + offset * 1000 + batch * 10 + $0) }
                        try index.store(days.map { APODEntry(date: $0, title: "T\($0)") })
                    }
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(try first.count(), 400)
    }
}

extension ArchiveIndexTests {
    func testVeryCommonWordsListTitleMatchesThenTheNewest() throws {
        let index = try ArchiveIndex.open(
            in: FileManager.default.temporaryDirectory.appendingPathComponent("common-\(UUID().uuidString)"),
            partition: "science")
        defer { try? FileManager.default.removeItem(at: index.file.deletingLastPathComponent()) }
        let first = APODDay("2000-01-01")!.ordinal
        let count = ArchiveIndex.rankedMatchLimit + 10
        try index.store(
            (0..<count).map { offset in
                APODEntry(
                    date: APODDay(ordinal: first + offset), title: offset == 7 ? "Dust Everywhere" : "Entry \(offset)",
                    explanation: "Some dust in the picture.")
            })
        let found = try index.search("dust", limit: 3)
        XCTAssertEqual(found.map(\.title), ["Dust Everywhere", "Entry \(count - 1)", "Entry \(count - 2)"])
        XCTAssertEqual(try index.matchCount("dust"), count)
    }
}
