import APODCore
import XCTest

@testable import WallpaperComposition

/// The card's text in other scripts: Chinese is drawn with a font that has it (no boxes),
/// Hebrew and Arabic run right to left and hug the card's right edge.
final class CaptionScriptTests: XCTestCase {
    private let screen = CanvasSize(width: 1280, height: 720)
    private let picture = TestPicture(width: 1280, height: 720, colour: (20, 30, 60)).jpeg

    /// The columns of the card's text area holding white text pixels.
    private func textColumns(_ background: RenderedBackground, _ card: CardReport) -> ClosedRange<Int>? {
        let area = card.rect.insetBy(Int(CaptionCard.paddingSize))
        var columns: [Int] = []
        for x in area.x..<area.maxX {
            for y in area.y..<area.maxY where background.pixel(x: x, y: y, isNear: (255, 255, 255), tolerance: 30) {
                columns.append(x)
                break
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    func testChineseIsShapedWithAFontThatHasIt() throws {
        let caption = Caption(title: "船底座星雲的鑰匙孔", details: "2019年1月1日 · © 王小明", sentence: "這是一個星系大小的環。")
        let background = try WallpaperComposer.render(picture, .init(canvas: screen, caption: caption))
        let card = try XCTUnwrap(background.report.card)
        XCTAssertEqual(card.unknownGlyphs, 0, "install a CJK font (scripts/install-deps has fonts-wqy-microhei)")
        XCTAssertFalse(card.isRightToLeft)
        let columns = try XCTUnwrap(textColumns(background, card))
        XCTAssertLessThan(columns.lowerBound - card.rect.x, Int(CaptionCard.paddingSize) + 4, "starts at the left edge")
    }

    func testHebrewAndArabicRunRightToLeft() throws {
        for title in ["גלקסיית הסומבררו באינפרא אדום", "مجرة السمبريرو بالأشعة تحت الحمراء"] {
            let caption = Caption(title: title, details: "2019 Jan. 1 · © NASA")
            let background = try WallpaperComposer.render(picture, .init(canvas: screen, caption: caption))
            let card = try XCTUnwrap(background.report.card)
            XCTAssertTrue(card.isRightToLeft, title)
            XCTAssertEqual(card.unknownGlyphs, 0, title)
            let columns = try XCTUnwrap(textColumns(background, card))
            XCTAssertLessThan(
                card.rect.maxX - columns.upperBound, Int(CaptionCard.paddingSize) + 4,
                "ends at the right edge: \(title)")
        }
    }

    /// The caption built from an entry in the user's language: the date as the catalogue
    /// writes it, the credit, the sentence only when asked.
    func testACaptionFromAnEntry() {
        let entry = APODEntry(
            date: APODDay("2019-01-01")!, title: "The  Sombrero\u{202E} Galaxy",
            explanation: "This floating ring is the size of a galaxy.  In fact, it is a galaxy.",
            copyright: "\nJorge\n Jorgensen\n", mediaType: .image)
        XCTAssertNil(Caption(entry: entry, style: .none))
        let title = Caption(entry: entry, style: .title)
        XCTAssertEqual(title, Caption(title: "The Sombrero Galaxy", details: "2019 Jan. 1 · © Jorge Jorgensen"))
        XCTAssertEqual(
            Caption(entry: entry, style: .titleAndSentence)?.sentence, "This floating ring is the size of a galaxy.")
        var free = entry
        free.copyright = nil
        XCTAssertEqual(Caption(entry: free, style: .title)?.details, "2019 Jan. 1")
    }
}
