import CGtk

/// A one-line text field; `isSecret` masks what is typed (API keys), so it never shows on
/// screen or in a screenshot.
@MainActor
public final class Entry: Widget {
    public init(placeholder: String = "", isSecret: Bool = false) {
        super.init(gtk_entry_new())
        gtk_entry_set_placeholder_text(cast(), placeholder)
        if isSecret {
            gtk_entry_set_visibility(cast(), 0)
            gtk_entry_set_input_purpose(cast(), GTK_INPUT_PURPOSE_PASSWORD)
        }
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// Whether typed characters are masked.
    public var isSecret: Bool { gtk_entry_get_visibility(cast()) == 0 }

    /// Enter was pressed.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "activate", handler)
    }

    /// The text changed (typing, pasting, or setting `text`).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "changed", handler)
    }

    /// Presses Enter as a user would (tests).
    public func pressEnter() { activate() }
}
