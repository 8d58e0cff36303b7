import CGtk

/// A rectangle in widget coordinates.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

public enum Align: Sendable {
    case fill, start, end, center

    var gtk: GtkAlign {
        switch self {
        case .fill: return GTK_ALIGN_FILL
        case .start: return GTK_ALIGN_START
        case .end: return GTK_ALIGN_END
        case .center: return GTK_ALIGN_CENTER
        }
    }

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }
}

/// Base of every wrapper. The widget tree owns widgets as in C; the wrapper also keeps one
/// reference, so late calls (a download finishing after its window closed) never reach freed
/// memory. Toplevel windows are the exception, see `Window`.
@MainActor
open class Widget {
    package let widgetPointer: UnsafeMutablePointer<GtkWidget>
    private let reference: ObjectReference?

    package init(_ pointer: UnsafeMutablePointer<GtkWidget>, keepsReference: Bool = true) {
        widgetPointer = pointer
        reference = keepsReference ? ObjectReference(sinking: pointer) : nil
    }

    package var opaque: OpaquePointer { OpaquePointer(widgetPointer) }
    package func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer<T>(OpaquePointer(widgetPointer))
    }
    /// For GTK types whose struct is private; Swift imports those pointers as `OpaquePointer`.
    package func cast() -> OpaquePointer { opaque }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widgetPointer) != 0 }
        set { gtk_widget_set_visible(widgetPointer, newValue ? 1 : 0) }
    }

    public var isMapped: Bool { gtk_widget_get_mapped(widgetPointer) != 0 }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widgetPointer) != 0 }
        set { gtk_widget_set_sensitive(widgetPointer, newValue ? 1 : 0) }
    }

    /// Shown in a label as wide as the text needs (up to 40 columns): GTK 4.8's own tooltip
    /// stood a Chinese text one character per line.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widgetPointer).map { String(cString: $0) } }
        set {
            gtk_widget_set_tooltip_text(widgetPointer, newValue)
            if newValue != nil { apod_widget_size_tooltip_by_width(widgetPointer) }
        }
    }

    /// Calls `body` once a frame, before GTK lays out and draws the frame, while the widget
    /// is mapped and `body` returns true (`gtk_widget_add_tick_callback`): how GTK's own
    /// kinetic scrolling moves.
    public func addTickCallback(_ body: @escaping @MainActor () -> Bool) {
        gtk_widget_add_tick_callback(
            widgetPointer,
            { _, _, data in
                let body = ClosureBox<@MainActor () -> Bool>.from(data)
                return MainActor.assumeIsolated { body() } ? 1 : 0
            }, ClosureBox(body).retainedPointer,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }

    /// Whether GTK asks the widget for a tooltip (a tooltip text, or `setTooltipProvider`).
    public var hasTooltip: Bool { gtk_widget_get_has_tooltip(widgetPointer) != 0 }

    /// A tooltip made only when GTK is about to show it. `tooltip = …` costs a round trip to
    /// the display server on every call (GTK 4.8 asks where the pointer is, to update a tooltip
    /// on show), too much for cells re-bound by the hundred as a list scrolls.
    public func setTooltipProvider(_ text: @escaping @MainActor () -> String?) {
        gtk_widget_set_has_tooltip(widgetPointer, 1)
        apod_connect_query_tooltip(
            UnsafeMutableRawPointer(widgetPointer),
            { _, _, _, _, tooltip, data in
                let body = ClosureBox<@MainActor () -> String?>.from(data)
                guard let tooltip, let text = MainActor.assumeIsolated({ body() }), !text.isEmpty else { return 0 }
                apod_tooltip_set_text_by_width(OpaquePointer(tooltip), text)
                return 1
            }, ClosureBox(text).retainedPointer, releaseBox)
    }

    public var horizontalExpand: Bool {
        get { gtk_widget_get_hexpand(widgetPointer) != 0 }
        set { gtk_widget_set_hexpand(widgetPointer, newValue ? 1 : 0) }
    }

    public var verticalExpand: Bool {
        get { gtk_widget_get_vexpand(widgetPointer) != 0 }
        set { gtk_widget_set_vexpand(widgetPointer, newValue ? 1 : 0) }
    }

    public var horizontalAlign: Align {
        get { Align(gtk_widget_get_halign(widgetPointer)) }
        set { gtk_widget_set_halign(widgetPointer, newValue.gtk) }
    }

    public var verticalAlign: Align {
        get { Align(gtk_widget_get_valign(widgetPointer)) }
        set { gtk_widget_set_valign(widgetPointer, newValue.gtk) }
    }

    /// Sets the same margin on all four sides.
    public func setMargins(_ value: Int) {
        setMargins(top: value, bottom: value, start: value, end: value)
    }

    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widgetPointer, Int32(top))
        gtk_widget_set_margin_bottom(widgetPointer, Int32(bottom))
        gtk_widget_set_margin_start(widgetPointer, Int32(start))
        gtk_widget_set_margin_end(widgetPointer, Int32(end))
    }

    public func setSizeRequest(width: Int = -1, height: Int = -1) {
        gtk_widget_set_size_request(widgetPointer, Int32(width), Int32(height))
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widgetPointer, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widgetPointer, name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widgetPointer, name) != 0 }

    public var width: Int { Int(gtk_widget_get_width(widgetPointer)) }
    public var height: Int { Int(gtk_widget_get_height(widgetPointer)) }
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widgetPointer)) }

    /// Where this widget sits inside `ancestor`, or nil when it is not laid out there.
    public func bounds(in ancestor: Widget) -> Rect? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widgetPointer, ancestor.widgetPointer, &rect) != 0 else { return nil }
        return Rect(
            x: Double(rect.origin.x), y: Double(rect.origin.y),
            width: Double(rect.size.width), height: Double(rect.size.height))
    }

    /// Emits the widget's activate signal (a button's "clicked").
    @discardableResult
    public func activate() -> Bool { gtk_widget_activate(widgetPointer) != 0 }

    /// Calls `handler` once the widget is destroyed (for a window: when it closes).
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "destroy", handler)
    }

    /// What screen readers call the widget, for widgets without visible text of their own.
    /// (GTK 4.8 has no public way to read it back.)
    public func setAccessibleLabel(_ text: String) {
        apod_accessible_set_label(widgetPointer, text)
    }

    /// What screen readers say about the widget after its name (a picture's alt text).
    public func setAccessibleDescription(_ text: String) {
        apod_accessible_set_description(widgetPointer, text)
    }

    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widgetPointer) != 0 }
        set { gtk_widget_set_focusable(widgetPointer, newValue ? 1 : 0) }
    }

    /// Makes the cursor a pointing hand, for clickable pictures.
    public func setPointerCursor() {
        gtk_widget_set_cursor_from_name(widgetPointer, "pointer")
    }

    /// Hides the pointer over the widget (a picture shown fullscreen while it is still), or
    /// gives the widget its parent's cursor back.
    public func setCursorHidden(_ hidden: Bool) {
        gtk_widget_set_cursor_from_name(widgetPointer, hidden ? "none" : nil)
    }
}
