import CGtk

extension Window {
    /// Asks where to save a file, starting with `suggestedName`; calls `completion` with the
    /// chosen path, or nil when cancelled. Native (portal) dialog when available. The labels
    /// come from the caller so they are translated with the rest of the app.
    public func chooseSaveLocation(
        title: String, suggestedName: String, acceptLabel: String, cancelLabel: String,
        completion: @escaping @MainActor (String?) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(
            title, cast(), GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, cancelLabel)!
        let native = UnsafeMutablePointer<GtkNativeDialog>(chooser)
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        gtk_native_dialog_set_modal(native, 1)
        Signal.connectInt(UnsafeMutableRawPointer(chooser), "response") { response in
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                if let cPath = g_file_get_path(file) {
                    path = String(cString: cPath)
                    g_free(cPath)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            completion(path)
            g_object_unref(UnsafeMutableRawPointer(chooser))
        }
        gtk_native_dialog_show(native)
    }
}
