import AdwKit
import CGtk
import GtkKit
import XCTest

extension GUITestCase {
    /// The bottom view switcher gets the height it asks for inside the window, with every
    /// tab's label whole: a window sized too short for its column cuts the last widget off.
    /// (The bar slides in and an X window grows a frame after it asked: waits for both.)
    @MainActor
    func assertWhollyShown(
        _ bar: ViewSwitcherBar, in window: Window, file: StaticString = #filePath, line: UInt = #line
    ) {
        waitUntil("the switcher bar is whole in the window", timeout: 5, file: file, line: line) {
            cutOffParts(of: bar, in: window).isEmpty
        }
        XCTAssertEqual(cutOffParts(of: bar, in: window), [], "cut at the bottom", file: file, line: line)
    }

    /// The bar (when it got less than its natural height or passes the window's bottom) and the
    /// texts of its shown labels that pass the window's bottom.
    @MainActor
    private func cutOffParts(of bar: ViewSwitcherBar, in window: Window) -> [String] {
        guard let bounds = bar.bounds(in: window) else { return ["the bar (not laid out)"] }
        let bottom = Double(window.height) + 0.5
        var parts: [String] = []
        if bounds.height < Double(bar.naturalHeight(forWidth: bar.width)) || bounds.y + bounds.height > bottom {
            parts.append("the bar")
        }
        for label in bar.descendants(ofType: gtk_label_get_type()) where gtk_widget_get_mapped(label) != 0 {
            var rect = graphene_rect_t()
            guard gtk_widget_compute_bounds(label, window.widgetPointer, &rect) != 0,
                Double(rect.origin.y + rect.size.height) > bottom
            else { continue }
            parts.append(String(cString: gtk_label_get_text(OpaquePointer(label))))
        }
        return parts
    }
}
