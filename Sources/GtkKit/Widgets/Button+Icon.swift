import CGtk

extension Button {
    /// Replaces the button's content with a named icon (a star that fills when set).
    public func setIconName(_ name: String) {
        gtk_button_set_icon_name(cast(), name)
    }

    /// The icon shown, when the button shows one.
    public var iconName: String? {
        gtk_button_get_icon_name(cast()).map { String(cString: $0) }
    }
}
