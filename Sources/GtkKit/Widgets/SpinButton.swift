import CGtk

/// An integer spin button.
@MainActor
public final class SpinButton: Widget {
    public init(range: ClosedRange<Int>, step: Int = 1) {
        super.init(gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), Double(step)))
        gtk_spin_button_set_numeric(cast(), 1)
        gtk_spin_button_set_digits(cast(), 0)
    }

    public var value: Int {
        get { Int(gtk_spin_button_get_value_as_int(cast())) }
        set { gtk_spin_button_set_value(cast(), Double(newValue)) }
    }

    /// Changes the limits; GTK clamps the current value into them.
    public var range: ClosedRange<Int> {
        get {
            var low = 0.0
            var high = 0.0
            gtk_spin_button_get_range(cast(), &low, &high)
            return Int(low)...Int(high)
        }
        set { gtk_spin_button_set_range(cast(), Double(newValue.lowerBound), Double(newValue.upperBound)) }
    }

    /// Puts + above and − below the number, as in a column picker.
    public func stackButtonsVertically() {
        gtk_orientable_set_orientation(OpaquePointer(widgetPointer), GTK_ORIENTATION_VERTICAL)
    }

    /// Commits typed text to the value (GTK does so on focus-out or Enter).
    public func commitText() { gtk_spin_button_update(cast()) }

    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "value-changed", handler)
    }

    /// Enter pressed in the entry: GTK 4.8 spin buttons have no "activate" signal of their own,
    /// so this listens on the editable text delegate, after the typed value is committed.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        guard let delegate = gtk_editable_get_delegate(OpaquePointer(widgetPointer)) else { return }
        Signal.connect(UnsafeMutableRawPointer(delegate), "activate") { [weak self] in
            self?.commitText()
            handler()
        }
    }

    /// Types text into the entry as a user would (tests), without committing it.
    public func typeText(_ text: String) {
        gtk_editable_set_text(OpaquePointer(widgetPointer), text)
    }

    /// Emits the entry's "activate", as pressing Enter does (tests). GtkText has no activate
    /// binding for `gtk_widget_activate` in 4.8, so the signal is emitted directly.
    public func pressEnter() {
        guard let delegate = gtk_editable_get_delegate(OpaquePointer(widgetPointer)) else { return }
        var instance = GValue()
        g_value_init(&instance, gtk_text_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(delegate))
        g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
        g_value_unset(&instance)
    }
}
