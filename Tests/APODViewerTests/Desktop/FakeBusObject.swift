import CGtk
import Foundation

/// The D-Bus side every fake desktop service shares: one object with one interface on the
/// test's private session bus (`dbus-run-session`), optionally under a well-known name, handing
/// each method call to its owner. The fakes only decide what a call means and how to answer.
@MainActor
final class FakeBusObject {
    /// One incoming method call; `invocation` must be answered.
    struct MethodCall {
        let sender: String
        let method: String
        let parameters: OpaquePointer
        let invocation: OpaquePointer
    }

    let connection: OpaquePointer
    /// True once the bus has given us the well-known name passed to `publish`.
    private(set) var ownsName = false

    private let path: String
    private let interface: String
    private let introspection: String
    private var handler: (@MainActor (MethodCall) -> Void)?
    private var registration: guint = 0
    private var nameOwner: guint = 0
    private let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    private var node: UnsafeMutablePointer<GDBusNodeInfo>?

    /// Nil when the process has no session bus to publish on.
    init?(path: String, interface: String, introspection: String) {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
              let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        self.connection = connection
        self.path = path
        self.interface = interface
        self.introspection = introspection
    }

    /// Registers the object, sends its calls to `handler`, and takes `name` when given.
    func publish(owning name: String? = nil, handler: @escaping @MainActor (MethodCall) -> Void) {
        self.handler = handler
        node = g_dbus_node_info_new_for_xml(introspection, nil)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, sender, _, _, method, parameters, invocation, data in
            let object = Unmanaged<FakeBusObject>.fromOpaque(data!).takeUnretainedValue()
            let call = MethodCall(sender: String(cString: sender!), method: String(cString: method!),
                                  parameters: parameters!, invocation: invocation!)
            MainActor.assumeIsolated { object.handler?(call) }
        }
        registration = g_dbus_connection_register_object(
            connection, path, g_dbus_node_info_lookup_interface(node, interface),
            vtable, Unmanaged.passUnretained(self).toOpaque(), nil, nil)
        guard let name else { return }
        nameOwner = g_bus_own_name_on_connection(connection, name, G_BUS_NAME_OWNER_FLAGS_NONE, { _, _, data in
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
        handler = nil
        if let node { g_dbus_node_info_unref(node) }
        node = nil
        vtable.deallocate()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Answers a portal method as xdg-desktop-portal does: the request handle (its documented
    /// path from the caller's name and `token`) as the reply, then the `Response` signal on that
    /// handle with `code` and `results` (an `a{sv}` variant).
    func answerPortalRequest(_ call: MethodCall, token: String, code: UInt32, results: OpaquePointer) {
        let name = call.sender.dropFirst().replacingOccurrences(of: ".", with: "_")
        let path = "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
        var reply: [OpaquePointer?] = [g_variant_new_object_path(path)]
        g_dbus_method_invocation_return_value(call.invocation, g_variant_new_tuple(&reply, 1))
        var response: [OpaquePointer?] = [g_variant_new_uint32(code), results]
        g_dbus_connection_emit_signal(connection, call.sender, path, "org.freedesktop.portal.Request", "Response",
                                      g_variant_new_tuple(&response, 2), nil)
    }
}
