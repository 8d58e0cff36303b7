import XCTest
@testable import APODCore

final class HTMLTextTests: XCTestCase {
    func testDecodesNamedAndNumericEntities() {
        XCTAssertEqual(HTMLEntities.decode("A &amp; B &#8217; &#x2019; &lt;&gt; &quot;q&quot; &eacute;"),
                       "A & B \u{2019} \u{2019} <> \"q\" é")
        XCTAssertEqual(HTMLEntities.decode("&nbsp;"), "\u{00A0}")
        XCTAssertEqual(HTMLEntities.decode("R&D and &unknown; and & alone"), "R&D and &unknown; and & alone")
    }

    func testStripsTagsButKeepsPlainLessThan() {
        XCTAssertEqual(HTMLText.plainText("<strong>Bold</strong> <a href=\"x>y\">link</a>'s <em>it</em>"),
                       "Bold link's it")
        XCTAssertEqual(HTMLText.plainText("mass < 3 suns and 5 > 4"), "mass < 3 suns and 5 > 4")
        XCTAssertEqual(HTMLText.plainText("Emission, Reflection <and> Dark Nebulae"), "Emission, Reflection <and> Dark Nebulae")
        XCTAssertEqual(HTMLText.plainText("<!DOCTYPE html><HTML><Body>x</Body></HTML>"), "x")
        XCTAssertEqual(HTMLText.plainText("one<br>two<BR/>three<p>four</p>"), "one two three four")
        XCTAssertEqual(HTMLText.plainText("a<!-- hidden -->b"), "ab")
    }

    func testEscapedTagsStayAsText() {
        XCTAssertEqual(HTMLText.plainText("&lt;b&gt;not bold&lt;/b&gt;"), "<b>not bold</b>")
    }

    func testCollapsesWhitespace() {
        XCTAssertEqual(HTMLText.plainText("  a \r\n\t b&nbsp;&nbsp;c  "), "a b c")
    }

    func testStrandedCombiningMarksDoNotFuseWithSpaces() {
        // Found by the fuzzer: mangled bytes left a lone combining mark after a line break.
        let mangled = String(decoding: [0x8C, 0xEF, 0x0D, 0xD9, 0x8B, 0x0D] as [UInt8], as: UTF8.self)
        let text = HTMLText.plainText(mangled)
        XCTAssertEqual(text, "\u{FFFD}\u{FFFD}")
        XCTAssertEqual(HTMLText.plainText("caf\u{65}\u{301} \u{301}x \u{200D}y"), "caf\u{65}\u{301} x y")
        XCTAssertEqual(HTMLText.plainText("a\u{600}\nb"), "a b")
        for sample in [text, HTMLText.plainText("a \u{301}\u{301} b")] {
            XCTAssertFalse(sample.last?.isWhitespace ?? false)
            XCTAssertFalse(sample.first?.isWhitespace ?? false)
        }
    }
}
