import CGtk

/// Scrolls one child; vertical-only by default so text wraps to the window width.
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget, horizontal: Bool = false) {
        super.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(cast(), child.widgetPointer)
        gtk_scrolled_window_set_policy(
            cast(), horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
            GTK_POLICY_AUTOMATIC)
    }

    /// Wraps a scrolled window a library made (a preferences page's).
    package init(wrapping pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(pointer)
    }

    /// Whether the child scrolls vertically only (what the detail window promises).
    public var scrollsOnlyVertically: Bool {
        var horizontal = GTK_POLICY_AUTOMATIC
        var vertical = GTK_POLICY_AUTOMATIC
        gtk_scrolled_window_get_policy(cast(), &horizontal, &vertical)
        return horizontal == GTK_POLICY_NEVER && vertical != GTK_POLICY_NEVER
    }

    /// Whether `widget` is inside this scrolled window.
    public func contains(_ widget: Widget) -> Bool {
        gtk_widget_is_ancestor(widget.widgetPointer, widgetPointer) != 0
    }

    /// Scrolls so that the bottom of the content is visible.
    public func scrollToEnd() {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast())
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    }

    public var verticalScrollRange: (value: Double, upper: Double, pageSize: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast())
        return (
            gtk_adjustment_get_value(adjustment), gtk_adjustment_get_upper(adjustment),
            gtk_adjustment_get_page_size(adjustment)
        )
    }
}
