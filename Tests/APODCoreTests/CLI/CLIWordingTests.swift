import TestSupport
import XCTest

@testable import APODCore

/// What `apod` says reads right in each language: a count takes its noun's form through
/// ngettext ("1 picture", "2 pictures"; Chinese has one form), and in zh_TW the usage's
/// headings and placeholders are Chinese too.
final class CLIWordingTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!
    private let root = PackagedDocumentationTests.root

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-wording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String], _ env: [String: String] = [:]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    private func chinese() throws -> [String: String] {
        do {
            let catalogue = try ChineseCatalogue(in: home.appendingPathComponent("l10n"), packageRoot: root)
            return [
                "LANG": "zh_TW.UTF-8", "LOCPATH": catalogue.locales.path,
                "APOD_LOCALEDIR": catalogue.localeDirectory.path,
            ]
        } catch let unavailable as ChineseCatalogue.Unavailable {
            throw XCTSkip(unavailable.reason)
        }
    }

    /// A science service with these days; every entry `apod` fetches is written to the index.
    private func service(_ days: [String]) throws -> (FakeHTTPServer, [String: String]) {
        var entries: [String: String] = [:]
        for day in days { entries[day] = ScienceFixtures.image.replacingOccurrences(of: "2024-01-01", with: day) }
        let (server, url) = try FakeScienceService(entries: entries).start()
        return (server, ["APOD_API_URL": url.absoluteString])
    }

    func testTheIndexCountTakesTheNounsForm() throws {
        let (server, env) = try service(["2024-01-01", "2024-01-02"])
        defer { server.stop() }
        XCTAssertEqual(try apod(["show", "2024-01-01"], env).status, 0)
        let one = try apod(["search", "aurora"], env)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(
            one.stderr.hasPrefix("apod: 1 picture in the index; 11,"), one.stderr)
        XCTAssertTrue(
            one.stderr.hasSuffix(" days not downloaded yet; run apod sync to search the whole archive.\n"), one.stderr)

        let zh = try apod(["search", "aurora"], env.merging(try chinese()) { $1 })
        XCTAssertTrue(zh.stderr.contains("索引中有 1 張圖片"), zh.stderr)

        XCTAssertEqual(try apod(["show", "2024-01-02"], env).status, 0)
        let two = try apod(["search", "aurora"], env)
        XCTAssertTrue(two.stderr.contains("apod: 2 pictures in the index; "), two.stderr)
    }

    func testOneRequestLeftIsSingular() throws {
        let service = FakeLegacyService(entries: [:], today: "2026-11-28")
        service.override = { _ in .json(LegacyFixtures.entry("2020-01-01"), headers: ["X-RateLimit-Remaining": "1"]) }
        let (server, url) = try service.start()
        defer { server.stop() }
        let result = try apod(["--source", "legacy", "--api-url", url.absoluteString, "show", "2020-01-01"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderrLines, ["apod: 1 request left this hour for this API key."])
    }

    func testTheChineseUsageHasChineseHeadingsAndPlaceholders() throws {
        let help = try apod(["--help"], try chinese())
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.hasPrefix("用法：apod [選項] 指令\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("today --wallpaper PATH [背景選項]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("  背景選項：\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("\n選項：\n"), help.stdout)
        XCTAssertFalse(help.stdout.contains("OPTIONS"), help.stdout)
        XCTAssertTrue(
            help.stdout.contains("環境變數：APOD_SOURCE、APOD_API_URL、") && help.stdout.contains("APOD_VIMEO_OEMBED_URL、"),
            "the variables' list is in Chinese too: \(help.stdout)")
        // Each character of 背景選項 takes two columns of a terminal: the help still starts at 42.
        let line = try XCTUnwrap(help.stdout.split(separator: "\n").first { $0.hasPrefix("  today --wallpaper") })
        XCTAssertEqual(OptionDeclaration.columns(of: String(line.prefix { $0 != "將" })), 42, String(line))
        let english = try apod(["--help"])
        XCTAssertTrue(english.stdout.contains("today --wallpaper PATH [WALLPAPER OPTIONS]"))
    }
}
