import LoopbackServer
import XCTest

@testable import APODCore

/// Chinese search over the translations: two-character words inside sentences, titles first,
/// Chinese object names as their objects, constellations through their English names too.
final class ChineseSearchTests: CoreTestCase {
    private var folder: URL!
    private var index: ArchiveIndex!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cjk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        index = try ArchiveIndex.open(in: folder, partition: "science")
    }

    override func tearDownWithError() throws {
        index = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// Days 1…n of January 2020, each with an English entry and the fake mirror's text `n % 6`.
    private func fill(_ englishTitles: [String]) throws {
        for (offset, title) in englishTitles.enumerated() {
            let day = APODDay(year: 2020, month: 1, day: offset + 1)!
            try index.store([APODEntry(date: day, title: title, explanation: "About \(title).")])
            let text = FakeMirror.texts[offset % FakeMirror.texts.count]
            let url = URL(string: "http://127.0.0.1/ap\(day.compactForm).html")!
            try index.storeTranslation(
                .translated(
                    Translation(
                        day: day, title: text.title, explanation: HTMLText.plainText(text.explanation), pageURL: url)),
                for: day)
        }
    }

    func testBigramsOfHanRuns() {
        XCTAssertEqual(CJKText.bigrams("北極光").split(separator: " "), ["北極", "極光"])
        XCTAssertEqual(CJKText.bigrams("M31 仙女座").split(separator: " "), ["M31", "仙女", "女座"])
        XCTAssertEqual(CJKText.bigrams("月").split(separator: " "), ["月"])
        XCTAssertEqual(CJKText.matchExpression(forWord: "仙女座"), "\"仙女 女座\"")
        XCTAssertEqual(CJKText.matchExpression(forWord: "極"), "\"極\"*")
        XCTAssertEqual(CJKText.matchExpression(forWord: "M31星系"), "\"M31\"* \"星系\"")
    }

    func testTwoCharacterWordsMatchInsideSentences() throws {
        try fill(["Aurora", "Andromeda", "Rings", "Eclipse", "Orion", "Milky Way"])
        XCTAssertEqual(try index.search("極光", limit: 10).map(\.title), ["Aurora"])
        XCTAssertEqual(try index.search("土星環", limit: 10).map(\.title), ["Rings"])
        XCTAssertEqual(try index.search("日食", limit: 10).map(\.title), ["Eclipse"])
        XCTAssertEqual(try index.search("冰河湖", limit: 10).map(\.title), ["Aurora"])
        XCTAssertEqual(try index.matchCount("極光"), 1)
        XCTAssertEqual(try index.search("極光 冰島", limit: 10).map(\.title), ["Aurora"], "every word required")
        XCTAssertEqual(try index.search("極光 土星", limit: 10), [])
        XCTAssertEqual(try index.search("銀", limit: 10).map(\.title).sorted(), ["Andromeda", "Milky Way"])
        XCTAssertEqual(try index.search("「極光」 \"* (", limit: 10).map(\.title), ["Aurora"], "no query syntax")
    }

    func testTitleMatchesRankFirst() throws {
        try fill(["Aurora", "Andromeda", "Rings", "Eclipse", "Orion", "Milky Way"])
        // 中心 is in the title of the fifth text and in the explanation of the sixth.
        XCTAssertEqual(try index.search("中心", limit: 10).map(\.title), ["Orion", "Milky Way"])
    }

    func testChineseObjectNamesFindTheirObject() throws {
        try index.store([
            APODEntry(date: APODDay("2019-01-01")!, title: "M31: The Andromeda Galaxy"),
            APODEntry(date: APODDay("2019-01-02")!, title: "Orion in the Snow", explanation: "Orion rises."),
            APODEntry(date: APODDay("2019-01-03")!, title: "Perseids over a Lake"),
        ])
        XCTAssertEqual(try index.search("仙女座星系", limit: 10), try index.search("M31", limit: 10))
        XCTAssertEqual(try index.matchCount("仙女座星系"), try index.matchCount("M31"))
        XCTAssertEqual(try index.search("獵戶座", limit: 10).map(\.title), ["Orion in the Snow"])
        XCTAssertEqual(try index.search("英仙座流星雨", limit: 10).map(\.title), ["Perseids over a Lake"])
        XCTAssertEqual(try index.matchCount("獵戶座"), 1)
    }

    func testTranslationsReplaceAndEnglishSearchIsUnchanged() throws {
        try fill(["Aurora"])
        let day = APODDay("2020-01-01")!
        try index.storeTranslation(.untranslated, for: day)
        XCTAssertEqual(try index.search("極光", limit: 10), [], "the old text left the index")
        XCTAssertEqual(try index.search("aurora", limit: 10).map(\.title), ["Aurora"])
    }
}
