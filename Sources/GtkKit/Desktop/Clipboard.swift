import CGtk

extension Window {
    /// Puts `text` on the clipboard.
    public func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widgetPointer), text)
    }

    /// The text this process last put on the clipboard, or nil (tests; reading another
    /// application's clipboard is asynchronous and not needed).
    public var localClipboardText: String? {
        guard let provider = gdk_clipboard_get_content(gtk_widget_get_clipboard(widgetPointer)) else { return nil }
        var value = GValue()
        g_value_init(&value, apod_type_string())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(provider, &value, nil) != 0, let text = g_value_get_string(&value) else {
            return nil
        }
        return String(cString: text)
    }
}
