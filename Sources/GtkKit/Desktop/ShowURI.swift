import CGtk

extension Window {
    /// Opens `uri` in the user's browser (GTK 4.8 has no GtkUriLauncher).
    public func showURI(_ uri: String) {
        gtk_show_uri(cast(), uri, UInt32(GDK_CURRENT_TIME))
    }
}
