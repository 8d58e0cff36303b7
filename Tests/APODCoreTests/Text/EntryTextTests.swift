import XCTest

@testable import APODCore

final class EntryTextTests: CoreTestCase, @unchecked Sendable {
    func testTitleCreditTails() {
        XCTAssertEqual(EntryText.title("Milky Way\r\nCredit: Axel Mellinger"), "Milky Way")
        XCTAssertEqual(EntryText.title("Milky Way \nImage Credit & Copyright: X"), "Milky Way")
        XCTAssertEqual(EntryText.title("Two\nLines"), "Two Lines")
        XCTAssertEqual(EntryText.title("Sun &amp; Moon"), "Sun & Moon")
    }

    func testExplanationLabelAndTomorrowTail() {
        XCTAssertEqual(EntryText.explanation("<b>Explanation:</b> Stars. <b>Tomorrow's picture:</b> more"), "Stars.")
        XCTAssertEqual(EntryText.explanation("Explanation: Stars. Tomorrow&#8217;s picture: more"), "Stars.")
        XCTAssertEqual(EntryText.explanation("explanation:Stars."), "Stars.")
        XCTAssertEqual(EntryText.explanation("The Explanation: is mid-sentence."), "The Explanation: is mid-sentence.")
        XCTAssertEqual(EntryText.explanation(""), "")
    }

    func testCreditLabelsGarbageAndEmptiness() {
        XCTAssertEqual(EntryText.credit("<strong>Image Credit &amp; Copyright:</strong> <a>Jane Doe</a>"), "Jane Doe")
        XCTAssertEqual(EntryText.credit("Image Credit and Copyright: A; B"), "A; B")
        XCTAssertEqual(EntryText.credit("Video Credit: NASA"), "NASA")
        XCTAssertEqual(EntryText.credit("Copyright: © Bob"), "Bob")
        XCTAssertEqual(EntryText.credit("\nJose  Pedrero\n"), "Jose Pedrero")
        XCTAssertEqual(EntryText.credit("Tom Explanation: garbage paragraph"), "Tom")
        XCTAssertNil(EntryText.credit("  \n "))
        XCTAssertNil(EntryText.credit("<strong>Image Credit:</strong>"))
        XCTAssertNil(EntryText.credit(nil))
    }
}
