import TestSupport
import XCTest

@testable import APODCore

/// `apod sync`, `search`, `favorites` and `on-this-day` end to end: a real process against
/// a legacy service holding a whole synthetic archive (one range request per 31-day window).
final class ArchiveCommandTests: CoreTestCase {
    private var home: URL!
    private var server: FakeHTTPServer!
    private var environment: [String: String] = [:]
    private var archive: [String: String] = [:]

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// Starts the service; `delay` slows every answer down (for the kill test); `entries`
    /// replace the fixtures of their days (JSON by day).
    private func startService(delay: TimeInterval = 0, entries: [String: String] = [:]) throws {
        let calendar = ArchiveCalendar()
        archive = [:]
        for day in DayFetching.days(from: ArchiveCalendar.firstDay, through: calendar.today)
        where day != APODDay("2020-06-10") {
            archive[day.description] = LegacyFixtures.entry(day.description)
        }
        archive["2019-07-04"] =
            #"{"date":"2019-07-04","title":"Fireworks over Poznań","explanation":"A (bright) \"show\".","media_type":"image","service_version":"v1","url":"https://apod.nasa.gov/apod/image/f.jpg"}"#
        archive.merge(entries) { $1 }
        let service = FakeLegacyService(entries: archive, today: calendar.today.description)
        if delay > 0 {
            service.override = { _ in
                Thread.sleep(forTimeInterval: delay)
                return nil
            }
        }
        let (server, url) = try service.start()
        self.server = server
        environment = APODProcess.environment(
            home: home, ["APOD_API_URL": url.absoluteString, "APOD_SOURCE": "legacy"])
    }

