import CGtk
import Foundation

/// The D-Bus side every fake desktop service shares: one object with one interface on the
/// test's private session bus (`dbus-run-session`), optionally under a well-known name. A fake
/// subclasses it and overrides `handle(_:)`: it only decides what a call means and how to answer.
@MainActor
class FakeBusObject {
    /// One incoming method call; `invocation` must be answered.
    struct MethodCall {
        let sender: String
        let method: String
        let parameters: OpaquePointer
        let invocation: OpaquePointer

        /// The string (or object path) argument at `index`.
        func string(at index: Int) -> String {
            let child = g_variant_get_child_value(parameters, gsize(index))!
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil))
        }

        /// The `as` argument at `index`.
        func strings(at index: Int) -> [String] {
            let child = g_variant_get_child_value(parameters, gsize(index))!
            defer { g_variant_unref(child) }
            return VariantDictionary.strings(in: child)
        }

        /// The `a{sv}` argument at `index` (portal options, notification hints).
        func dictionary(at index: Int) -> VariantDictionary {
            let child = g_variant_get_child_value(parameters, gsize(index))!
            defer { g_variant_unref(child) }
            return VariantDictionary(child)
        }
    }

    let connection: OpaquePointer
    /// True once the bus has given us the well-known name passed to `init`.
    private(set) var ownsName = false

    private let path: String
    private let interface: String
    private let introspection: String
    private let name: String?
    private var registration: guint = 0
    private var nameOwner: guint = 0
    private let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    private var node: UnsafeMutablePointer<GDBusNodeInfo>?

    /// Nil when the process has no session bus to publish on. `name` is the well-known name
    /// `publish` takes, if any.
    init?(path: String, interface: String, introspection: String, name: String? = nil) {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil)
        else { return nil }
        self.connection = connection
        self.path = path
        self.interface = interface
        self.introspection = introspection
        self.name = name
    }

    /// Answers one method call of the interface; every fake overrides it.
    func handle(_ call: MethodCall) {
        g_dbus_method_invocation_return_dbus_error(
            call.invocation, "org.freedesktop.DBus.Error.UnknownMethod", call.method)
    }

    /// Registers the object, sends its calls to `handle`, and takes the well-known name if any.
    func publish() {
        node = g_dbus_node_info_new_for_xml(introspection, nil)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, sender, _, _, method, parameters, invocation, data in
            let object = Unmanaged<FakeBusObject>.fromOpaque(data!).takeUnretainedValue()
            let call = MethodCall(
                sender: String(cString: sender!), method: String(cString: method!),
                parameters: parameters!, invocation: invocation!)
            MainActor.assumeIsolated { object.handle(call) }
        }
        registration = g_dbus_connection_register_object(
            connection, path, g_dbus_node_info_lookup_interface(node, interface),
            vtable, Unmanaged.passUnretained(self).toOpaque(), nil, nil)
        guard let name else { return }
        nameOwner = g_bus_own_name_on_connection(
            connection, name, G_BUS_NAME_OWNER_FLAGS_NONE,
            { _, _, data in
                let object = Unmanaged<FakeBusObject>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { object.ownsName = true }
            }, nil, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Gives the name back and releases everything; the object is unusable afterwards.
    func unpublish() {
        if nameOwner != 0 { g_bus_unown_name(nameOwner) }
        if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
        nameOwner = 0
        registration = 0
        ownsName = false
        if let node { g_dbus_node_info_unref(node) }
        node = nil
        vtable.deallocate()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// A new, floating `as` value.
    static func stringArray(_ strings: [String]) -> OpaquePointer {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_variant_new_strv($0, -1)
            }
        }
    }
}
