import XCTest

@testable import APODCore

final class SentencesTests: CoreTestCase, @unchecked Sendable {
    func testEnglishSentencesHaveASpaceBetween() {
        XCTAssertEqual(Sentences.join("1 day stored.", "Download the archive."), "1 day stored. Download the archive.")
        XCTAssertEqual(Sentences.join(["", "Only this.", ""]), "Only this.")
        XCTAssertEqual(Sentences.join([]), "")
    }

    func testChineseSentencesRunTogether() {
        XCTAssertEqual(
            Sentences.join("索引中有 2 張圖片；11,489 天尚未下載。", "只搜尋了這台電腦上已有的圖片。"),
            "索引中有 2 張圖片；11,489 天尚未下載。只搜尋了這台電腦上已有的圖片。")
        XCTAssertEqual(Sentences.join("有 1 張圖片符合「極光」", "（顯示最佳的 200 張）"), "有 1 張圖片符合「極光」（顯示最佳的 200 張）")
        XCTAssertEqual(Sentences.join("背景維持不變", "Next"), "背景維持不變Next")
    }

    func testAfterLatinTextASpaceEvenBeforeChinese() {
        XCTAssertEqual(
            Sentences.join("“Aurora” (2015 Apr. 4) has no picture.", "背景維持不變。"),
            "“Aurora” (2015 Apr. 4) has no picture. 背景維持不變。")
    }
}