    private func apod(_ arguments: [String]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: environment, in: home, timeout: 120)
    }

    private func jsonArray(_ text: String) throws -> [[String: Any]] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    private var indexFile: URL {
        let configuration = SourceConfiguration(
            kind: .legacy, apiURL: URL(string: environment["APOD_API_URL"]!)!,
            cacheDirectory: home)
        return DataFolder(root: home.appendingPathComponent(".local/share/apod-viewer")).indexFile(for: configuration)
    }

    func testSyncThenSearchFavouritesAndOnThisDayWithoutRequests() throws {
        try startService()
        let sync = try apod(["sync"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertEqual(sync.stdout.split(separator: "\n").count, 1, "one summary line")
        XCTAssertTrue(
            sync.stdout.hasPrefix(
                "\(DisplayNumber.grouped(archive.count)) pictures in the index; the service has no entry for 1 day ("),
            sync.stdout)
        XCTAssertEqual(sync.stderr, "", "no warning when only absent days are missing")
        XCTAssertTrue(FileManager.default.fileExists(atPath: indexFile.path), "the index lives in the data folder")

        let before = server.requests.count
        let again = try apod(["sync"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertLessThanOrEqual(server.requests.count - before, 3, "an up-to-date index costs at most 3 requests")

        let requestsAfterSync = server.requests.count
        let found = try apod(["search", "poznan", "--json"])
        XCTAssertEqual(found.status, 0, found.stderr)
        let results = try jsonArray(found.stdout)
        XCTAssertEqual(results.map { $0["date"] as? String }, ["2019-07-04"])
        XCTAssertEqual(Set(results[0].keys), Set(EntryJSON.keys))
        XCTAssertEqual(try jsonArray(try apod(["search", "picture", "--limit", "7", "--json"]).stdout).count, 7)
        XCTAssertEqual(
            try jsonArray(try apod(["search", "(bright)", "\"show", "NOT", "--json"]).stdout).count, 0,
            "NOT is a word that entry lacks")
        XCTAssertEqual(try jsonArray(try apod(["search", "(bright)", "\"show", "--json"]).stdout).count, 1)
        let punctuation = try apod(["search", "()*:\"", "--json"])
        XCTAssertEqual(punctuation.status, 0)
        XCTAssertEqual(try jsonArray(punctuation.stdout).count, 0)
        let text = try apod(["search", "fireworks"])
        XCTAssertEqual(text.stdout, "2019-07-04  Fireworks over Poznań\n")

        let onThisDay = try jsonArray(try apod(["on-this-day", "07-04", "--json"]).stdout)
        XCTAssertEqual(onThisDay.first?["date"] as? String, "1995-07-04")
        XCTAssertEqual(
            onThisDay.count,
            ArchiveCalendar().today >= APODDay(year: ArchiveCalendar().today.year, month: 7, day: 4)!
                ? ArchiveCalendar().today.year - 1994 : ArchiveCalendar().today.year - 1995)

        let random = try apod(["random", "--count", "20", "--json"])
        XCTAssertEqual(try jsonArray(random.stdout).count, 20)
        let range = try apod(["range", "2020-06-01", "2020-06-30", "--json"])
        XCTAssertEqual(try jsonArray(range.stdout).count, 29)
        XCTAssertEqual(
            server.requests.count, requestsAfterSync, "search, on-this-day, random and range came from the index")

        XCTAssertEqual(try apod(["favorites", "add", "2019-07-04"]).status, 0)
        XCTAssertEqual(try apod(["favorites", "add", "1999-01-01"]).status, 0)
        let favourites = try jsonArray(try apod(["favorites", "--json"]).stdout)
        XCTAssertEqual(favourites.map { $0["date"] as? String }, ["1999-01-01", "2019-07-04"])
        XCTAssertEqual(try apod(["favorites", "remove", "1999-01-01"]).status, 0)
        XCTAssertEqual(try apod(["favorites"]).stdout, "2019-07-04  Fireworks over Poznań\n")
    }

    /// A service that answers every range with nothing: the windows are counted, not listed
    /// (459 of them made an 11.5 KB line), and none is marked done.
    func testASyncAnsweredWithNothingSummarisesTheWindows() throws {
        let service = FakeLegacyService(entries: [:], today: ArchiveCalendar().today.description)
        service.override = { request in request.query["start_date"] != nil ? .json("[]") : nil }
        let (server, url) = try service.start()
        self.server = server
        environment = APODProcess.environment(
            home: home, ["APOD_API_URL": url.absoluteString, "APOD_SOURCE": "legacy"])
        let sync = try apod(["sync"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        let empty = try XCTUnwrap(sync.stderrLines.first { $0.contains("days could not be fetched") })
        XCTAssertTrue(empty.contains("stretches of days between 1995-06-16 and"), empty)
        XCTAssertLessThan(empty.count, 200, empty)
        XCTAssertTrue(sync.stderrLines.allSatisfy { $0.count < 200 }, sync.stderr)
        XCTAssertTrue(sync.stdout.hasPrefix("0 pictures"), sync.stdout)
    }

    /// `apod status`: one line with the same figures as `apod sync`, before and after it.
    func testStatusSaysPicturesAbsentAndFailedDaysAndTheLastSync() throws {
        try startService()
        let before = try apod(["status"])
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertTrue(before.stdout.hasPrefix("0 pictures in the index; "), before.stdout)
        XCTAssertTrue(before.stdout.contains("days not downloaded yet; never synced: run apod sync."), before.stdout)

        let sync = try apod(["sync"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        let requests = server.requests.count
        let after = try apod(["status"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(server.requests.count, requests, "status asks nothing of the service")
        let line = after.stdout.trimmingCharacters(in: .newlines)
        XCTAssertEqual(line.split(separator: "\n").count, 1)
        XCTAssertTrue(
            line.hasPrefix(
                "\(DisplayNumber.grouped(archive.count)) pictures in the index; the service has no entry for 1 day; last synced 20"
            ), line)
        XCTAssertTrue(line.hasSuffix(" UTC."), line)
        XCTAssertTrue(sync.stdout.hasPrefix(String(line.prefix { $0 != ";" })), "the same figures as sync")

        let json = try apod(["status", "--json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["pictures"] as? Int, archive.count)
        XCTAssertEqual(object["absent_days"] as? Int, 1)
        XCTAssertEqual(object["failed_days"] as? Int, 0)
        XCTAssertEqual(object["complete"] as? Bool, true)
        XCTAssertNotNil(object["last_sync"] as? String)
    }

    /// An index the user cannot write (its file and folder write-protected) is still searched:
    /// a search opens it read-only (was "attempt to write a readonly database").
    func testAWriteProtectedIndexCanBeSearched() throws {
        try startService()
        let data = indexFile.deletingLastPathComponent()
        do {
            let index = try ArchiveIndex(file: indexFile)
            try index.store([APODEntry(date: APODDay("2019-07-04")!, title: "Fireworks over Poznań")])
        }
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path)
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: indexFile.path)
        try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: data.path)
        defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path) }
        let found = try APODProcess.run(
            ["search", "poznan"], environment: environment, in: home, timeout: 60, unprivileged: true)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertEqual(found.stdout, "2019-07-04  Fireworks over Poznań\n")
        XCTAssertFalse(found.stderr.contains("readonly"), found.stderr)
    }

    func testObjectsListTheirCountsAndAnObjectItsEntriesNewestFirst() throws {
        func entry(_ day: String, _ title: String, _ explanation: String) -> String {
            #"{"date":"\#(day)","title":"\#(title)","explanation":"\#(explanation)","media_type":"image","service_version":"v1","url":"https://apod.nasa.gov/apod/image/\#(day).jpg"}"#
        }
        try startService(entries: [
            "2018-01-02": entry("2018-01-02", "M31: The Andromeda Galaxy", "With its companions M32 and M110."),
            "2018-01-04": entry("2018-01-04", "Andromeda Rising", "Messier 31 over the Alps, near the Orion Nebula."),
            "2018-01-06": entry("2018-01-06", "Horsehead and Orion Nebulas", "Dust in Orion."),
            "2018-01-08": entry("2018-01-08", "Saturn V at Dawn", "A Saturn V rocket."),
        ])
        XCTAssertEqual(try apod(["range", "2018-01-01", "2018-01-10"]).status, 0, "indexes those days")

        let list = try apod(["objects"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(
            list.stdout.split(separator: "\n").prefix(2), ["2  M31 · Andromeda Galaxy", "2  M42 · Orion Nebula"])
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 5, "M31, M42, M32, M110, Barnard 33: \(list.stdout)")
        XCTAssertTrue(list.stderr.contains("apod sync"), "the index holds a few days: \(list.stderr)")
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try apod(["objects", "nebula", "--json"]).stdout.utf8))
                as? [[String: Any]])
        XCTAssertEqual(json.map { $0["id"] as? String }, ["M31", "M42", "Barnard 33"])
        XCTAssertEqual(json.first?["name"] as? String, "Andromeda Galaxy")
        XCTAssertEqual(json.first?["count"] as? Int, 2)
        XCTAssertEqual(Set(json[0].keys), ["id", "name", "count"])

        for query in [["M31"], ["messier", "31"], ["andromeda galaxy"], ["NGC", "224"]] {
            let entries = try jsonArray(try apod(["objects"] + query + ["--json"]).stdout)
            XCTAssertEqual(entries.map { $0["date"] as? String }, ["2018-01-04", "2018-01-02"], "\(query)")
            XCTAssertEqual(Set(entries[0].keys), Set(EntryJSON.keys))
        }
        let text = try apod(["objects", "Horsehead"])
        XCTAssertEqual(
            text.stdout, "Barnard 33 · Horsehead Nebula (1), newest first:\n2018-01-06  Horsehead and Orion Nebulas\n")
        XCTAssertEqual(
            try apod(["search", "Messier 31", "--json"]).stdout,
            try apod(["search", "andromeda galaxy", "--json"]).stdout)

        let none = try apod(["objects", "M13"])
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.contains("no pictures of M13"), none.stderr)
        let unknown = try apod(["objects", "quasar"])
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.contains("no sky objects match \"quasar\""), unknown.stderr)
        XCTAssertEqual(try apod(["objects", "--jsn"]).status, 2)
    }

    func testUsageErrorsExitTwo() throws {
        try startService()
        for arguments in [
            ["search"], ["search", "x", "--limit", "0"], ["search", "x", "--limit", "501"],
            ["favorites", "add"], ["favorites", "add", "2019-02-30"], ["favorites", "frob", "2019-01-01"],
            ["on-this-day", "13-01"], ["on-this-day", "7-4"], ["sync", "--json"], ["sync", "extra"],
            ["search", "x", "--data-dir"], ["search", "moon", "--limit", "5", "--limit", "7"],
            ["search", "moon", "--limit=5", "--limit", "7"], ["search", "--foo"], ["search", "moon", "-x"],
            ["random", "--count", "2", "--count", "3"],
        ] {
            let result = try apod(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("apod: "), result.stderr)
        }
        XCTAssertEqual(try apod(["on-this-day", "02-29", "--json"]).status, 0)
        let dashed = try apod(["search", "--limit", "3", "--", "-moon"])
        XCTAssertEqual(dashed.status, 0, "after --, a word may start with a dash: \(dashed.stderr)")
    }

    /// A search that finds nothing repeats a few dozen characters of the query, not 1 MB.
    func testANoMatchMessageRepeatsOnlyTheStartOfTheQuery() throws {
        try startService()
        // 1 MB in 16 words (one argument may not pass 128 KB).
        let words = ["zzqx"] + Array(repeating: String(repeating: "w", count: 64 * 1024), count: 16)
        let result = try apod(["search"] + words)
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try XCTUnwrap(result.stderrLines.first { $0.contains("no pictures match") })
        XCTAssertTrue(line.contains("\"zzqx www"), line)
        XCTAssertLessThan(line.count, 120, line)
        XCTAssertLessThan(result.stderr.utf8.count, 1000)
    }

    /// A FIFO at `library.sqlite` hung `apod favorites` for ever inside SQLite's open.
    func testAFIFOAsTheLibraryIsRefusedByName() throws {
        let folder = home.appendingPathComponent(".local/share/apod-viewer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let library = folder.appendingPathComponent(UserLibrary.fileName)
        XCTAssertEqual(mkfifo(library.path, 0o600), 0)
        let result = try APODProcess.run(
            ["favorites"], environment: APODProcess.environment(home: home), in: home, timeout: 10)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderrLines, ["apod: " + APODError.notARegularFile(path: library.path).message])
    }

    func testAnObjectsQueryMatchingNothingIsRepeatedOnlyInPart() throws {
        try startService()
        let query = "zzqx " + String(repeating: "w", count: 120 * 1024)
        let result = try apod(["objects", query])
        let line = try XCTUnwrap(result.stderrLines.first { $0.contains("no sky objects match") }, result.stderr)
        XCTAssertTrue(line.contains("\"zzqx www"), line)
        XCTAssertLessThan(line.count, 120, line)
        XCTAssertLessThan(result.stderr.utf8.count, 1000)
    }

    func testADataDirFlagPutsTheFilesThere() throws {
        try startService()
        let folder = home.appendingPathComponent("elsewhere")
        XCTAssertEqual(try apod(["--data-dir", folder.path, "favorites", "add", "2001-01-01"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(UserLibrary.fileName).path))
        XCTAssertEqual(try apod(["favorites"]).stdout, "", "the default folder has none")
    }

    func testADamagedIndexIsReportedAndRebuilt() throws {
        try startService()
        try FileManager.default.createDirectory(
            at: indexFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 7, count: 10_000).write(to: indexFile)
        let result = try apod(["search", "moon"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("was damaged"), result.stderr)
        XCTAssertFalse(try apod(["search", "moon"]).stderr.contains("damaged"), "said once")
    }

    func testAFutureIndexIsRefusedWithAClearMessage() throws {
        try startService()
        try FileManager.default.createDirectory(
            at: indexFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SQLiteDatabase(path: indexFile.path).setUserVersion(99)
        let result = try apod(["search", "moon"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["apod: " + APODError.indexTooNew(path: indexFile.path).message])
        let show = try apod(["show", "2001-01-01", "--json"])
        XCTAssertEqual(show.status, 0, "the other commands still work without the index")
    }

    /// `--no-cache` is about the cache folder: the archive index is the user's data in the data
    /// folder (like the favourites) and is still read and written.
    func testNoCacheLeavesTheCacheFolderAloneButUsesTheIndex() throws {
        try startService()
        let range = try apod(["--no-cache", "range", "2019-07-01", "2019-07-07", "--json"])
        XCTAssertEqual(range.status, 0, range.stderr)
        XCTAssertEqual(try jsonArray(range.stdout).count, 7)
        let files =
            FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)?.compactMap { ($0 as? URL)?.path }
            ?? []
        XCTAssertFalse(files.contains { $0.contains("/.cache/") }, "nothing written to the cache: \(files)")
        XCTAssertEqual(
            try ArchiveIndex(file: indexFile).entries(from: APODDay("2019-07-01")!, through: APODDay("2019-07-07")!)
                .count, 7)

        let before = server.requests.count
        let show = try apod(["--no-cache", "show", "2019-07-04", "--json"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("Poznań"), show.stdout)
        XCTAssertEqual(server.requests.count, before, "an indexed past day is read from the index")
    }

    func testASyncKilledMidWayResumesWithoutDuplicatesOrHalfWindows() throws {
        try startService(delay: 0.02)
        let process = Process()
        process.executableURL = try APODProcess.binary()
        process.arguments = ["sync"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while server.requests.count < 40 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        let index = try ArchiveIndex(file: indexFile)
        // The current window is marked done through yesterday, but today's entry is written with it.
        let today = ArchiveCalendar().today
        let spans = try index.coveredSpans().map {
            $0.upperBound == today.adding(days: -1) ? $0.lowerBound...today : $0
        }
        let left = try ArchiveSync(source: LegacySource(client: TestHTTP.client()), index: index).windowsToFetch()
        let windows = ArchiveSync.windows(size: 31, through: ArchiveCalendar().today)
        XCTAssertGreaterThan(windows.count - left.count, 20)
        XCTAssertGreaterThan(left.count, 20)
        func inArchive(_ span: ClosedRange<APODDay>) -> Int {
            archive.keys.filter { APODDay($0).map(span.contains) ?? false }.count
        }
        for span in spans {
            XCTAssertEqual(
                try index.entries(from: span.lowerBound, through: span.upperBound).count, inArchive(span), "\(span)")
        }
        XCTAssertEqual(try index.count(), spans.reduce(0) { $0 + inArchive($1) }, "nothing outside finished windows")

        let before = server.requests.count
        let resumed = try apod(["sync"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertLessThanOrEqual(server.requests.count - before, left.count, "only what was left")
        XCTAssertEqual(try index.count(), archive.count)
    }
}
