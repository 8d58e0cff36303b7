import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Explanations keep their links: shown as links, only http(s) opened, everything else text.
final class ExplanationLinkTests: GUITestCase, @unchecked Sendable {
    func testMarkupEscapesEveryPieceAndLinksOnlyWebAddresses() {
        let markup = LinkMarkup.markup([
            .text("a <b>bold</b> & <a href=\"javascript:x\">claim</a> "),
            .link("Saturn & <i>rings</i>", URL(string: "https://example.org/s?a=1&b='x'")!),
            .text(" "),
            .link("local", URL(string: "file:///etc/passwd")!),
        ])
        XCTAssertEqual(
            markup,
            "a &lt;b&gt;bold&lt;/b&gt; &amp; &lt;a href=&quot;javascript:x&quot;&gt;claim&lt;/a&gt; "
                + "<a href=\"https://example.org/s?a=1&amp;b=&apos;x&apos;\">Saturn &amp; &lt;i&gt;rings&lt;/i&gt;</a> local"
        )
    }

    func testTheExplanationShowsLinksAndOpensOnlyWebAddresses() throws {
        try MainActor.assumeIsolated {
            var item = entry("2020-12-21", title: "Conjunction <b>&</b> co", picture: "/640x400.jpg")
            item.explanation = "Jupiter <b>and</b> Saturn & friends, see https://apod.nasa.gov/apod/ap201221.html."
            item.explanationLinks = [
                TextLink(text: "Saturn", url: URL(string: "https://en.wikipedia.org/wiki/Saturn")!)
            ]
            try start(FakeSource(entries: [item], random: [item]), options: ViewerOptions(randomCount: 0))
            app.openDetail(for: item)
            let detail = try XCTUnwrap(app.detailWindows[item.date])
            var opened: [URL] = []
            detail.openExplanationLink = { opened.append($0) }
            var days: [APODDay] = []
            detail.openDay = { days.append($0) }

            XCTAssertEqual(detail.caption.titleLabel.text, "Conjunction <b>&</b> co", "titles show markup literally")
            XCTAssertEqual(detail.explanationLabel.text, item.explanation, "the text shows literally, links included")
            XCTAssertTrue(detail.explanationLabel.usesMarkup)

            for refused in [
                "javascript:alert(1)", "file:///etc/passwd", "mailto:a@b.c", "apod-viewer:x", "not a uri", "",
            ] {
                XCTAssertNil(detail.activateLink(refused), refused)
            }
            XCTAssertTrue(opened.isEmpty)
            XCTAssertEqual(detail.activateLink("https://en.wikipedia.org/wiki/Saturn")?.host, "en.wikipedia.org")
            XCTAssertEqual(detail.activateLink("http://example.org/saturn.html")?.scheme, "http")
            XCTAssertEqual(opened.count, 2)
            // A link to another APOD day opens that day in the app, not the browser.
            XCTAssertEqual(detail.activateLink("http://apod.nasa.gov/apod/ap201221.html")?.scheme, "http")
            XCTAssertEqual(opened.count, 2)
            XCTAssertEqual(days, [APODDay(year: 2020, month: 12, day: 21)!])
        }
    }

    func testTodaysExplanationOpensALinkedDayInTheMainWindow() throws {
        try MainActor.assumeIsolated {
            var today = entry("2020-12-22", title: "Today", picture: "/640x400.jpg")
            today.explanation = "See yesterday's conjunction."
            let linked = entry("2020-12-21", title: "Conjunction", picture: "/640x400.jpg")
            try start(FakeSource(entries: [today, linked], random: []), options: ViewerOptions(randomCount: 0))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("today") { main.entry?.date == today.date }
            XCTAssertEqual(main.activateLink("https://apod.nasa.gov/apod/ap201221.html")?.host, "apod.nasa.gov")
            waitUntil("the linked day in the main window") { main.entry?.date == linked.date }
            XCTAssertEqual(app.openWindowCount, 1, "no browser, no other window")
        }
    }
}
