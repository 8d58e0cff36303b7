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
        XCTAssertEqual(word.text, String(repeating: "x", count: 299) + "…")
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
}
