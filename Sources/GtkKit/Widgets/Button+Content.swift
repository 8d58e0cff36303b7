import CGtk

extension Button {
    /// The button's text label (mnemonics allowed), replaceable after creation.
    public var label: String? {
        get { gtk_button_get_label(cast()).map { String(cString: $0) } }
        set {
            gtk_button_set_label(cast(), newValue)
            gtk_button_set_use_underline(cast(), 1)
            if let newValue { setSpokenName(Button.spoken(newValue)) }
        }
    }

    /// Shows only `name`'s icon instead of the label (narrow header bars); setting `label`
    /// brings the text back.
    public func showIcon(_ name: String) {
        gtk_button_set_icon_name(cast(), name)
    }
}
