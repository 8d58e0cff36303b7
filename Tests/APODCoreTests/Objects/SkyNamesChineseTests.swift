import XCTest

@testable import APODCore

/// The Traditional Chinese names: every line read, every object known to the catalogue, no
/// name given twice, and the embedded copy the same as data/sky-names-zh_TW.txt.
final class SkyNamesChineseTests: CoreTestCase {
    func testEveryLineIsReadAndMeansOneThing() throws {
        let names = SkyNamesChinese.shared
        XCTAssertEqual(names.problems, [])
        XCTAssertEqual(names.wordsCount, 98, "the 88 constellations and ten meteor showers")
        XCTAssertGreaterThanOrEqual(names.objectCount, 200)
        let dataFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../data/sky-names-zh_TW.txt"
        ).standardized
        XCTAssertEqual(
            SkyNamesChineseText.text, try String(contentsOf: dataFile, encoding: .utf8),
            "run scripts/generate-sky-catalogue after editing data/sky-names-zh_TW.txt")
    }

    func testNamesAndLabels() {
        let names = SkyNamesChinese.shared
        XCTAssertEqual(names.meaning(of: "仙女座星系"), .object("M31"))
        XCTAssertEqual(names.meaning(of: " 仙女座 星系 "), .object("M31"), "spaces ignored")
        XCTAssertEqual(names.meaning(of: "昴宿星團"), .object("M45"))
        XCTAssertEqual(names.meaning(of: "木衛二"), .object("Europa"))
        XCTAssertEqual(names.meaning(of: "新智彗星"), .object("C/2020 F3"))
        XCTAssertEqual(names.meaning(of: "獵戶座"), .words("\"orion\""))
        XCTAssertEqual(names.meaning(of: "英仙座流星雨"), .words("\"perseid\"*"))
        XCTAssertNil(names.meaning(of: "極光"))
        XCTAssertNil(names.meaning(of: "Andromeda"))
        let m31 = SkyCatalogue.shared.object(id: "M31")
        XCTAssertEqual(m31.label(chinese: true), "M31 · 仙女座星系")
        XCTAssertEqual(m31.label(chinese: false), "M31 · Andromeda Galaxy")
        XCTAssertEqual(SkyObject(id: "NGC 3717").label(chinese: true), "NGC 3717")
    }
}
