import CGtk

/// Plain-text label. Text is never parsed as Pango markup: APOD titles contain `&` and `<`.
@MainActor
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(gtk_label_new(nil))
        self.text = text
    }

    /// A label screen readers announce when it appears or changes (accessible role ALERT):
    /// for a toast's text or an error.
    public init(alert text: String) {
        super.init(apod_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_ALERT))
        self.text = text
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set { gtk_label_set_text(cast(), newValue) }
    }

    /// Wraps at word (or, for long URLs, character) boundaries.
    public func enableWrapping() {
        gtk_label_set_wrap(cast(), 1)
        gtk_label_set_wrap_mode(cast(), PANGO_WRAP_WORD_CHAR)
    }

    /// Wraps and shows at most `lines` lines, ellipsising the rest.
    public func limitLines(_ lines: Int) {
        enableWrapping()
        gtk_label_set_lines(cast(), Int32(lines))
        gtk_label_set_ellipsize(cast(), PANGO_ELLIPSIZE_END)
    }

    public var isWrapping: Bool { gtk_label_get_wrap(cast()) != 0 }
    public var isEllipsizing: Bool { gtk_label_get_ellipsize(cast()) != PANGO_ELLIPSIZE_NONE }
    public var usesMarkup: Bool { gtk_label_get_use_markup(cast()) != 0 }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cast()) != 0 }
        set { gtk_label_set_selectable(cast(), newValue ? 1 : 0) }
    }

    /// 0 = start, 0.5 = centre, 1 = end.
    public func setTextAlignment(_ x: Float) {
        gtk_label_set_xalign(cast(), x)
        if x == 0.5 {
            gtk_label_set_justify(cast(), GTK_JUSTIFY_CENTER)
        } else {
            gtk_label_set_justify(cast(), GTK_JUSTIFY_LEFT)
        }
    }

    /// Caps the natural width so wrapped paragraphs keep a readable line length.
    public func setMaxWidthChars(_ count: Int) {
        gtk_label_set_max_width_chars(cast(), Int32(count))
    }

    public func setWidthChars(_ count: Int) {
        gtk_label_set_width_chars(cast(), Int32(count))
    }
}
