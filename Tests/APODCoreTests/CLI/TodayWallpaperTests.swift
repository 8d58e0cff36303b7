import TestSupport
import XCTest

@testable import APODCore

#if canImport(Glibc)
    import Glibc
#endif

/// `apod today --wallpaper PATH`: a real process against a science service whose latest day
/// the test moves forward, as a cron job would meet it day after day.
final class TodayWallpaperTests: CoreTestCase {
    private var home: URL!
    private var wallpaper: URL { home.appendingPathComponent("backgrounds/apod.png") }

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-today-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    private static func png(_ side: UInt32) -> Data { StructuredImages.png(width: side, height: side, idatBytes: 100) }

    private func apod(_ arguments: [String], _ env: [String: String]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    func testWritesEachNewDayOnceAndExitsThreeWhenNothingIsNew() throws {
        let latest = LatestDay("2026-11-01")
        let server = try FakeHTTPServer { request in
            let base = "http://127.0.0.1:\(latest.port)"
            switch request.path {
            case FakeScienceService.route:
                let day = latest.value
                let isVideo = day == "2026-11-02"
                return .json(
                    #"[{"date":"\#(day)","title":"Day \#(day)","media_type":"\#(isVideo ? "video" : "image")","explanation":"Text.","hdurl":"\#(base)/\#(isVideo ? "poster" : "picture")-\#(day).png"}]"#
                )
            case "/picture-2026-11-01.png": return .data(Self.png(4), contentType: "image/png")
            case "/poster-2026-11-02.png": return .data(Self.png(6), contentType: "image/png")
            case "/picture-2026-11-03.png": return .data(Self.png(8), contentType: "image/png")
            default: return .json(#"{"basic_html":""}"#)
            }
        }
        latest.port = server.port
        defer { server.stop() }
        let env = [
            "APOD_API_URL": server.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic").absoluteString,
            "APOD_DATA_DIR": home.appendingPathComponent("data").path,
            "APOD_CACHE_DIR": home.appendingPathComponent("cache").path,
        ]
        let arguments = ["today", "--wallpaper", wallpaper.path, "--width", "1920"]

        var result = try apod(arguments, env)
        XCTAssertEqual(result.status, 1, "its folder does not exist: as for download -o, it is not made")
        XCTAssertEqual(
            result.stderrLines, ["apod: Could not save the picture to \(wallpaper.path): there is no such folder."])
        try FileManager.default.createDirectory(
            at: wallpaper.deletingLastPathComponent(), withIntermediateDirectories: true)
        result = try apod(arguments, env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "2026-11-01\n")
        XCTAssertEqual(try Data(contentsOf: wallpaper), Self.png(4))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: wallpaper.deletingLastPathComponent().path),
            ["apod.png"], "no temporary file left beside it")

        result = try apod(arguments, env)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(server.requests.count(path: "/picture-2026-11-01.png"), 1, "nothing downloaded again")

        latest.value = "2026-11-02"
        result = try apod(arguments, env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "2026-11-02\n")
        XCTAssertEqual(try Data(contentsOf: wallpaper), Self.png(6), "a video day gives its still")

        latest.value = "2026-11-03"
        try FileManager.default.removeItem(at: wallpaper)
        try FileManager.default.createDirectory(at: wallpaper, withIntermediateDirectories: true)
        result = try apod(arguments, env)
        XCTAssertEqual(result.status, 1, "a folder in the way is an error, not 'nothing new'")
        XCTAssertEqual(
            result.stderrLines,
            [
                "apod: Could not save the picture to \(wallpaper.path): it is a folder; name a file, e.g. \(wallpaper.path)/apod.jpg."
            ])
        try FileManager.default.removeItem(at: wallpaper)
        result = try apod(arguments, env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Data(contentsOf: wallpaper), Self.png(8))
    }

