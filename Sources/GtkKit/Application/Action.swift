import CGtk

/// A named, parameterless GAction. Add it to a `Window` (`win.` prefix) or an
/// `Application` (`app.` prefix); that map owns it.
@MainActor
public final class Action {
    package let actionPointer: OpaquePointer
    public let name: String

    public init(_ name: String, handler: @escaping @MainActor () -> Void) {
        self.name = name
        actionPointer = g_simple_action_new(name, nil)
        Signal.connectPointer(UnsafeMutableRawPointer(actionPointer), "activate") { _ in handler() }
    }

    /// Disabled actions grey out their buttons and ignore their accelerators.
    public var isEnabled: Bool {
        get { g_action_get_enabled(actionPointer) != 0 }
        set { g_simple_action_set_enabled(actionPointer, newValue ? 1 : 0) }
    }
}
