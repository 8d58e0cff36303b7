import LoopbackServer
import XCTest

@testable import APODCore

/// The one reader of the classic APOD page: the mirror's Chinese pages and NASA's English ones,
/// in UTF-8 or Big5, tolerant of 30 years of hand-written markup.
final class ClassicPageTests: CoreTestCase {
    private let day = APODDay("2015-04-02")!
    private let pageURL = URL(string: "http://127.0.0.1:1/apod/ap150402.html")!

    private func mirrorPage(_ text: FakeMirror.Text = FakeMirror.texts[1], meta: String = "") -> String {
        FakeMirror.page(year: 2015, month: 4, day: 2, text: text, meta: meta)
    }

    func testReadsTheMirrorsPage() throws {
        let page = try XCTUnwrap(ClassicPage(html: mirrorPage(), base: pageURL))
        XCTAssertEqual(page.day, day)
        XCTAssertEqual(page.title, "仙女座大星系")
        XCTAssertTrue(page.credit.hasPrefix("影像提供與版權:"), page.credit)
        XCTAssertTrue(page.explanation.hasPrefix("仙女座星系（M31）距離我們"), page.explanation)
        XCTAssertTrue(page.explanation.hasSuffix("M32 與 M110。"), page.explanation)
        XCTAssertFalse(page.explanation.contains("明日"), "the explanation ends before tomorrow's line")
        XCTAssertEqual(page.translator, "翻譯:天文實驗室 (成功大學 物理學系 ;蘇漢宗)")
        let translation = try XCTUnwrap(Translation(page: page, day: day, pageURL: pageURL))
        XCTAssertEqual(translation.title, "仙女座大星系")
    }

    func testKeepsLinksAndBreaks() throws {
        let page = try XCTUnwrap(ClassicPage(html: mirrorPage(FakeMirror.texts[0]), base: pageURL))
        XCTAssertEqual(page.explanationLinks.map(\.text), ["極光"])
        XCTAssertEqual(page.explanationLinks.first?.url.host, "zh.wikipedia.org")
        XCTAssertTrue(page.explanation.contains("發出的光芒。 這一晚"), "a <br> keeps the sentences apart")
    }

    func testReadsNASAsOwnPage() throws {
        let html = """
            <html><body><CENTER><h1> Astronomy Picture of the Day </h1><p>
            <a href="archivepix.html">Discover the cosmos!</a><p>2015 April 2<br>
            <a href="image/1504/m31_big.jpg"><IMG SRC="image/1504/m31.jpg"></a></CENTER>
            <CENTER><b> Andromeda &amp; Friends </b> <br><b> Image Credit &amp; Copyright: </b>
            <a href="https://example.org">Someone</a></CENTER> <p>
            <b> Explanation: </b> The <a href="ap150401.html">Andromeda Galaxy</a> is near.
            <p> <center><b> Tomorrow's picture: </b>light</center></body></html>
            """
        let page = try XCTUnwrap(ClassicPage(html: html, base: URL(string: "https://apod.nasa.gov/apod/ap150402.html")))
        XCTAssertEqual(page.day, day)
        XCTAssertEqual(page.title, "Andromeda & Friends")
        XCTAssertEqual(page.credit, "Image Credit & Copyright: Someone")
        XCTAssertEqual(page.explanation, "The Andromeda Galaxy is near.")
        XCTAssertEqual(page.explanationLinks.first?.url.absoluteString, "https://apod.nasa.gov/apod/ap150401.html")
        XCTAssertNil(page.translator)
        XCTAssertNil(Translation(page: page, day: day, pageURL: pageURL), "an English page is no translation")
    }

    func testToleratesLabelsTagsAndColonsOfEitherKind() throws {
        let html = """
            <CENTER>2015年4月2日</CENTER><center><B>土星環</B><BR><B>影像提供：</B>某人</center>
            <P><STRONG>說明</STRONG>：土星環主要由冰塊與岩石碎片組成，小的只有沙粒大小
            <P><CENTER><B>明日的圖片：</B>
            """
        let page = try XCTUnwrap(ClassicPage(html: html))
        XCTAssertEqual(page.day, day)
        XCTAssertEqual(page.title, "土星環")
        XCTAssertEqual(page.explanation, "土星環主要由冰塊與岩石碎片組成，小的只有沙粒大小")
    }

    func testBrokenMarkupStillReadsOrIsNoPage() {
        XCTAssertNil(ClassicPage(html: "<html><body><p>伺服器維護中</body>"), "no explanation label: not a page")
        XCTAssertNil(ClassicPage(html: ""))
        let unclosed = "<center>2015 年 4 月 2 日<center><b>標題<b> 說明: 這是一段沒有結尾的說明文字，標籤全都沒有關上"
        let page = ClassicPage(html: unclosed)
        XCTAssertEqual(page?.day, day)
        XCTAssertEqual(page?.explanation, "這是一段沒有結尾的說明文字，標籤全都沒有關上")
        XCTAssertNil(ClassicPage(html: String(repeating: "<b>說明", count: 20000)), "hostile markup ends")
    }

    func testPagesForOtherDaysOrEmptyAreNoTranslation() throws {
        let other = FakeMirror.page(year: 2015, month: 4, day: 3, text: FakeMirror.texts[1])
        let page = try XCTUnwrap(ClassicPage(html: other))
        XCTAssertEqual(page.day, APODDay("2015-04-03"))
        XCTAssertNil(Translation(page: page, day: day, pageURL: pageURL), "another day's page")
        let empty = try XCTUnwrap(ClassicPage(html: mirrorPage(FakeMirror.Text(title: "空白", explanation: ""))))
        XCTAssertNil(Translation(page: empty, day: day, pageURL: pageURL), "an empty explanation")
    }

    func testDecodesUTF8Big5AndMetaCharsets() {
        let html = mirrorPage()
        XCTAssertEqual(PageEncoding.decode(Data(html.utf8)), html, "valid UTF-8 with no charset")
        let big5 = FakeMirror.big5(html)
        XCTAssertNotEqual(big5, Data(html.utf8))
        XCTAssertEqual(PageEncoding.charset(of: big5), .big5, "not UTF-8: Big5")
        XCTAssertEqual(PageEncoding.decode(big5), html)
        let declared = mirrorPage(meta: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=big5\">")
        XCTAssertEqual(PageEncoding.charset(of: FakeMirror.big5(declared)), .big5)
        XCTAssertEqual(PageEncoding.charset(of: Data("<meta charset=\"utf-8\">abc".utf8)), .utf8)
        XCTAssertEqual(
            PageEncoding.charset(of: Data("abc".utf8), contentType: "text/html; charset=Big5"), .big5,
            "the header's charset wins")
    }

    func testBadBig5BytesBecomeReplacementCharacters() {
        var bytes = FakeMirror.big5("說明：極光")
        bytes.insert(0xFF, at: 2)
        bytes.append(0xA4)
        let text = PageEncoding.decode(bytes)
        XCTAssertTrue(text.hasPrefix("說\u{FFFD}"), text)
        XCTAssertTrue(text.contains("極光"), text)
        XCTAssertTrue(text.hasSuffix("\u{FFFD}"), "a cut-off last character: \(text.unicodeScalars.map(\.value))")
        let junk = Data(repeating: 0xFF, count: 200_000)
        XCTAssertEqual(PageEncoding.decode(junk).unicodeScalars.count, 200_000, "bad bytes cost linear time")
    }
}
