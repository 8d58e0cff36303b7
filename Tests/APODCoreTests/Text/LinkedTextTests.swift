import XCTest

@testable import APODCore

final class LinkedTextTests: XCTestCase {
    func testAnchorsKeepTheirPlainTextAndWebAddressesOnly() {
        let html = #"""
            <strong>Explanation: </strong> The <a href="https://en.wikipedia.org/wiki/Moon">Moon</a>
            passes <A HREF='ap230101.html'>the <em>Sun</em> &amp; more</A>, see
            <a class="x" href=javascript:alert(1)>this</a>, <a href="mailto:a@b.c">mail</a>,
            <a href="file:///etc/passwd">a file</a>, <a href="//apod.nasa.gov/apod/archivepix.html">archive</a>
            and <a name="anchor">no link</a>.
            """#
        let links = LinkedText.links(inHTML: html)
        XCTAssertEqual(links.map(\.text), ["Moon", "the Sun & more", "archive"])
        XCTAssertEqual(
            links.map(\.url.absoluteString),
            [
                "https://en.wikipedia.org/wiki/Moon",
                "https://apod.nasa.gov/apod/ap230101.html",
                "https://apod.nasa.gov/apod/archivepix.html",
            ])
        XCTAssertTrue(
            LinkedText.links(inHTML: #"<a href="ap1.html">x</a>"#, base: nil).isEmpty,
            "relative links need a base")
    }

    func testRunsLayLinksOverThePlainExplanationInOrder() {
        let html =
            #"A <a href="https://a.example/1">star</a> and a <a href="https://a.example/2">star</a> & <b>bold</b>."#
        let entryText = EntryText.explanation(html)
        XCTAssertEqual(entryText, "A star and a star & bold.")
        let runs = LinkedText.runs(entryText, links: LinkedText.links(inHTML: html))
        XCTAssertEqual(
            runs,
            [
                .text("A "), .link("star", URL(string: "https://a.example/1")!), .text(" and a "),
                .link("star", URL(string: "https://a.example/2")!), .text(" & bold."),
            ])
    }

    func testBareAddressesInPlainTextBecomeLinksWithoutTheirPunctuation() {
        let runs = LinkedText.runs(
            "See https://apod.nasa.gov/apod/ap950616.html. Or (http://example.org/a_(b)) and ftp://x.y or https://.")
        XCTAssertEqual(
            runs,
            [
                .text("See "),
                .link(
                    "https://apod.nasa.gov/apod/ap950616.html", URL(string: "https://apod.nasa.gov/apod/ap950616.html")!
                ),
                .text(". Or ("), .link("http://example.org/a_(b)", URL(string: "http://example.org/a_(b)")!),
                .text(") and ftp://x.y or https://."),
            ])
        XCTAssertEqual(LinkedText.runs("no links <here> & there"), [.text("no links <here> & there")])
        XCTAssertEqual(LinkedText.runs(""), [])
    }
}
