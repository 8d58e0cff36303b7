import XCTest
import TestSupport
@testable import APODCore

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
                return .json(#"[{"date":"\#(day)","title":"Day \#(day)","media_type":"\#(isVideo ? "video" : "image")","explanation":"Text.","hdurl":"\#(base)/\#(isVideo ? "poster" : "picture")-\#(day).png"}]"#)
            case "/picture-2026-11-01.png": return .data(Self.png(4), contentType: "image/png")
            case "/poster-2026-11-02.png": return .data(Self.png(6), contentType: "image/png")
            case "/picture-2026-11-03.png": return .data(Self.png(8), contentType: "image/png")
            default: return .json(#"{"basic_html":""}"#)
            }
        }
        latest.port = server.port
        defer { server.stop() }
        let env = ["APOD_API_URL": server.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic").absoluteString,
                   "APOD_DATA_DIR": home.appendingPathComponent("data").path, "APOD_CACHE_DIR": home.appendingPathComponent("cache").path]
        let arguments = ["today", "--wallpaper", wallpaper.path, "--width", "1920"]

        var result = try apod(arguments, env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "2026-11-01\n")
        XCTAssertEqual(try Data(contentsOf: wallpaper), Self.png(4))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: wallpaper.deletingLastPathComponent().path),
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
        XCTAssertTrue(result.stderr.hasPrefix("apod: "), result.stderr)
        try FileManager.default.removeItem(at: wallpaper)
        result = try apod(arguments, env)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Data(contentsOf: wallpaper), Self.png(8))
    }

    func testUsageErrors() throws {
        for arguments in [["today"], ["today", "--width", "800"], ["today", "--wallpaper", "x.png", "--width", "0"],
                          ["today", "--wallpaper"], ["today", "--wallpaper", "x.png", "--json"], ["today", "--bogus"]] {
            let result = try apod(arguments, [:])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Usage: apod"), "\(arguments)")
        }
        XCTAssertTrue(try apod(["--help"], [:]).stdout.contains("today --wallpaper PATH [--width W]"))
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
