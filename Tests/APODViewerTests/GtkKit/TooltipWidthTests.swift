import CGtk
import GtkKit
import XCTest

/// A tooltip's text is shown in a label as wide as the text (up to 40 columns), not at GTK
/// 4.8's minimum width, which stood Chinese one character per line (主/選/單).
final class TooltipWidthTests: GUITestCase, @unchecked Sendable {
    func testATooltipIsALabelAsWideAsItsText() throws {
        MainActor.assumeIsolated {
            let button = Button(iconName: "open-menu-symbolic", tooltip: "主選單")
            let widget = button.widgetPointer
            XCTAssertNotNil(
                g_object_get_data(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), "apod-tooltip-by-width"),
                "setting the tooltip connects the handler")
            let tooltip = g_object_new_with_properties(gtk_tooltip_get_type(), 0, nil, nil)!
            defer { g_object_unref(tooltip) }
            let handled = apod_query_tooltip_by_width(widget, 1, 1, 0, OpaquePointer(tooltip), nil)
            XCTAssertEqual(handled, 1, "the handler answers")
            let label = g_object_get_data(tooltip, "apod-tooltip-label")
            XCTAssertNotNil(label, "the tooltip holds the app's label")
            guard let label else { return }
            let gtkLabel = OpaquePointer(label)
            XCTAssertEqual(String(cString: gtk_label_get_text(gtkLabel)), "主選單")
            XCTAssertEqual(gtk_label_get_width_chars(gtkLabel), 6, "three wide characters, six columns")
        }
    }
}
