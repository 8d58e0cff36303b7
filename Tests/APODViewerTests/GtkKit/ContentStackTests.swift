import Foundation
import GtkKit
import XCTest

/// `ContentStack` is asked for its state, not a page name, and shows only pages it has.
final class ContentStackTests: XCTestCase {
    private enum Page { case loading, content, failed }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(MainActor.assumeIsolated { Gtk.initialize() }, "no display")
    }

    func testTheStateIsThePageShown() {
        MainActor.assumeIsolated {
            let stack = ContentStack<Page>()
            XCTAssertNil(stack.state, "no page yet")
            stack.add(Spinner(), for: .loading)
            stack.add(Label("content"), for: .content)
            XCTAssertEqual(stack.state, .loading, "the first page added shows first")
            stack.state = .content
            XCTAssertEqual(stack.state, .content)
            stack.state = .failed
            XCTAssertEqual(stack.state, .content, "a state without a page changes nothing")
        }
    }
}
