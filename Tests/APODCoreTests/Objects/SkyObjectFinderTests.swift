import XCTest

@testable import APODCore

/// What the finder reads as sky objects, and what it must not: texts written for the test.
final class SkyObjectFinderTests: CoreTestCase, @unchecked Sendable {
    private let finder = SkyObjectFinder()

    private func ids(_ title: String, _ explanation: String = "") -> [String] {
        finder.objects(title: title, explanation: explanation).map(\.id)
    }

    func testDesignationsOfEveryCatalogue() {
        XCTAssertEqual(ids("M31, M 31 and Messier 31"), ["M31"])
        XCTAssertEqual(ids("NGC 224 is M31; NGC224 too"), ["M31"])
        XCTAssertEqual(ids("NGC 7000 near IC 5070 and IC 1805"), ["NGC 7000", "IC 5070", "IC 1805"])
        XCTAssertEqual(ids("Caldwell 49"), ["NGC 2237"], "the Caldwell number of the Rosette")
        XCTAssertEqual(ids("Caldwell 9"), ["Sh2-155"])
        for text in ["Sh2-155", "Sh 2-155", "Sh2 155", "Sharpless 155", "Sharpless 2-155", "Sh2–155"] {
            XCTAssertEqual(ids(text), ["Sh2-155"], text)
        }
        XCTAssertEqual(ids("Barnard 68 and Barnard 33"), ["Barnard 68", "Barnard 33"])
        XCTAssertEqual(ids("LDN 1622, LBN 438 and Lynds Dark Nebula 1251"), ["LDN 1622", "LBN 438", "LDN 1251"])
        XCTAssertEqual(ids("Abell 370 and Abell S1063"), ["Abell 370", "Abell S1063"])
        XCTAssertEqual(ids("Arp 273 and Arp 87"), ["Arp 273", "Arp 87"])
        XCTAssertEqual(ids("NGC 3808A and NGC 3808B"), ["NGC 3808A", "NGC 3808B"])
    }

    func testListsOfNumbersAfterOneCatalogueName() {
        XCTAssertEqual(ids("Messier 20 and 21"), ["M20", "M21"])
        XCTAssertEqual(ids("NGC 4038/4039: the Antennae"), ["NGC 4038", "NGC 4039"])
        XCTAssertEqual(ids("LDN 1147/1158"), ["LDN 1147", "LDN 1158"])
        XCTAssertEqual(ids("NGC 7129 and NGC 7142"), ["NGC 7129", "NGC 7142"])
        XCTAssertEqual(ids("M31 and 2 million stars"), ["M31"], "a count is not Messier 2")
        XCTAssertEqual(ids("M81 and 82 are near"), ["M81", "M82"])
    }

    func testLookAlikesAreNotDesignations() {
        XCTAssertEqual(ids("Spiral galaxy M100"), ["M100"], "M1 is not in M100")
        XCTAssertEqual(ids("M2-9, the Twin Jet Nebula"), ["Twin Jet Nebula"], "Minkowski 2-9 is not Messier 2")
        XCTAssertEqual(ids("Proxima is an M5.5 star; an M4 dwarf; spectral type M3"), [])
        XCTAssertEqual(ids("The basic ICE music of IC chips and an M1000 lens"), [])
        XCTAssertEqual(ids("m31 and ngc 224 in lower case"), [])
        XCTAssertEqual(ids("Arp's atlas by Halton Arp, 1966; Barnard 1919; Abell 9999"), [])
        XCTAssertEqual(ids("A 12P rule"), [], "a bare periodic number is a comet only where comets are spoken of")
        XCTAssertEqual(ids("Comet 12P returns", "Periodic 12P"), ["12P"])
    }

    func testComets() {
        XCTAssertEqual(ids("Comet NEOWISE", "C/2020 F3 (NEOWISE) over the lake"), ["C/2020 F3"])
        XCTAssertEqual(ids("12P/Pons-Brooks and 67P/Churyumov-Gerasimenko"), ["12P", "67P"])
        XCTAssertEqual(ids("Interstellar 2I/Borisov", "like 1I/ʻOumuamua and 'Oumuamua"), ["2I", "1I"])
        XCTAssertEqual(ids("comet Hale-Bopp", "Hale–Bopp in 1997"), ["C/1995 O1"])
        XCTAssertEqual(ids("Comet C/2013 US10 (Catalina)"), ["C/2013 US10"])
    }

    func testNamesInAnyCaseButOneWordExactly() {
        XCTAssertEqual(ids("The Andromeda Galaxy", "the Andromeda galaxy"), ["M31"])
        XCTAssertEqual(ids("the andromeda galaxy"), [], "a name needs its capital")
        XCTAssertEqual(ids("Io and Europa", "IO ports"), ["Io", "Europa"])
        XCTAssertEqual(ids("Bode’s Galaxy"), ["M81"], "a typographic apostrophe")
        XCTAssertEqual(ids("Horsehead and Orion Nebulas"), ["Barnard 33", "M42"])
        XCTAssertEqual(ids("The Heart and Soul Nebulas"), ["IC 1805", "IC 1848"])
        XCTAssertEqual(ids("Large and Small Magellanic Clouds"), ["Large Magellanic Cloud", "Small Magellanic Cloud"])
        XCTAssertEqual(ids("The Blue Horsehead Nebula"), ["IC 4592"], "the longest name wins")
        XCTAssertEqual(ids("The Ghost of Jupiter's Halo"), ["NGC 3242"], "Jupiter inside a nebula's name")
        XCTAssertEqual(ids("Southern Pleiades and the Pleiades"), ["IC 2602", "M45"])
    }

    func testRocketsProgrammesAndOtherMoonsAreNotTheObjects() {
        XCTAssertEqual(ids("A Saturn V rocket", "the Mercury capsule of Project Mercury and Titan IV"), [])
        XCTAssertEqual(ids("Martian Moon Phobos", "Jupiter's Moon Io"), ["Phobos", "Jupiter", "Io"])
        XCTAssertEqual(ids("Harvest Moon over Saturn"), ["Moon", "Saturn"])
        XCTAssertEqual(ids("The Veil", "spans six times the diameter of the full Moon; larger than Earth's Moon"), [])
        XCTAssertEqual(ids("Eclipse", "the Moon covered the Sun"), ["Moon"], "the Sun counts in titles only")
        XCTAssertEqual(ids("Sun and Earth", "Earth"), ["Sun", "Earth"])
    }

    func testTheClosingNoticeOfAnExplanationIsNotRead() {
        let explanation =
            "The Sombrero Galaxy, also known as M104, spans 50,000 light years. News: New Horizons Passes Ultima Thule"
        XCTAssertEqual(ids("The Sombrero Galaxy in Infrared", explanation), ["M104"])
        XCTAssertEqual(
            ids("Eclipse", "At 10:30 the Moon rose. Follow APOD on: Instagram, or Twitter"), ["Moon"],
            "a time is no label")
        XCTAssertEqual(ids("Arrokoth", "A view of Arrokoth."), ["Arrokoth"])
    }

    func testTitleObjectsComeFirstEachOnce() {
        let found = finder.objects(
            title: "M42: the Orion Nebula", explanation: "Near M43, the Orion Nebula (M42) and the Horsehead.")
        XCTAssertEqual(
            found,
            [
                ObjectMention(id: "M42", inTitle: true), ObjectMention(id: "M43", inTitle: false),
                ObjectMention(id: "Barnard 33", inTitle: false),
            ])
    }
}
