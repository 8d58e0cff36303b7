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

    func testObjectsNamedInChineseTextAreFound() {
        let names = SkyNamesChinese.shared
        XCTAssertEqual(names.objects(in: "在仙女座大星雲旁，可以看到M32與三角座星系。"), ["M31", "M33"])
        XCTAssertEqual(names.objects(in: "獵戶座大星雲與昴宿星團，還有獵戶座大星雲"), ["M42", "M45"], "each once, in order")
        XCTAssertEqual(names.objects(in: "木星與土星的環"), ["Jupiter", "Saturn"])
        XCTAssertEqual(names.objects(in: "極光與冰河湖"), [])
    }

    /// A translation naming 仙女座星系 ties its day to M31 though NASA's English never says
    /// M31 or Andromeda: the chips' counts and 仙女座星系's search include the day; a new
    /// translation without the name unties it, NASA's own objects stay.
    func testTranslationsAddTheirObjectsToTheDay() throws {
        let day = APODDay("2020-02-01")!
        try index.store([APODEntry(date: day, title: "A Nearby Galaxy", explanation: "Light from Jupiter.")])
        XCTAssertEqual(try index.objects(on: day).map(\.object.id), ["Jupiter"])
        let page = URL(string: "http://127.0.0.1/ap200201.html")!
        try index.storeTranslation(
            .translated(
                Translation(day: day, title: "鄰近的星系", explanation: "這是仙女座星系，旁邊是木星與土星。", pageURL: page)),
            for: day)
        XCTAssertEqual(try index.objects(on: day).map(\.object.id), ["Jupiter", "M31", "Saturn"])
        XCTAssertEqual(try index.count(of: SkyCatalogue.shared.object(id: "M31")), 1)
        XCTAssertEqual(try index.search("仙女座星系", limit: 10).map(\.date), [day])
        XCTAssertEqual(try index.search("M31", limit: 10).map(\.date), [day], "M31 finds what 仙女座星系 finds")

        try index.store([APODEntry(date: day, title: "A Nearby Galaxy", explanation: "Light from Jupiter.")])
        XCTAssertEqual(
            try index.objects(on: day).map(\.object.id), ["Jupiter", "M31", "Saturn"],
            "kept when NASA's entry is stored again")

        try index.storeTranslation(
            .translated(Translation(day: day, title: "鄰近的星系", explanation: "旁邊是土星。", pageURL: page)), for: day)
        XCTAssertEqual(try index.objects(on: day).map(\.object.id), ["Jupiter", "Saturn"])
    }

    /// An index whose objects were found before the Chinese names counted finds them again.
    func testObjectsAreFoundAgainFromKeptTranslations() throws {
        let day = APODDay("2020-02-01")!
        try index.store([APODEntry(date: day, title: "A Nearby Galaxy")])
        try index.storeTranslation(
            .translated(
                Translation(
                    day: day, title: "鄰近的星系", explanation: "這是仙女座星系。",
                    pageURL: URL(string: "http://127.0.0.1/ap200201.html")!)),
            for: day)
        try index.database.execute("DELETE FROM entry_objects")
        try index.database.execute("UPDATE objects_version SET version = 'before the Chinese names'")
        try index.refreshObjects()
        XCTAssertEqual(try index.objects(on: day).map(\.object.id), ["M31"])
    }
}
