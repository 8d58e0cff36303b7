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
        let entry = APODEntry(date: try XCTUnwrap(APODDay("2024-01-01")), title: huge, explanation: huge,
                              copyright: huge, altText: huge)
        XCTAssertLessThanOrEqual(entry.shownTitle.text.count, BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(try XCTUnwrap(entry.shownCopyright).text.count, BoundedText.titleLimit)
        XCTAssertLessThanOrEqual(try XCTUnwrap(entry.shownAltText).text.count, BoundedText.altTextLimit)
        XCTAssertLessThanOrEqual(entry.shownExplanation.text.count, BoundedText.explanationLimit)
        XCTAssertTrue(entry.hasTruncatedText)
        XCTAssertEqual(entry.fullText.utf8.count, 3 * huge.utf8.count + "\n\n© \n\n".utf8.count)
    }

    func testShownFieldsHaveNoControlsEvenFromOldCaches() throws {
        let entry = APODEntry(date: try XCTUnwrap(APODDay("2024-01-01")), title: "gpj\u{202E}.exe\u{0}tail",
                              explanation: "one\ntwo\u{1B}[2J", copyright: "A\u{7}B")
        XCTAssertEqual(entry.shownTitle.text, "gpj.exetail")
        XCTAssertEqual(entry.shownExplanation.text, "one\ntwo[2J")
        XCTAssertEqual(entry.shownCopyright?.text, "AB")
        XCTAssertFalse(entry.hasTruncatedText)
        XCTAssertEqual(entry.fullText, "gpj.exetail\n\n© AB\n\none\ntwo[2J")
    }
}
