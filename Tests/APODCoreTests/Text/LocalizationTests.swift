import TestSupport
import XCTest

@testable import APODCore

/// The Traditional Chinese catalogue, through the real `apod` process: compiled from
/// po/zh_TW.po, with a zh_TW.UTF-8 locale built into a private LOCPATH so the test needs no
/// system-wide locale. English stays the archive's own `2026 Oct. 14`.
final class LocalizationTests: CoreTestCase, @unchecked Sendable {
    private var folder: URL!
    private let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Compiles the catalogue and a zh_TW.UTF-8 locale; the environment that selects them.
    private func chineseEnvironment() throws -> [String: String] {
        do {
            let catalogue = try ChineseCatalogue(in: folder, packageRoot: packageRoot)
            return [
                "LANG": "zh_TW.UTF-8", "LOCPATH": catalogue.locales.path,
                "APOD_LOCALEDIR": catalogue.localeDirectory.path,
            ]
        } catch let unavailable as ChineseCatalogue.Unavailable {
            throw XCTSkip(unavailable.reason)
        }
    }

    private func apod(_ arguments: [String], _ extra: [String: String]) throws -> APODProcess.Result {
        var env = APODProcess.environment(home: folder, extra)
        env["APOD_SAMPLE_DIR"] = packageRoot.appendingPathComponent("data/sample").path
        return try APODProcess.run(arguments, environment: env, in: folder)
    }

    func testChineseDatesAndMessages() throws {
        let env = try chineseEnvironment()
        let shown = try apod(["--source", "offline", "show", "2026-10-14"], env)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.hasPrefix("2026年10月14日"), shown.stdout)

        let missing = try apod(["--source", "offline", "show", "2026-11-14"], env)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "apod: 這台電腦上沒有 2026年11月14日 的資料。請連上網路再查看，或選擇曾經看過的日期或範例中的日期。\n")
    }

    /// `LANG=zh_TW.UTF-8` where that locale is not installed (no LOCPATH here): the C library
    /// cannot set it, and the app still speaks Chinese through `LANGUAGE`.
    func testAMissingLocaleStillGetsItsTranslation() throws {
        var env = try chineseEnvironment()
        env["LOCPATH"] = folder.appendingPathComponent("no-locales").path
        let shown = try apod(["--source", "offline", "show", "2026-10-14"], env)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.hasPrefix("2026年10月14日"), shown.stdout)
    }

    func testTheFallbackLanguageComesFromTheLocaleNamed() {
        XCTAssertEqual(Localization.fallbackLanguage(environment: ["LANG": "zh_TW.UTF-8"]), "zh_TW")
        XCTAssertEqual(
            Localization.fallbackLanguage(environment: ["LC_ALL": "de_DE@euro", "LANG": "zh_TW.UTF-8"]), "de_DE")
        XCTAssertNil(
            Localization.fallbackLanguage(environment: ["LANG": "zh_TW.UTF-8", "LANGUAGE": "fr"]), "LANGUAGE wins")
        XCTAssertNil(Localization.fallbackLanguage(environment: ["LANG": "C.UTF-8"]))
        XCTAssertNil(Localization.fallbackLanguage(environment: [:]))
    }

    func testEnglishKeepsTheArchiveStyle() throws {
        let shown = try apod(["--source", "offline", "show", "2026-10-14"], ["LANG": "C.UTF-8"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.hasPrefix("2026 Oct. 14"), shown.stdout)
    }

    func testEveryMessageOfTheTemplateIsTranslated() throws {
        let po = try String(contentsOf: packageRoot.appendingPathComponent("po/zh_TW.po"), encoding: .utf8)
        XCTAssertFalse(po.contains("#, fuzzy\nmsgid \"{"), "fuzzy entries are ignored by gettext")
        // A block ending in an empty msgstr has no translation (the header continues past it).
        let untranslated = po.trimmingCharacters(in: .newlines).components(separatedBy: "\n\n")
            .filter { $0.hasSuffix("msgstr \"\"") }
        XCTAssertEqual(untranslated, [], "untranslated messages in po/zh_TW.po")
    }
}
