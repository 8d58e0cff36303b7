import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The windows in Traditional Chinese: labels, buttons and dates from po/zh_TW.po.
final class TranslatedWindowsTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        super.tearDown()
        files.remove()
    }

    func testTheWindowsSpeakTraditionalChinese() throws {
        let chinese = try ChineseLocale()
        do {
            defer { chinese.restore() }
            try showTheWindowsInChinese()
        }
        XCTAssertEqual(APODDay("2020-12-17")?.displayString, "2020 Dec. 17", "English again after the test")
    }

    private func showTheWindowsInChinese() throws {
        XCTAssertEqual(tr("Preferences"), "偏好設定", "the catalogue is in use")
        try MainActor.assumeIsolated {
            let closed = try FakeHTTPServer(handler: { _ in .json("[]") })
            let url = closed.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic")
            closed.stop()
            try start(
                services: files.services(.science, apiURL: url, calendar: calendar),
                options: ViewerOptions(initialDay: APODDay("2026-10-14")))
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertEqual(main.window.title, "APOD 檢視器")
            XCTAssertEqual(main.navigation.todayButton.tooltip, "最新圖片（Alt+Home）")
            waitUntil("the offline banner is shown") { main.offlineBanner.isShown }
            XCTAssertEqual(main.offlineBanner.root.label.text, "離線中 — 顯示快取和範例圖片")
            waitUntil("the sample entry of 2026-10-14 is shown") { main.caption.titleLabel.text.hasPrefix("Sample") }
            XCTAssertEqual(main.caption.dateLabel.text, "2026年10月14日")

            app.application.activateAction(AppAction.showDate, string: "2020-12-17")
            waitUntil("the missing day is explained in place of the picture") {
                main.pictureView.page == .status && main.entry == nil
            }
            XCTAssertEqual(
                main.pictureView.statusPage.descriptionText,
                "這台電腦上沒有 2020年12月17日 的資料。請連上網路再查看，或選擇曾經看過的日期或範例中的日期。")
            XCTAssertEqual(ContentStatus.skippedDay(APODDay("1995-06-17")!).title, "1995年6月17日 沒有發布圖片")

            app.openDetail(for: entry("2020-12-17", title: "The Great Conjunction", picture: "/640x400.jpg"))
            let detail = try XCTUnwrap(app.detailWindows[APODDay("2020-12-17")!])
            XCTAssertEqual(detail.caption.dateLabel.text, "2020年12月17日")
            XCTAssertEqual(detail.header.pageButton.tooltip, "在瀏覽器中開啟這一則的網頁")

            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            XCTAssertEqual(preferences.window.title, "偏好設定")
            waitUntil("the usage is measured") { preferences.usageRow.title.hasPrefix("已使用") }
            saveScreenshot(of: main.window, named: "main-window-zh_TW")

            // 360 px wide, the bottom bar's seven tabs fit in Chinese too.
            preferences.window.close()
            detail.window.close()
            main.window.resize(width: 360, height: 760)
            waitUntil("the bottom switcher shows") { main.switcherBar.isRevealed }
            waitForFrames()
            XCTAssertEqual(main.switcherBar.ellipsizedLabelTexts, [], "every tab's label fits 360 px")
            assertWhollyShown(main.switcherBar, in: main.window)
            saveScreenshot(of: main.window, named: "main-window-narrow-zh_TW")
        }
    }
}
