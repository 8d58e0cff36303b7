import CGtk

extension Window {
    /// Opens `uri` in the user's browser (GTK 4.8 has no GtkUriLauncher).
    public func showURI(_ uri: String) {
        gtk_show_uri(cast(), uri, UInt32(GDK_CURRENT_TIME))
    }

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

    /// Asks where to save a file, starting with `suggestedName`; calls `completion` with the
    /// chosen path, or nil when cancelled. Native (portal) dialog when available.
    public func chooseSaveLocation(title: String, suggestedName: String,
                                   completion: @escaping @MainActor (String?) -> Void) {
        let dialog = gtk_file_chooser_native_new(title, cast(), GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel")!
        let chooser = dialog
        let native = UnsafeMutablePointer<GtkNativeDialog>(chooser)
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        gtk_native_dialog_set_modal(native, 1)
        Signal.connectInt(UnsafeMutableRawPointer(dialog), "response") { response in
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                if let cPath = g_file_get_path(file) {
                    path = String(cString: cPath)
                    g_free(cPath)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            completion(path)
            g_object_unref(UnsafeMutableRawPointer(dialog))
        }
        gtk_native_dialog_show(native)
    }
}

/// What the About dialog shows.
public struct AboutInfo: Sendable {
    public var programName: String
    public var version: String
    public var comments: String
    public var website: String
    public var websiteLabel: String
    public var iconName: String
    public var authors: [String]

    public init(programName: String, version: String, comments: String, website: String,
                websiteLabel: String, iconName: String, authors: [String]) {
        self.programName = programName
        self.version = version
        self.comments = comments
        self.website = website
        self.websiteLabel = websiteLabel
        self.iconName = iconName
        self.authors = authors
    }
}

extension Window {
    /// Shows the standard About dialog above this window.
    public func showAbout(_ info: AboutInfo) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(about, info.programName)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_website_label(about, info.websiteLabel)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        var authors: [UnsafeMutablePointer<CChar>?] = info.authors.map { strdup($0) } + [nil]
        authors.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_about_dialog_set_authors(about, $0)
            }
        }
        authors.forEach { free($0) }
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(dialog))
        gtk_window_set_transient_for(window, cast())
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_present(window)
    }
}
