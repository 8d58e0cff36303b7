import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// What any program on the session bus can ask of the search provider, answered within
/// bounds: the probe's 18,500 copies of one day made a 71.6 MB reply, over D-Bus's limit, and
/// the bus disconnected the viewer. Runs the provider's own answer, no display needed.
final class SearchProviderBoundsTests: XCTestCase {
    private var folder: URL!

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metas-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func archive(with entries: [APODEntry]) throws -> ArchiveAccess {
        let configuration = SourceConfiguration(kind: .offline, cacheDirectory: folder.appendingPathComponent("cache"))
        let archive = ArchiveAccess(dataFolder: DataFolder(root: folder), configuration: configuration)
        try archive.openIndex().store(entries)
        return archive
    }

    private func name(_ meta: [String: BusValue]) -> String? {
        if case .string(let name)? = meta["name"] { return name }
        return nil
    }

    func testRepeatedIDsAreAnsweredOnceAndManyAreCapped() throws {
        let first = try XCTUnwrap(APODDay("2019-01-01"))
        let days = (0..<400).map { APODDay(ordinal: first.ordinal + $0) }
        let archive = try archive(with: days.map { APODEntry(date: $0, title: "Day \($0)", explanation: "") })

        let repeated = try SearchProvider.metas(
            Array(repeating: "2019-01-05", count: 18_500), in: archive, pictures: NoPictures()
        ).metas
        XCTAssertEqual(repeated.count, 1, "one meta per day, however often it is asked for")

        let many = days.map(\.description) + ["banana", "1900-01-01"]
        let answered = try SearchProvider.metas(many, in: archive, pictures: NoPictures()).metas
        XCTAssertEqual(answered.count, SearchProvider.metasLimit)
        XCTAssertEqual(answered.compactMap(name), days.prefix(SearchProvider.metasLimit).map { "Day \($0)" })
    }

    /// GNOME Shell's results read as the app's grids do: the known Chinese title when
    /// Explanations says Chinese, NASA's otherwise and for a day with no translation.
    func testResultsCarryTheKnownChineseTitleWhenExplanationsAreChinese() throws {
        let translated = try XCTUnwrap(APODDay("2015-04-04"))
        let untranslated = try XCTUnwrap(APODDay("2015-04-05"))
        let archive = try archive(with: [
            APODEntry(date: translated, title: "Aurora over a Lake", explanation: ""),
            APODEntry(date: untranslated, title: "Another Lake", explanation: ""),
        ])
        try archive.openIndex().storeTranslation(
            .translated(
                Translation(
                    day: translated, title: "冰島夜空中的北極光", explanation: "極光在湖上。",
                    pageURL: URL(string: "http://127.0.0.1:9/apod/ap150404.html")!)),
            for: translated)
        let ids = [translated.description, untranslated.description]
        for (language, expected) in [
            (ExplanationLanguage.chinese, ["冰島夜空中的北極光", "Another Lake"]),
            (.english, ["Aurora over a Lake", "Another Lake"]),
        ] {
            let translations = ViewerTranslations(
                base: URL(string: "http://127.0.0.1:9/apod/")!, client: HTTPClient(timeout: 5, retryPolicy: .none),
                archive: archive, language: language)
            let metas = try SearchProvider.metas(ids, in: archive, pictures: NoPictures(), translations: translations)
            XCTAssertEqual(metas.metas.compactMap(name), expected, "\(language)")
        }
    }

    func testAHugeTitleGoesToTheShellBounded() throws {
        let day = try XCTUnwrap(APODDay("2019-01-05"))
        let marks = "A" + String(repeating: "\u{301}", count: 500_000)
        let archive = try archive(with: [APODEntry(date: day, title: marks, explanation: "")])
        // The index already keeps titles bounded; the provider bounds what it reads too.
        let title = try XCTUnwrap(
            SearchProvider.metas(["2019-01-05"], in: archive, pictures: NoPictures()).metas.first.flatMap(name))
        XCTAssertLessThanOrEqual(title.utf8.count, BoundedText.titleLimit * 4)
        XCTAssertEqual(SearchProvider.requestedDays(Array(repeating: "x", count: 1_000_000)).count, 0)
    }
}

private struct NoPictures: ImageFetching {
    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data { throw APODError.notAnImage }
    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }
    func cachedRendition(of url: URL, width: Int) -> Data? { nil }
    func storeRendition(_ data: Data, of url: URL, width: Int) {}
}
