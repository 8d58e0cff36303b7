import APODCore
import Foundation
import TestSupport
import WallpaperComposition
import XCTest

/// Captioned backgrounds to look at, in Traditional Chinese and in Hebrew (right to left): the
/// date and the credit line from po/zh_TW.po, a title in the script, on a real picture of the
/// sample when it is there. Saved in `.build/screenshots`.
final class CaptionedBackgroundTests: XCTestCase {
    private static let screen = CanvasSize(width: 1920, height: 1080)

    private var picture: Data {
        SampleFolder.locate().flatMap { SampleFolder.picture("1901/sombrero_spitzer_1080.jpg", in: $0) }
            ?? PlainPNG.make(width: 640, height: 360, red: 20, green: 30, blue: 70)
    }

    private func save(_ background: ComposedBackground, as name: String) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/screenshots", isDirectory: true).standardized
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try background.jpeg.write(to: directory.appendingPathComponent("\(name).jpg"))
    }

    func testAChineseCaption() throws {
        let chinese = try ChineseLocale()
        defer { chinese.restore() }
        let entry = APODEntry(
            date: APODDay("2019-01-01")!, title: "紅外線下的草帽星系",
            explanation: "這個漂浮的環有一個星系那麼大。事實上，它就是一個星系。", copyright: "NASA、JPL 加州理工學院", mediaType: .image)
        let caption = try XCTUnwrap(Caption(entry: entry, style: .titleAndSentence))
        XCTAssertEqual(caption.details, "2019年1月1日 · © NASA、JPL 加州理工學院")
        let background = try WallpaperComposer.compose(picture, .init(canvas: Self.screen, caption: caption))
        let card = try XCTUnwrap(background.report.card)
        XCTAssertEqual(card.unknownGlyphs, 0)
        XCTAssertGreaterThanOrEqual(card.contrast, Contrast.required)
        try save(background, as: "background-zh-TW")
    }

    func testAHebrewCaptionRunsRightToLeft() throws {
        let caption = Caption(
            title: "גלקסיית הסומבררו באינפרא אדום", details: "2019 Jan. 1 · © NASA, JPL-Caltech",
            sentence: "הטבעת הצפה הזאת היא בגודל של גלקסיה.")
        let background = try WallpaperComposer.compose(
            picture, .init(canvas: Self.screen, scaleFactor: 1, caption: caption))
        let card = try XCTUnwrap(background.report.card)
        XCTAssertTrue(card.isRightToLeft)
        XCTAssertEqual(card.unknownGlyphs, 0)
        try save(background, as: "background-he")
    }
}
