import CGtk

/// A named, parameterless GAction. Add it to a `Window` (`win.` prefix) or an
/// `Application` (`app.` prefix); the map keeps its own reference.
@MainActor
public final class Action {
    package let actionPointer: OpaquePointer
    private let reference: ObjectReference
    public let name: String

    public init(_ name: String, handler: @escaping @MainActor () -> Void) {
        self.name = name
        actionPointer = g_simple_action_new(name, nil)
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(actionPointer))
        Signal.connectPointer(UnsafeMutableRawPointer(actionPointer), "activate") { _ in handler() }
    }

    /// Disabled actions grey out their buttons and ignore their accelerators.
    public var isEnabled: Bool {
        get { g_action_get_enabled(actionPointer) != 0 }
        set { g_simple_action_set_enabled(actionPointer, newValue ? 1 : 0) }
    }
}
