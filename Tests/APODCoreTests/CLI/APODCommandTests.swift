import TestSupport
import XCTest

@testable import APODCore

/// The `apod` command end to end: a real process against the fake services.
final class APODCommandTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String], _ env: [String: String] = [:]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    private func scienceService(
        _ entries: [String: String], override: (@Sendable (FakeRequest) -> FakeResponse?)? = nil
    )
        throws -> (FakeHTTPServer, [String: String])
    {
        var service = FakeScienceService(entries: entries)
        service.override = override
        let (server, url) = try service.start()
        return (server, ["APOD_API_URL": url.absoluteString])
    }

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    // MARK: usage

    func testHelpAndVersion() throws {
        let help = try apod(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Usage: apod"))
        XCTAssertTrue(help.stdout.contains("download [YYYY-MM-DD] [--hd] [-o PATH] [--force]"))
        XCTAssertEqual(help.stderr, "")
        let version = try apod(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "apod \(AppVersion.current)\n")
    }

    func testAMistypedOptionIsNamedAsUnknown() throws {
        let result = try apod(["show", "--jsn"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderrLines.first, "apod: Unknown option \"--jsn\".")
    }

    /// The metainfo's newest release is the version both programs report.
    func testTheMetainfoReleaseIsTheAppVersion() throws {
        let metainfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/io.github.apodviewer.APODViewer.metainfo.xml").standardized
        let text = try String(contentsOf: metainfo, encoding: .utf8)
        let first = try XCTUnwrap(text.range(of: "<release version=\""))
        let version = text[first.upperBound...].prefix { $0 != "\"" }
        XCTAssertEqual(String(version), AppVersion.current)
    }

    // MARK: the preferences file

    private func writeConfig(_ text: String) throws -> URL {
        let file = home.appendingPathComponent("config/apod-viewer/config")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func testABadConfigValueIsNamedOnceAndTheDefaultUsed() throws {
        let (server, env) = try scienceService(["2024-01-01": ScienceFixtures.image])
        defer { server.stop() }
        let file = try writeConfig("# mine\nsource=bogus\n")
        let result = try apod(["show", "2024-01-01", "--json"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("apod: \(file.path), line 2: unknown source \"bogus\""), result.stderr)
        XCTAssertEqual(
            (try json(result.stdout) as? [String: Any])?["date"] as? String, "2024-01-01",
            "the default science source answered")
    }

    func testAnOversizedConfigIsRefusedWithAMessage() throws {
        let (server, env) = try scienceService(["2024-01-01": ScienceFixtures.image])
        defer { server.stop() }
        let file = try writeConfig("source=offline\n" + String(repeating: "x", count: 32 << 20))
        let result = try apod(["show", "2024-01-01"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderrLines, ["apod: " + APODError.settingsTooLarge(path: file.path).message])
    }

    /// A FIFO at the settings file blocked every `apod` command for ever in `open`.
    func testAFIFOAsTheConfigIsNamedAndTheDefaultsUsed() throws {
        let (server, env) = try scienceService(["2024-01-01": ScienceFixtures.image])
        defer { server.stop() }
        let file = home.appendingPathComponent("config/apod-viewer/config")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        let result = try APODProcess.run(
            ["show", "2024-01-01"], environment: APODProcess.environment(home: home, env), in: home, timeout: 10)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderrLines, ["apod: " + APODError.notARegularFile(path: file.path).message])
        var status = stat()
        XCTAssertEqual(lstat(file.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO is left where it is")
    }

    func testUsageErrorsExitTwoWithUsageOnStderr() throws {
        let cases: [([String], [String: String])] = [
            ([], [:]),
            (["frobnicate"], [:]),
            (["show", "2020-13-01"], [:]),
            (["show", "yesterday"], [:]),
            (["show", "2020-01-01", "2020-01-02"], [:]),
            (["random", "--count", "0"], [:]),
            (["random", "--count", "101"], [:]),
            (["random", "--count"], [:]),
            (["range", "2020-01-02", "2020-01-01"], [:]),
            (["range", "2019-01-01", "2020-01-02"], [:]),
            (["range", "2020-01-01"], [:]),
            (["--source", "moon", "show"], [:]),
            (["show"], ["APOD_TIMEOUT": "forever"]),
            (["show", "--bogus"], [:]),
            (["show", "--jsn"], [:]),
            (["--jsn", "show"], [:]),
            (["random", "-j"], [:]),
            (["download", "--hd", "--forse"], [:]),
        ]
        for (arguments, env) in cases {
            let result = try apod(arguments, env)
            XCTAssertEqual(result.status, 2, "\(arguments) \(env): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("apod: "), "\(arguments)")
            XCTAssertTrue(result.stderr.contains("Usage: apod"), "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    // MARK: science

    func testShowJSONHasExactlyTheContractKeys() throws {
        let (server, env) = try scienceService(["2024-01-01": ScienceFixtures.image])
        defer { server.stop() }
        let result = try apod(["show", "2024-01-01", "--json"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(try json(result.stdout) as? [String: Any])
        XCTAssertEqual(
            Set(object.keys),
            [
                "date", "title", "explanation", "copyright", "media_type", "image_url",
                "hd_image_url", "thumbnail_url", "video_url", "page_url", "alt_text",
            ])
        XCTAssertEqual(object["date"] as? String, "2024-01-01")
        XCTAssertEqual(object["title"] as? String, "Aurora & the \u{2019}Moon\u{2019}")
        XCTAssertEqual(object["copyright"] as? String, "Jane Doe")
        XCTAssertEqual(object["media_type"] as? String, "image")
        XCTAssertTrue(object["video_url"] is NSNull)
        XCTAssertTrue((object["hd_image_url"] as? String)?.hasPrefix("https://assets.science.nasa.gov/") ?? false)
    }

    func testShowLatestAsReadableText() throws {
        let (server, env) = try scienceService([
            "2024-01-01": ScienceFixtures.image, "2023-07-04": ScienceFixtures.videoWithPoster,
        ])
        defer { server.stop() }
        let result = try apod(["show"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "2024 Jan. 1 — Aurora & the \u{2019}Moon\u{2019}")
        XCTAssertEqual(lines[1], "© Jane Doe")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 78 || $0.hasPrefix("Image:") || $0.hasPrefix("Page:") })
        XCTAssertTrue(result.stdout.contains("Page:     https://science.nasa.gov/apod/2024/01/01/aurora-and-moon/"))
        XCTAssertEqual(server.requests.first?.query["per_page"], "1")
    }

    /// `show` prints a video's player, fetched from its page; `range --json` gets a month's
    /// players in one request per page span: a month with five videos is four requests.
    func testVideoAddressesArePrintedAtTheCostOfOneRequestPerPageSpan() throws {
        var entries: [String: String] = [:]
        var pages: [String: String] = [:]
        for day in 1...31 {
            let date = String(format: "2020-12-%02d", day)
            let isVideo = [2, 9, 17, 25, 30].contains(day)
            entries[date] =
                isVideo
                ? ScienceFixtures.videoWithPoster.replacingOccurrences(of: "2023-07-04", with: date)
                : ScienceFixtures.entry(date)
            if isVideo {
                pages[date] = ScienceFixtures.videoPage.replacingOccurrences(of: "AbCdEfGhIjK", with: "v\(day)")
            }
        }
        var service = FakeScienceService(entries: entries)
        service.videoPages = pages
        let (server, url) = try service.start()
        defer { server.stop() }
        let env = ["APOD_API_URL": url.absoluteString]

        let range = try apod(["range", "2020-12-01", "2020-12-31", "--json"], env)
        XCTAssertEqual(range.status, 0, range.stderr)
        let listed = try XCTUnwrap(try json(range.stdout) as? [[String: Any]])
        XCTAssertEqual(listed.count, 31)
        XCTAssertEqual(listed.compactMap { $0["video_url"] as? String }.count, 5)
        XCTAssertEqual(server.requests.count, 4, "two pages of entries, two of video pages")

        let show = try apod(["show", "2020-12-09"], env)
        XCTAssertTrue(show.stdout.contains("Video:    https://www.youtube.com/embed/v9?rel=0&autoplay=0"), show.stdout)
        XCTAssertEqual(server.requests.count, 4, "the player fetched by range was kept")
    }

    func testPastDayWithoutEntryExitsOneWithOneLine() throws {
        let (server, env) = try scienceService([:])
        defer { server.stop() }
        let result = try apod(["show", "2020-06-10"], env)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["apod: No picture was published on 2020 Jun. 10. Try another day."])
        XCTAssertEqual(result.stdout, "")
    }

    func testOutOfRangeDateExitsOneNamingTheRangeWithoutARequest() throws {
        let (server, env) = try scienceService([:])
        defer { server.stop() }
        let result = try apod(["show", "1995-06-15"], env)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.contains("pick a date from 1995 Jun. 16 to "))
        XCTAssertTrue(server.requests.isEmpty)
    }

    func testTodayNotYetPublishedFallsBackAndSaysSo() throws {
        let today = ArchiveCalendar().today
        let yesterday = today.adding(days: -1).description
        let (server, env) = try scienceService([yesterday: ScienceFixtures.entry(yesterday)])
        defer { server.stop() }
        let result = try apod(["show", today.description, "--json"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((try json(result.stdout) as? [String: Any])?["date"] as? String, yesterday)
        XCTAssertTrue(result.stderr.contains("not published yet"), result.stderr)
    }

    func testRandomReturnsDistinctEntries() throws {
        let (server, env) = try scienceService(
            [:],
            override: { request in
                guard let compact = request.path.split(separator: "/").last,
                    let day = FakeScienceService.day(compact: String(compact))
                else { return nil }
                return .json(ScienceFixtures.entry(day))
            })
        defer { server.stop() }
        let result = try apod(["random", "--count", "5", "--json", "--no-cache"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(try json(result.stdout) as? [[String: Any]])
        XCTAssertEqual(array.count, 5)
        XCTAssertEqual(Set(array.compactMap { $0["date"] as? String }).count, 5)
    }

    /// 30 % of the archive answers 503 however often it is asked: the batch replaces those
    /// days with others and still prints 40 entries, all of them cached.
    func testRandomSurvivesAFlakyService() throws {
        let failing: @Sendable (APODDay) -> Bool = { $0.ordinal % 10 < 3 }
        let (server, env) = try scienceService(
            [:],
            override: { request in
                guard let day = APODDay.asked(by: request) else { return nil }
                return failing(day)
                    ? .html("<h1>503 Service Unavailable</h1>", status: 503)
                    : .json(ScienceFixtures.entry(day.description))
            })
        defer { server.stop() }
        let cacheDirectory = home.appendingPathComponent("c")
        let result = try apod(
            ["random", "--count", "40", "--json"], env.merging(["APOD_CACHE_DIR": cacheDirectory.path]) { $1 })
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let days = try XCTUnwrap(try json(result.stdout) as? [[String: Any]]).compactMap {
            ($0["date"] as? String).flatMap(APODDay.init)
        }
        XCTAssertEqual(Set(days).count, 40)
        XCTAssertTrue(days.allSatisfy { !failing($0) })
        XCTAssertTrue(server.requests.contains { APODDay.asked(by: $0).map(failing) == true }, "the fault was met")

        let partition = SourceConfiguration(
            kind: .science, apiURL: URL(string: env["APOD_API_URL"]!)!,
            cacheDirectory: cacheDirectory
        ).cachePartition
        let cache = MetadataCache(root: cacheDirectory, partition: partition, calendar: ArchiveCalendar())
        for day in days {
            guard case .entry = cache.lookup(day) else { return XCTFail("\(day) is not cached") }
        }
    }

    /// Only one day in ten is published: the batch ends at its budget with what it found, and
    /// says so on stderr.
    func testRandomShortOfDaysPrintsWhatItFoundAndSaysSo() throws {
        let (server, env) = try scienceService(
            [:],
            override: { request in
                guard let day = APODDay.asked(by: request) else { return nil }
                return day.ordinal % 10 == 0
                    ? .json(ScienceFixtures.entry(day.description)) : .json(ScienceFixtures.notFound, status: 404)
            })
        defer { server.stop() }
        let result = try apod(["random", "--count", "40", "--json", "--no-cache"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(try json(result.stdout) as? [[String: Any]])
        XCTAssertGreaterThan(array.count, 0)
        XCTAssertLessThan(array.count, 40)
        XCTAssertEqual(
            result.stderrLines, ["apod: only \(array.count) of 40 random pictures could be fetched; showing those."])
    }

    func testUnreachableServiceExitsOne() throws {
        let (server, env) = try scienceService([:])
        server.stop()
        let result = try apod(["show", "2020-01-01", "--no-cache"], env)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["apod: " + APODError.unreachable.message])
    }

    func testCachedDayIsAnsweredWithoutTheService() throws {
        let (server, env) = try scienceService(["2020-01-01": ScienceFixtures.entry("2020-01-01")])
        let cache = ["APOD_CACHE_DIR": home.appendingPathComponent("c").path]
        XCTAssertEqual(try apod(["show", "2020-01-01"], env.merging(cache) { $1 }).status, 0)
        server.stop()
        let again = try apod(["show", "2020-01-01", "--json"], env.merging(cache) { $1 })
        XCTAssertEqual(again.status, 0, again.stderr)
        let offline = try apod(["--source", "offline", "show", "2020-01-01"], cache)
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertTrue(offline.stdout.hasPrefix("2020 Jan. 1 — Picture of 2020-01-01"))
    }

    func testFlagsWinOverEnvironment() throws {
        let (server, env) = try scienceService(["2020-01-01": ScienceFixtures.entry("2020-01-01")])
        defer { server.stop() }
        let result = try apod(
            ["--api-url", env["APOD_API_URL"]!, "show", "2020-01-01"],
            [
                "APOD_API_URL": "http://127.0.0.1:9/wp-json/wp/v2/apod-basic", "APOD_SOURCE": "offline",
                "APOD_CACHE_DIR": home.path,
            ])
        XCTAssertEqual(result.status, 1, "APOD_SOURCE=offline still applies: the flag only replaced the URL")
        let both = try apod(
            ["--source", "science", "--api-url", env["APOD_API_URL"]!, "show", "2020-01-01"],
            ["APOD_API_URL": "http://127.0.0.1:9/wp-json/wp/v2/apod-basic", "APOD_SOURCE": "offline"])
        XCTAssertEqual(both.status, 0, both.stderr)
    }

    // MARK: legacy

    func testLegacyRangeAscendingJSON() throws {
        let days = ["2019-01-01", "2019-01-02", "2019-01-04"]
        let service = FakeLegacyService(
            entries: Dictionary(uniqueKeysWithValues: days.map { ($0, LegacyFixtures.entry($0)) }),
            validKey: "k3y", today: "2026-11-28")
        let (server, url) = try service.start()
        defer { server.stop() }
        let result = try apod(
            ["range", "2019-01-01", "2019-01-05", "--json"],
            ["APOD_SOURCE": "legacy", "APOD_API_URL": url.absoluteString, "NASA_API_KEY": "k3y\n"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(try json(result.stdout) as? [[String: Any]])
        XCTAssertEqual(array.compactMap { $0["date"] as? String }, days)
        XCTAssertEqual(server.requests.first?.query["api_key"], "k3y")
    }

    func testLegacyRateLimitExitsOneWithoutShowingTheKey() throws {
        let service = FakeLegacyService(entries: [:], validKey: "secret-key-123", today: "2026-11-28")
        service.override = { _ in
            .json(LegacyFixtures.gatewayRateLimit, status: 429, headers: ["X-RateLimit-Remaining": "0"])
        }
        let (server, url) = try service.start()
        defer { server.stop() }
        let result = try apod([
            "--source", "legacy", "--api-url", url.absoluteString, "--api-key", "secret-key-123",
            "show", "2020-01-01",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["apod: " + APODError.rateLimited.message])
        XCTAssertTrue(result.stderr.contains("NASA_API_KEY") && result.stderr.contains("Preferences"), result.stderr)
        XCTAssertFalse(
            result.stderr.contains("--api-key"), "a key given as a flag shows in /proc/PID/cmdline: not advised")
        XCTAssertFalse(result.stderr.contains("secret-key-123"))
        XCTAssertFalse(result.stdout.contains("secret-key-123"))
        XCTAssertEqual(server.requests.count, 1)
    }

    func testLowQuotaIsReportedAfterSuccess() throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in .json(LegacyFixtures.entry("2020-01-01"), headers: ["X-RateLimit-Remaining": "3"]) }
        let (server, url) = try service.start()
        defer { server.stop() }
        let result = try apod(["--source", "legacy", "--api-url", url.absoluteString, "show", "2020-01-01"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderrLines, ["apod: 3 requests left this hour for this API key."])
    }

    // MARK: download

    // Computed, not stored: LeakSanitizer cannot see the packed pointer inside a global `Data`.
    private static var png: Data { StructuredImages.png(width: 4, height: 4, idatBytes: 100) }
    private static var gif: Data { StructuredImages.gif(width: 3, height: 2, imageBytes: 50) }

    private func pictureService() throws -> (FakeHTTPServer, [String: String]) {
        let holder = URLHolder()
        let server = try FakeHTTPServer { request in
            let base = "http://127.0.0.1:\(holder.port)"
            switch request.path {
            case "/planetary/apod":
                switch request.query["date"] {
                case "2019-01-05":
                    return .json(
                        #"{"date":"2019-01-05","title":"Picture","media_type":"image","url":"\#(base)/small.png","hdurl":"\#(base)/big.gif"}"#
                    )
                case "2019-01-06":
                    return .json(
                        #"{"date":"2019-01-06","title":"Page","media_type":"image","url":"\#(base)/page.html"}"#)
                default:
                    return .json(LegacyFixtures.youTubeVideo)
                }
            case "/small.png": return .data(Self.png, contentType: "image/png")
            case "/big.gif": return .data(Self.gif, contentType: "image/gif")
            default: return .html("<html>not a picture</html>", status: 200)
            }
        }
        holder.port = server.port
        return (
            server,
            [
                "APOD_SOURCE": "legacy",
                "APOD_API_URL": server.baseURL.appendingPathComponent("planetary/apod").absoluteString,
            ]
        )
    }

    func testDownloadSavesThePictureNamedByDateAndFormat() throws {
        let (server, env) = try pictureService()
        defer { server.stop() }
        let result = try apod(["download", "2019-01-05"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        let saved = home.appendingPathComponent("apod-2019-01-05.png")
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), saved.path)
        XCTAssertEqual(try Data(contentsOf: saved), Self.png)

        let hd = try apod(["download", "2019-01-05", "--hd", "-o", home.appendingPathComponent("out.gif").path], env)
        XCTAssertEqual(hd.status, 0, hd.stderr)
        XCTAssertEqual(try Data(contentsOf: home.appendingPathComponent("out.gif")), Self.gif)
    }

    func testDownloadToAnUnwritablePlaceExitsOne() throws {
        let (server, env) = try pictureService()
        defer { server.stop() }
        let blocker = home.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let result = try apod(["download", "2019-01-05", "-o", blocker.appendingPathComponent("inside.png").path], env)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("apod: Could not save the picture to "), result.stderr)
    }

    func testDownloadRefusesPagesAndVideos() throws {
        let (server, env) = try pictureService()
        defer { server.stop() }
        let page = try apod(["download", "2019-01-06"], env)
        XCTAssertEqual(page.status, 1)
        XCTAssertEqual(page.stderrLines, ["apod: " + APODError.notAnImage.message])
        let video = try apod(["download", "2019-02-10"], env)
        XCTAssertEqual(video.status, 1)
        XCTAssertTrue(video.stderr.contains("has no picture to save"), video.stderr)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("apod-") }
        XCTAssertEqual(leftovers, [])
    }
}

/// Lets a handler learn its own server's port after the server started.
private final class URLHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt16 = 0
    var port: UInt16 {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
