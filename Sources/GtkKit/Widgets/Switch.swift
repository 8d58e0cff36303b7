import CGtk

/// An on/off switch (GtkSwitch), for a preference that applies at once.
@MainActor
public final class Switch: Widget {
    public init() {
        super.init(gtk_switch_new())
        verticalAlign = .center
    }

    public var isOn: Bool {
        get { gtk_switch_get_active(cast()) != 0 }
        set { gtk_switch_set_active(cast(), newValue ? 1 : 0) }
    }

    /// The state changed, by the user or by `isOn`.
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::active") { _ in handler() }
    }
}