    func testUsageErrors() throws {
        for arguments in [
            ["today", "--width", "800"], ["today", "--wallpaper", "x.png", "--width", "0"],
            ["today", "--wallpaper"], ["today", "--wallpaper", "x.png", "--json"], ["today", "--bogus"],
        ] {
            let result = try apod(arguments, [:])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Usage: apod"), "\(arguments)")
        }
        for arguments in [
            ["today", "--wallpaper", "x.png", "--height", "800"], ["today", "--wallpaper", "x.png", "--fit", "whole"],
            ["today", "--wallpaper", "x.png", "--width", "800", "--height", "600", "--fit", "stretch"],
            ["today", "--wallpaper", "x.png", "--caption=huge"], ["today", "--wallpaper", "x.png", "--scale", "9"],
            ["today", "--wallpaper", "x.png", "--favorites"], ["random", "--wallpaper", "x.png", "--count", "3"],
            ["random", "--favorites"], ["random", "--wallpaper", "x.png", "--json"],
        ] {
            let result = try apod(arguments, [:])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
        }
        let help = try apod(["--help"], [:]).stdout
        XCTAssertTrue(help.contains("today --wallpaper PATH [WALLPAPER OPTIONS]"), help)
        XCTAssertTrue(help.contains("random --wallpaper PATH [--favorites]"), help)
        XCTAssertTrue(help.contains("--fit fill|whole|auto"), help)
    }
}

