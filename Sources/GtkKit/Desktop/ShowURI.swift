import CGtk

extension Window {
    /// Opens `uri` with the desktop's handler (the browser for web links, the file manager for
    /// folders; GTK 4.8 has no GtkUriLauncher). When nothing can open it, `onFailure` gets the
    /// system's reason on the main thread, so the window can explain it in its own words
    /// instead of GTK's bare "Could not show link" dialog.
    public func showURI(_ uri: String, onFailure: @escaping @MainActor (String) -> Void) {
        let box = ClosureBox<@MainActor (String) -> Void>(onFailure)
        gtk_show_uri_full(
            cast(), uri, UInt32(GDK_CURRENT_TIME), nil,
            { source, result, data in
                let failure = Unmanaged<ClosureBox<@MainActor (String) -> Void>>.fromOpaque(data!).takeRetainedValue()
                    .body
                var error: UnsafeMutablePointer<GError>?
                let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(source))
                guard gtk_show_uri_full_finish(window, result, &error) == 0 else { return }
                let reason = error.map { String(cString: $0.pointee.message) } ?? ""
                g_clear_error(&error)
                MainActor.assumeIsolated { failure(reason) }
            }, box.retainedPointer)
    }
}
