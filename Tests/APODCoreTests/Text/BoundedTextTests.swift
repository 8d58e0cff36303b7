import XCTest

@testable import APODCore

final class BoundedTextTests: CoreTestCase, @unchecked Sendable {
    func testShortTextIsKeptWhole() {
        let text = BoundedText("Milky Way", limit: 300)
        XCTAssertEqual(text, BoundedText("Milky Way", limit: 9))
        XCTAssertEqual(text.text, "Milky Way")
        XCTAssertFalse(text.isTruncated)
    }

    func testLongTextIsCutAtAWordWithAnEllipsis() {
        let text = BoundedText(String(repeating: "nebula ", count: 100), limit: 300)
        XCTAssertTrue(text.isTruncated)
        XCTAssertLessThanOrEqual(text.text.count, 300)
        XCTAssertTrue(text.text.hasSuffix("nebula…"), text.text)
        let word = BoundedText(String(repeating: "x", count: 1_000), limit: 300)
        XCTAssertEqual(
            word.text, String(repeating: "x", count: 256) + "\u{200B}" + String(repeating: "x", count: 42) + "…",
            "cut at 299 characters, a break opportunity after the 256th among them")
    }

    func testEntryFieldsAreBoundedButTheFullTextIsKept() throws {
        let huge = String(repeating: "Orion ", count: 100_000)
        let entry = APODEntry(
            date: try XCTUnwrap(APODDay("2024-01-01")), title: huge, explanation: huge,
            copyright: huge, altText: "Alt " + huge)
        XCTAssertLessThanOrEqual(entry.shownTitle.text.count, BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(try XCTUnwrap(entry.shownCopyright).text.count, BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(try XCTUnwrap(entry.shownAltText).text.count, BoundedText.altTextLimit)
        XCTAssertLessThanOrEqual(entry.shownExplanation.text.count, BoundedText.explanationLimit)
        XCTAssertTrue(entry.hasTruncatedText)
        XCTAssertEqual(entry.fullText.utf8.count, 3 * huge.utf8.count + "\n\n© \n\n".utf8.count)
    }

    func testAltTextThatOnlyRepeatsTheTitleIsNotShownTwice() throws {
        let day = try XCTUnwrap(APODDay("2019-10-05"))
        let repeated = APODEntry(
            date: day, title: "Arp 194: Merging Galaxy Group", explanation: "",
            altText: " Arp 194:  Merging Galaxy Group ")
        XCTAssertNil(repeated.shownAltText)
        let described = APODEntry(
            date: day, title: "Arp 194: Merging Galaxy Group", explanation: "",
            altText: "Three galaxies joined by a bridge of blue stars")
        XCTAssertEqual(described.shownAltText?.text, "Three galaxies joined by a bridge of blue stars")
    }

    func testShownFieldsHaveNoControlsEvenFromOldCaches() throws {
        let entry = APODEntry(
            date: try XCTUnwrap(APODDay("2024-01-01")), title: "gpj\u{202E}.exe\u{0}tail",
            explanation: "one\ntwo\u{1B}[2J", copyright: "A\u{7}B")
        XCTAssertEqual(entry.shownTitle.text, "gpj.exetail")
        XCTAssertEqual(entry.shownExplanation.text, "one\ntwo[2J")
        XCTAssertEqual(entry.shownCopyright?.text, "AB")
        XCTAssertFalse(entry.hasTruncatedText)
        XCTAssertEqual(entry.fullText, "gpj.exetail\n\n© AB\n\none\ntwo[2J")
    }

    /// The probe's inputs: one character of "A" and 500,000 combining accents passed the
    /// 300-character title limit whole (1 MB), and stacked marks made the caption card's layout
    /// quadratic.
    func testCombiningMarksCountInBytesAndPerCharacter() {
        let title = BoundedText("A" + String(repeating: "\u{301}", count: 500_000), limit: BoundedText.titleLimit)
        XCTAssertEqual(title.text.count, 1)
        XCTAssertEqual(title.text.unicodeScalars.count, 1 + BoundedText.marksPerCharacter)
        XCTAssertFalse(title.isTruncated, "the base and its first marks are all the character shows")

        let many = String(repeating: "a" + String(repeating: "\u{301}\u{302}", count: 50), count: 40_000)
        let explanation = APODEntry(date: APODDay("2024-01-01")!, title: "", explanation: many).shownExplanation
        XCTAssertLessThanOrEqual(explanation.text.utf8.count, BoundedText.explanationByteLimit)
        XCTAssertTrue(explanation.isTruncated)
        XCTAssertTrue(explanation.text.hasSuffix("…"))
        XCTAssertTrue(explanation.text.allSatisfy { $0.unicodeScalars.count <= 1 + BoundedText.marksPerCharacter })

        // Hangul jamo (no marks) and emoji joined by ZWJ make endless characters too.
        let jamo = BoundedText(String(repeating: "\u{1100}", count: 100_000), limit: BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(jamo.text.unicodeScalars.count, BoundedText.scalarsPerCharacter)
        let joined = BoundedText(String(repeating: "👩\u{200D}", count: 50_000), limit: BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(joined.text.utf8.count, BoundedText.titleLimit * 4)
    }

    func testByteLimitCutsWideTextWithRoomForTheEllipsis() {
        let text = BoundedText(String(repeating: "星", count: 20_000), limit: 16_384, byteLimit: 32_768)
        XCTAssertTrue(text.isTruncated)
        XCTAssertLessThanOrEqual(text.text.utf8.count, 32_768)
        XCTAssertGreaterThan(text.text.utf8.count, 32_768 - 16, "as much as fits is kept")
        XCTAssertTrue(text.text.hasSuffix("…"))
        let emoji = "👨🏻\u{200D}❤️\u{200D}💋\u{200D}👨🏼"
        XCTAssertEqual(BoundedText(emoji, limit: 300).text, emoji, "real emoji sequences are kept whole")
        XCTAssertEqual(BoundedText("Tiếng Việt", limit: 300).text, "Tiếng Việt")
    }

    /// An explanation of 16,000 "a"s, a 15 KB address or "NGC 1/2/3/…" froze the main window
    /// ~18 s per layout: Pango found nowhere to break. Every run gets break opportunities.
    func testLongRunsWithoutSpacesGetBreakOpportunities() {
        let runs = [
            String(repeating: "a", count: 16_000),
            "https://apod.example/" + String(repeating: "x", count: 15_000),
            "NGC " + (1...3000).map(String.init).joined(separator: "/"),
        ]
        for run in runs {
            let shown = APODEntry(date: APODDay("2024-01-01")!, title: run, explanation: run)
            for text in [shown.shownExplanation.text, shown.shownTitle.text] {
                let longest =
                    text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{200B}" }).map(\.count).max() ?? 0
                XCTAssertLessThanOrEqual(longest, BoundedText.longestRun, String(text.prefix(40)))
            }
        }
        let words = String(repeating: "nebula ", count: 2_000)
        XCTAssertFalse(BoundedText(words, limit: 16_384).text.contains("\u{200B}"), "ordinary text is left alone")
        let address = "https://apod.nasa.gov/apod/image/1901/" + String(repeating: "m", count: 150) + ".jpg"
        XCTAssertEqual(BoundedText(address, limit: 16_384).text, address, "a real address is left whole")
    }
}
