import XCTest
@testable import APODCore

final class HTMLTextTests: XCTestCase {
    func testDecodesNamedAndNumericEntities() {
        XCTAssertEqual(HTMLEntities.decode("A &amp; B &#8217; &#x2019; &lt;&gt; &quot;q&quot; &eacute;"),
                       "A & B \u{2019} \u{2019} <> \"q\" é")
        XCTAssertEqual(HTMLEntities.decode("&nbsp;"), "\u{00A0}")
        XCTAssertEqual(HTMLEntities.decode("R&D and &unknown; and &#0; and & alone"),
                       "R&D and &unknown; and &#0; and & alone")
    }

    func testStripsTagsButKeepsPlainLessThan() {
        XCTAssertEqual(HTMLText.plainText("<strong>Bold</strong> <a href=\"x>y\">link</a>'s <em>it</em>"),
                       "Bold link's it")
        XCTAssertEqual(HTMLText.plainText("mass < 3 suns and 5 > 4"), "mass < 3 suns and 5 > 4")
        XCTAssertEqual(HTMLText.plainText("one<br>two<BR/>three<p>four</p>"), "one two three four")
        XCTAssertEqual(HTMLText.plainText("a<!-- hidden -->b"), "ab")
    }

    func testEscapedTagsStayAsText() {
        XCTAssertEqual(HTMLText.plainText("&lt;b&gt;not bold&lt;/b&gt;"), "<b>not bold</b>")
    }

    func testCollapsesWhitespace() {
        XCTAssertEqual(HTMLText.plainText("  a \r\n\t b&nbsp;&nbsp;c  "), "a b c")
    }
}
