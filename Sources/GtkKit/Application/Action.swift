import CGtk

/// A named GAction, parameterless or taking a string or an integer (as `gapplication action`
/// sends them over D-Bus). Add it to a `Window` (`win.` prefix) or an
/// `Application` (`app.` prefix); the map keeps its own reference.
@MainActor
public final class Action {
    package let actionPointer: OpaquePointer
    private let reference: ObjectReference
    public let name: String

    public convenience init(_ name: String, handler: @escaping @MainActor () -> Void) {
        self.init(name, parameterType: nil) { _ in handler() }
    }

    /// An action taking a string (`show-date '2020-12-17'`).
    public convenience init(_ name: String, stringHandler handler: @escaping @MainActor (String) -> Void) {
        self.init(name, parameterType: "s") { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(parameter, nil)))
        }
    }

    /// An action taking a 32-bit integer (`random 12`).
    public convenience init(_ name: String, intHandler handler: @escaping @MainActor (Int) -> Void) {
        self.init(name, parameterType: "i") { parameter in
            guard let parameter else { return }
            handler(Int(g_variant_get_int32(parameter)))
        }
    }

    /// - Parameter activate: gets the activation's GVariant, nil for a parameterless action.
    private init(_ name: String, parameterType: String?, activate: @escaping @MainActor (OpaquePointer?) -> Void) {
        self.name = name
        actionPointer = parameterType.map { Self.newAction(name, parameterType: $0) } ?? g_simple_action_new(name, nil)
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(actionPointer))
        Signal.connectPointer(UnsafeMutableRawPointer(actionPointer), "activate") { parameter in
            activate(parameter.map(OpaquePointer.init))
        }
    }

    /// The GVariantType macros are casts Swift cannot import; the action copies the type.
    private static func newAction(_ name: String, parameterType: String) -> OpaquePointer {
        let type = g_variant_type_new(parameterType)
        defer { g_variant_type_free(type) }
        return g_simple_action_new(name, type)
    }

    /// Disabled actions grey out their buttons and ignore their accelerators.
    public var isEnabled: Bool {
        get { g_action_get_enabled(actionPointer) != 0 }
        set { g_simple_action_set_enabled(actionPointer, newValue ? 1 : 0) }
    }
}