/// `today --wallpaper` against destinations that are not plain files, paths that could forge a
/// line of the record, the composed background and `random --wallpaper`: one service whose
/// latest day is a 90×160 portrait, and a legacy-API route for random days.
final class WallpaperDestinationTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!
    private var server: FakeHTTPServer!
    private var env: [String: String] = [:]
    private static let portrait = PlainPNG.make(width: 90, height: 160, red: 200, green: 40, blue: 40)

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-wallpaper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let picture = Self.portrait
        server = try FakeHTTPServer { request in
            let base = "http://\(request.headers["host"] ?? "")"
            let entry = { (day: String, media: String) in
                #"{"date":"\#(day)","title":"Day \#(day)","media_type":"\#(media)","explanation":"A tall picture. More.","copyright":"Someone","url":"\#(base)/picture-\#(day).png"}"#
            }
            switch request.path {
            case "/planetary/apod" where request.query["count"] != nil:
                return .json("[" + entry("2019-01-02", "image") + "," + entry("2019-01-03", "video") + "]")
            case "/planetary/apod":
                return .json(entry("2019-01-05", "image"))
            case let path where path.hasPrefix("/picture-"):
                return .data(picture, contentType: "image/png")
            default:
                return .html("<html>no</html>", status: 404)
            }
        }
        env = [
            "APOD_SOURCE": "legacy",
            "APOD_API_URL": server.baseURL.appendingPathComponent("planetary/apod").absoluteString,
            "APOD_DATA_DIR": home.appendingPathComponent("data").path,
        ]
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    private var pictureRequests: Int { server.requests.filter { $0.path.hasPrefix("/picture-") }.count }

    private func fileType(_ url: URL) -> mode_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func testAFIFOAndADeviceAreWrittenThroughNeverReplaced() throws {
        let fifo = home.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let box = Locked<Data?>(nil)
        let received = expectation(description: "the reader got the picture")
        Thread.detachNewThread {
            box.value = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile()
            received.fulfill()
        }
        let result = try apod(["today", "--wallpaper", fifo.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        wait(for: [received], timeout: 10)
        XCTAssertEqual(box.value, Self.portrait)
        XCTAssertEqual(fileType(fifo), S_IFIFO, "still a FIFO")

        // As root a broken build would replace the system's /dev/null: use a null device node
        // of our own then, major 1 minor 3 (only root may make one; no one else can replace /dev/null).
        let device = getuid() == 0 ? home.appendingPathComponent("null") : URL(fileURLWithPath: "/dev/null")
        if getuid() == 0 { XCTAssertEqual(mknod(device.path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)), 0) }
        let written = try apod(["today", "--wallpaper", device.path, "--width", "320", "--height", "200"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(fileType(device), S_IFCHR, "still a device")
    }

    func testASymlinkStaysALinkToItsTarget() throws {
        let target = home.appendingPathComponent("real.png")
        let link = home.appendingPathComponent("link.png")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try apod(["today", "--wallpaper", link.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(fileType(link), S_IFLNK)
        XCTAssertEqual(try Data(contentsOf: target), Self.portrait)
    }

    func testAFolderIsRefusedWithAClearMessageBeforeAnyDownload() throws {
        let missing = home.appendingPathComponent("nowhere").path + "/"
        let result = try apod(["today", "--wallpaper", missing])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["apod: Could not save the picture to \(missing): there is no such folder."])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: home.appendingPathComponent("nowhere").path), "no file was made")

        let folder = home.appendingPathComponent("backgrounds")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for path in [folder.path, folder.path + "/"] {
            let existing = try apod(["today", "--wallpaper", path])
            XCTAssertEqual(existing.status, 1)
            XCTAssertEqual(existing.stderrLines.count, 1, existing.stderr)
            XCTAssertTrue(existing.stderr.contains("it is a folder; name a file"), existing.stderr)
            XCTAssertFalse(existing.stderr.contains("NSCocoaErrorDomain"), existing.stderr)
        }
        XCTAssertEqual(pictureRequests, 0, "nothing was downloaded")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// A path with a line break and a tab would have written "2099-01-01<TAB>/…/other.png" into
    /// the record, and every later run for other.png would have said "nothing new".
    func testAPathWithControlCharactersCannotForgeALineOfTheRecord() throws {
        let other = home.appendingPathComponent("other.png")
        let forged = home.appendingPathComponent("evil").path + "\n2099-01-01\t" + other.path
        let refused = try apod(["today", "--wallpaper", forged])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("may not contain a line break"), refused.stderr)
        XCTAssertEqual(pictureRequests, 0)
        let result = try apod(["today", "--wallpaper", other.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Data(contentsOf: other), Self.portrait)
        let record = try String(contentsOf: home.appendingPathComponent("data/daily/wallpapers"), encoding: .utf8)
        XCTAssertEqual(record, "2019-01-05\t\(other.path)\n")
    }

    func testTheScreensSizeMakesAFittedBackgroundWithItsCaption() throws {
        let file = home.appendingPathComponent("background.jpg")
        let result = try apod([
            "today", "--wallpaper", file.path, "--width", "1280", "--height", "720", "--caption", "--fit", "whole",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: file)
        XCTAssertEqual(ImageValidation.format(of: data), .jpeg)
        XCTAssertEqual(ImageHeader.read(data), ImageHeader(width: 1280, height: 720))
        XCTAssertEqual(try apod(["today", "--wallpaper", file.path, "--width", "1280", "--height", "720"]).status, 3)

        let captioned = home.appendingPathComponent("captioned.jpg")
        XCTAssertEqual(try apod(["today", "--wallpaper", captioned.path, "--caption=sentence"]).status, 0)
        XCTAssertEqual(
            ImageHeader.read(try Data(contentsOf: captioned)), ImageHeader(width: 90, height: 160),
            "without a size, the picture's own")
        XCTAssertEqual(ImageHeader.read(try Data(contentsOf: file)), ImageHeader(width: 1280, height: 720))
    }

    func testMonitorsMakeOneSpannedBackgroundForTheLayout() throws {
        let file = home.appendingPathComponent("spanned.jpg")
        let result = try apod([
            "today", "--wallpaper", file.path, "--monitors", "640x360@1+0+0,360x640@1+640+0", "--caption",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: file)
        XCTAssertEqual(ImageValidation.format(of: data), .jpeg)
        XCTAssertEqual(ImageHeader.read(data), ImageHeader(width: 1000, height: 640), "the layout's bounding box")

        let hiDPI = home.appendingPathComponent("hidpi.jpg")
        XCTAssertEqual(
            try apod(["today", "--wallpaper", hiDPI.path, "--monitors", "640x360+0+0,1280x720@2+640+0"]).status, 0)
        XCTAssertEqual(
            ImageHeader.read(try Data(contentsOf: hiDPI)), ImageHeader(width: 2560, height: 720),
            "drawn at the largest scale")
    }

    func testABadLayoutIsAUsageErrorNamingTheMonitor() throws {
        let file = home.appendingPathComponent("never.jpg")
        let cases: [(String, String)] = [
            ("1920x1080@1+0+0,1920x1080@1+100+0", "Monitor 2 overlaps monitor 1"),
            ("1920x1080,0x0+1920+0", "Monitor 2 is 0×0 pixels"),
            ("1920x1080,99999x99999+1920+0", "Monitor 2 is 99999×99999 pixels"),
            ("1920x1080@7", "Monitor 1 has scale 7"),
            ("wide", "Monitor 1 (\"wide\") is not WIDTHxHEIGHT@SCALE+X+Y"),
            ((0..<17).map { "800x600+\($0 * 800)+0" }.joined(separator: ","), "names 17 monitors; at most 16"),
            ("16000x14000+0+0", "span 16000×14000 pixels"),
        ]
        for (layout, message) in cases {
            let result = try apod(["today", "--wallpaper", file.path, "--monitors", layout])
            XCTAssertEqual(result.status, 2, "\(layout): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(layout): \(result.stderr)")
        }
        let mixed = try apod(["today", "--wallpaper", file.path, "--monitors", "1920x1080", "--width", "800"])
        XCTAssertEqual(mixed.status, 2, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("leave out --width"), mixed.stderr)
        XCTAssertEqual(pictureRequests, 0, "nothing downloaded for a bad layout")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testRandomWritesAFavouriteOrARandomDayWithAPicture() throws {
        let file = home.appendingPathComponent("random.png")
        let none = try apod(["random", "--wallpaper", file.path, "--favorites"])
        XCTAssertEqual(none.status, 3, none.stderr)
        XCTAssertTrue(none.stderr.contains("no favourite has a picture"), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))

        let library = try UserLibrary.open(in: home.appendingPathComponent("data"))
        try library.addFavourite(APODEntry(date: APODDay("2018-06-01")!, title: "A video", mediaType: .video))
        try library.addFavourite(
            APODEntry(
                date: APODDay("2018-06-02")!, title: "Kept", mediaType: .image,
                imageURL: server.baseURL.appendingPathComponent("picture-2018-06-02.png")))
        let favourite = try apod(["random", "--wallpaper", file.path, "--favorites"])
        XCTAssertEqual(favourite.status, 0, favourite.stderr)
        XCTAssertEqual(favourite.stdout, "2018-06-02\n", "the one favourite with a picture")
        XCTAssertEqual(try Data(contentsOf: file), Self.portrait)

        let archive = try apod(["random", "--wallpaper", file.path, "--width", "320", "--height", "200"])
        XCTAssertEqual(archive.status, 0, archive.stderr)
        XCTAssertEqual(archive.stdout, "2019-01-02\n", "the video day drawn has no still")
        XCTAssertEqual(ImageHeader.read(try Data(contentsOf: file)), ImageHeader(width: 320, height: 200))
        XCTAssertEqual(try apod(["today", "--wallpaper", file.path]).status, 0, "a random day is older than today's")
    }
}

/// The service's latest day, moved by the test while the server runs.
private final class LatestDay: @unchecked Sendable {
    private let lock = NSLock()
    private var day: String
    private var serverPort: UInt16 = 0
    init(_ day: String) { self.day = day }
    var value: String {
        get { lock.withLock { day } }
        set { lock.withLock { day = newValue } }
    }
    var port: UInt16 {
        get { lock.withLock { serverPort } }
        set { lock.withLock { serverPort = newValue } }
    }
}

/// `today --wallpaper PATH --monitors …` with an index: a monitor today's picture does not suit
/// shows the newest day whose shape does, found by reading picture headers (once each).
final class MonitorShapesWallpaperTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!
    private var server: FakeHTTPServer!
    private var env: [String: String] = [:]

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let pictures = [
            "2019-01-02": PlainPNG.make(width: 360, height: 640, red: 200, green: 200, blue: 200),
            "2019-01-03": PlainPNG.make(width: 360, height: 640, red: 20, green: 40, blue: 230),
            "2019-01-04": PlainPNG.make(width: 640, height: 360, red: 200, green: 200, blue: 200),
            "2019-01-05": PlainPNG.make(width: 640, height: 360, red: 20, green: 200, blue: 40),
            // For 3840×2160@2 beside 1080×1920@1: each covers one screen's device pixels at 1.5×,
            // and 2019-01-01 covers the 4K screen's logical size only.
            "2018-12-30": PlainPNG.make(width: 2560, height: 1440, red: 200, green: 20, blue: 200),
            "2018-12-31": PlainPNG.make(width: 720, height: 1280, red: 230, green: 220, blue: 20),
            "2019-01-01": PlainPNG.make(width: 1400, height: 788, red: 200, green: 200, blue: 200),
        ]
        server = try FakeHTTPServer { request in
            let base = "http://\(request.headers["host"] ?? "")"
            switch request.path {
            case "/planetary/apod":
                let day = request.query["date"] ?? "2019-01-05"
                return .json(
                    #"{"date":"\#(day)","title":"Day \#(day)","media_type":"image","explanation":"Sky.","url":"\#(base)/picture-\#(day).png"}"#
                )
            case let path where path.hasPrefix("/picture-"):
                let day = String(path.dropFirst("/picture-".count).dropLast(".png".count))
                guard let picture = pictures[day] else { return .html("no", status: 404) }
                return .data(picture, contentType: "image/png")
            default:
                return .html("<html>no</html>", status: 404)
            }
        }
        env = [
            "APOD_SOURCE": "legacy",
            "APOD_API_URL": server.baseURL.appendingPathComponent("planetary/apod").absoluteString,
            "APOD_DATA_DIR": home.appendingPathComponent("data").path,
        ]
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    private func requests(_ day: String, ranged: Bool) -> Int {
        server.requests.filter { $0.path == "/picture-\(day).png" && ($0.headers["range"] != nil) == ranged }.count
    }

    func testThePortraitMonitorGetsTheNewestPortraitDayOfTheIndex() throws {
        for day in ["2019-01-02", "2019-01-03", "2019-01-04"] {
            XCTAssertEqual(try apod(["show", day]).status, 0, "indexed as it is fetched")
        }
        let layout = "640x360@1+0+0,360x640@1+640+0"
        let file = home.appendingPathComponent("spanned.jpg")
        let result = try apod(["today", "--wallpaper", file.path, "--monitors", layout, "--caption"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(ImageHeader.read(try Data(contentsOf: file)), ImageHeader(width: 1000, height: 640))
        XCTAssertEqual(requests("2019-01-05", ranged: false), 1, "today's picture, for the landscape monitor")
        XCTAssertEqual(requests("2019-01-04", ranged: true), 1, "its header read: landscape")
        XCTAssertEqual(requests("2019-01-04", ranged: false), 0)
        XCTAssertEqual(requests("2019-01-03", ranged: true), 1, "its header read: portrait")
        XCTAssertEqual(requests("2019-01-03", ranged: false), 1, "downloaded for the portrait monitor")
        XCTAssertEqual(requests("2019-01-02", ranged: true) + requests("2019-01-02", ranged: false), 0, "older")

        let again = home.appendingPathComponent("again.jpg")
        XCTAssertEqual(try apod(["today", "--wallpaper", again.path, "--monitors", layout]).status, 0)
        XCTAssertEqual(
            server.requests.filter { $0.headers["range"] != nil }.count, 2,
            "the shapes are kept in the index: no header is read again")
    }

    /// A 4K screen at scale 2 beside a portrait one at scale 1: the canvas is the layout's
    /// bounding box at scale 2, and each screen gets a day that covers its device pixels.
    func testMixedScalesChooseByEachMonitorsDevicePixels() throws {
        for day in ["2018-12-30", "2018-12-31", "2019-01-01", "2019-01-03"] {
            XCTAssertEqual(try apod(["show", day]).status, 0, "indexed as it is fetched")
        }
        let file = home.appendingPathComponent("mixed.jpg")
        let result = try apod([
            "today", "--wallpaper", file.path, "--monitors", "3840x2160@2+0+0,1080x1920@1+1920+0", "--caption",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            ImageHeader.read(try Data(contentsOf: file)), ImageHeader(width: 6000, height: 3840),
            "(1920 + 1080) × 1920 application pixels at scale 2")
        XCTAssertEqual(requests("2018-12-30", ranged: false), 1, "2560×1440 for the 4K screen")
        XCTAssertEqual(requests("2018-12-31", ranged: false), 1, "720×1280 for the portrait screen")
        XCTAssertEqual(requests("2019-01-01", ranged: false), 0, "1400×788 is too small for 3840×2160")
        XCTAssertEqual(requests("2019-01-03", ranged: false), 0, "360×640 is too small for 1080×1920")
    }

    /// `random --wallpaper` chooses per monitor as `today` does: a landscape favourite leaves
    /// the portrait monitor the newest portrait day of the index.
    func testRandomGivesThePortraitMonitorThePortraitDayToo() throws {
        for day in ["2019-01-02", "2019-01-03", "2019-01-04"] {
            XCTAssertEqual(try apod(["show", day]).status, 0, "indexed as it is fetched")
        }
        let added = try apod(["favorites", "add", "2019-01-05"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let file = home.appendingPathComponent("random.jpg")
        let result = try apod([
            "random", "--wallpaper", file.path, "--favorites", "--monitors", "640x360@1+0+0,360x640@1+640+0",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "2019-01-05")
        XCTAssertEqual(ImageHeader.read(try Data(contentsOf: file)), ImageHeader(width: 1000, height: 640))
        XCTAssertEqual(requests("2019-01-05", ranged: false), 1, "the favourite, for the landscape monitor")
        XCTAssertEqual(requests("2019-01-03", ranged: false), 1, "downloaded for the portrait monitor")
        XCTAssertEqual(requests("2019-01-02", ranged: true) + requests("2019-01-02", ranged: false), 0, "older")
    }

    func testTheSamePictureOnEveryMonitorReadsNoHeaderAndNeedsMonitors() throws {
        XCTAssertEqual(try apod(["show", "2019-01-03"]).status, 0)
        let file = home.appendingPathComponent("same.jpg")
        let alone = try apod(["today", "--wallpaper", file.path, "--same-picture"])
        XCTAssertEqual(alone.status, 2, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("--same-picture is for several monitors: add --monitors."), alone.stderr)
        let result = try apod([
            "today", "--wallpaper", file.path, "--monitors", "640x360@1+0+0,360x640@1+640+0", "--same-picture",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(ImageHeader.read(try Data(contentsOf: file)), ImageHeader(width: 1000, height: 640))
        XCTAssertEqual(server.requests.filter { $0.headers["range"] != nil }.count, 0, "no header read")
        XCTAssertEqual(requests("2019-01-03", ranged: false), 0, "the portrait day is not used")
        XCTAssertEqual(requests("2019-01-05", ranged: false), 1)
    }
}
