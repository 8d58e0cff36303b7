import CGtk

extension Label {
    /// Shows Pango markup the app built itself (every piece of outside text escaped with
    /// `Markup.escape`). Never pass text from a service here.
    public func setMarkup(_ markup: String) {
        gtk_label_set_markup(cast(), markup)
    }

    /// Runs `handler` with a link's address when the user activates it; the label never opens
    /// links itself (GTK's default would hand any URI to the desktop).
    public func onActivateLink(_ handler: @escaping @MainActor (String) -> Void) {
        Signal.connectString(UnsafeMutableRawPointer(widgetPointer), "activate-link") { uri in
            handler(uri)
            return true
        }
    }
}

/// Pango markup helpers.
public enum Markup {
    /// `text` with `&`, `<`, `>`, `'` and `"` escaped (g_markup_escape_text), safe inside markup
    /// and inside a quoted attribute. (The markup parser reads `\r\n` as `\n`.)
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
