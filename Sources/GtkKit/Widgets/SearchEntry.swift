import CGtk

/// A search field: "search-changed" fires a moment after typing pauses, so a search runs
/// once per burst of keys rather than once per key.
@MainActor
public final class SearchEntry: Widget {
    public init(placeholder: String) {
        super.init(gtk_search_entry_new())
        var value = GValue()
        g_value_init(&value, apod_type_string())
        g_value_set_string(&value, placeholder)
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(widgetPointer)), "placeholder-text", &value)
        g_value_unset(&value)
        setAccessibleLabel(placeholder)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// Typing paused with new text (also when it was cleared).
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "search-changed", handler)
    }

    /// Enter was pressed.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "activate", handler)
    }

    /// Puts the keyboard focus in the field with the cursor after the text, nothing selected,
    /// so typing carries on where it was.
    public func focus() {
        gtk_widget_grab_focus(widgetPointer)
        gtk_editable_set_position(opaque, -1)
    }
}
