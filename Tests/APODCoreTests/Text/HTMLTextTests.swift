import XCTest

@testable import APODCore

final class HTMLTextTests: CoreTestCase, @unchecked Sendable {
    func testDecodesNamedAndNumericEntities() {
        XCTAssertEqual(
            HTMLEntities.decode("A &amp; B &#8217; &#x2019; &lt;&gt; &quot;q&quot; &eacute;"),
            "A & B \u{2019} \u{2019} <> \"q\" é")
        XCTAssertEqual(HTMLEntities.decode("&nbsp;"), "\u{00A0}")
        XCTAssertEqual(HTMLEntities.decode("R&D and &unknown; and & alone"), "R&D and &unknown; and & alone")
    }

    func testStripsTagsButKeepsPlainLessThan() {
        XCTAssertEqual(
            HTMLText.plainText("<strong>Bold</strong> <a href=\"x>y\">link</a>'s <em>it</em>"),
            "Bold link's it")
        XCTAssertEqual(HTMLText.plainText("mass < 3 suns and 5 > 4"), "mass < 3 suns and 5 > 4")
        XCTAssertEqual(
            HTMLText.plainText("Emission, Reflection <and> Dark Nebulae"), "Emission, Reflection <and> Dark Nebulae")
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

    func testUnclosedConstructsCostOnePass() {
        // 32,000 unclosed comments took 40 s when each one searched the rest for "-->".
        let comments = String(repeating: "<!--", count: 32_000)
        XCTAssertEqual(HTMLText.plainText(comments + "x"), comments + "x")
        XCTAssertEqual(HTMLText.plainText(comments + "-->x"), "x", "one late close ends the first comment")
        let quotes = String(repeating: "<a x='\"<b \"'", count: 20_000)
        XCTAssertEqual(HTMLText.stripTags(quotes), quotes)
        let tags = String(repeating: "<and", count: 50_000)
        XCTAssertEqual(HTMLText.plainText(tags + ">"), tags + ">")
    }

    func testCommentsCloseAtTheFirstCloser() {
        XCTAssertEqual(HTMLText.plainText("a<!-- c -->b<!-- d -->e"), "abe")
        XCTAssertEqual(HTMLText.plainText("a<!-->b<!--->c"), "abc")
        XCTAssertEqual(HTMLText.plainText("a<!-- open <b>bold</b>"), "a<!-- open bold")
    }

    func testRemovesControlsAndBidiOverrides() {
        XCTAssertEqual(HTMLText.plainText("a\u{0}b\u{1B}]0;pwned\u{7}c\u{8}d\u{9B}2J"), "ab]0;pwnedcd2J")
        XCTAssertEqual(
            HTMLText.plainText("photo\u{202E}gpj.exe \u{2066}x\u{2069} \u{202A}y\u{202C}"), "photogpj.exe x y")
        XCTAssertEqual(HTMLText.plainText("&#27;[2J&#x202E;&#7;ok"), "[2Jok")
        XCTAssertEqual(HTMLText.plainText("line\nbreak\tand\r\ntab"), "line break and tab")
        XCTAssertEqual(ControlCharacters.strip("a\nb\tc\u{1B}"), "a\nb\tc")
        XCTAssertEqual(ControlCharacters.strip("a\nb\tc\u{1B}", keepingLayout: false), "abc")
    }
}
