import LoopbackServer
import TestSupport
import XCTest

@testable import APODCore

/// `apod show --lang zh-TW` and `apod sync --translations` against the fake mirror.
final class TranslationCommandTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-zh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String], _ env: [String: String] = [:]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    /// NASA's entry for 2024-01-01 and a mirror translating that day (other days: 404).
    private func services() throws -> (FakeHTTPServer, FakeHTTPServer, [String: String]) {
        let (science, url) = try FakeScienceService(entries: ["2024-01-01": ScienceFixtures.image]).start()
        let mirror = try FakeHTTPServer { request in
            guard let day = FakeMirror.day(of: request), day == (2024, 1, 1) else {
                return .html("<h1>Not Found</h1>", status: 404)
            }
            let page = FakeMirror.page(year: 2024, month: 1, day: 1, text: FakeMirror.texts[0])
            return FakeResponse(headers: ["Content-Type": "text/html"], body: FakeMirror.big5(page))
        }
        return (
            science, mirror,
            [
                "APOD_API_URL": url.absoluteString,
                "APOD_TRANSLATION_URL": mirror.baseURL.appendingPathComponent("apod/").absoluteString,
            ]
        )
    }

    func testShowInChineseWithJSONFields() throws {
        let (science, mirror, env) = try services()
        defer {
            science.stop()
            mirror.stop()
        }
        let result = try apod(["show", "2024-01-01", "--lang", "zh-TW", "--json"], env)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, "Aurora & the \u{2019}Moon\u{2019}", "NASA's fields stay")
        XCTAssertEqual(object["title_zh"] as? String, "冰島夜空中的北極光")
        XCTAssertTrue((object["explanation_zh"] as? String)?.hasPrefix("綠色的極光在冰島") == true)
        XCTAssertEqual(object["translator"] as? String, FakeMirror.translator)
        XCTAssertEqual((object["translation_url"] as? String).flatMap(URL.init(string:))?.path, "/apod/ap240101.html")

        let readable = try apod(["show", "2024-01-01", "--lang=zh-TW"], env)
        XCTAssertEqual(readable.status, 0, readable.stderr)
        XCTAssertTrue(readable.stdout.contains("冰島夜空中的北極光"), readable.stdout)
        XCTAssertTrue(readable.stdout.contains(FakeMirror.translator))
        XCTAssertEqual(mirror.requests.count, 1, "the second show read the index")
    }

    func testWithoutTranslationTheEnglishShowsWithAQuietLine() throws {
        let (science, mirror, env) = try services()
        defer {
            science.stop()
            mirror.stop()
        }
        var unreachable = env
        unreachable["APOD_TRANSLATION_URL"] = "http://127.0.0.1:1/apod/"
        let result = try apod(["show", "2024-01-01", "--lang", "zh-TW", "--json"], unreachable)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderrLines, ["apod: Cannot reach the Chinese mirror"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertTrue(object["title_zh"] is NSNull)
        XCTAssertTrue(object["explanation_zh"] is NSNull)
        let english = try apod(["show", "2024-01-01", "--json"], env)
        let plain = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(english.stdout.utf8)) as? [String: Any])
        XCTAssertNil(plain["title_zh"], "without --lang nothing is asked of the mirror")
        XCTAssertEqual(mirror.requests.count, 0)
        XCTAssertEqual(try apod(["show", "--lang", "fr"], env).status, 2)
    }

    func testSyncTranslationsFillsTheIndexAndSearchFindsChinese() throws {
        let (science, mirror, env) = try services()
        defer {
            science.stop()
            mirror.stop()
        }
        _ = try apod(["show", "2024-01-01"], env)
        let sync = try apod(["sync", "--translations"], env)
        XCTAssertTrue(sync.stdout.contains("days with a Chinese translation (1 new"), sync.stdout + sync.stderr)
        let asked = mirror.requests.count
        let search = try apod(["search", "極光", "--json"], env)
        XCTAssertEqual(search.status, 0, search.stderr)
        let results = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(results.map { $0["date"] as? String }, ["2024-01-01"])
        _ = try apod(["sync", "--translations"], env)
        XCTAssertEqual(mirror.requests.count, asked, "resumes: a translated day is not asked again")
    }
}
