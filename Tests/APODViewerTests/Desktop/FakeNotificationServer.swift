import CGtk
import Foundation

/// A stand-in for the desktop's notification daemon on the test's private session bus. With no
/// `org.gtk.Notifications` owner and no sandbox, GNotification uses its freedesktop backend,
/// which calls `org.freedesktop.Notifications.Notify`: this fake owns that name, records each
/// call, and can click a notification (`ActionInvoked`) as a user would.
@MainActor
final class FakeNotificationServer {
    struct Call {
        var id: UInt32
        var summary: String
        var body: String
        /// Pairs of action key and label, as the spec sends them.
        var actions: [String]
        var hints: [String: String]
        var appIcon: String

        /// The buttons' labels (the default action has an empty one).
        var buttonLabels: [String] {
            stride(from: 1, to: actions.count, by: 2).map { actions[$0] }.filter { !$0.isEmpty }
        }
    }

    private(set) var calls: [Call] = []
    private(set) var ownsName = false

    private let connection: OpaquePointer
    private var registration: guint = 0
    private var nameOwner: guint = 0
    private let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    private var node: UnsafeMutablePointer<GDBusNodeInfo>?

    private static let introspection = """
    <node><interface name="org.freedesktop.Notifications">
      <method name="Notify">
        <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
        <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
        <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
      </method>
      <method name="CloseNotification"><arg type="u" direction="in"/></method>
      <method name="GetCapabilities"><arg type="as" direction="out"/></method>
      <method name="GetServerInformation">
        <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
      </method>
      <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
      <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
    </interface></node>
    """

    init?() {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
              let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        self.connection = connection
    }

    func publish() {
        node = g_dbus_node_info_new_for_xml(Self.introspection, nil)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, _, _, _, method, parameters, invocation, data in
            let server = Unmanaged<FakeNotificationServer>.fromOpaque(data!).takeUnretainedValue()
            let name = String(cString: method!)
            MainActor.assumeIsolated { server.handle(name, parameters: parameters!, invocation: invocation!) }
        }
        registration = g_dbus_connection_register_object(
            connection, "/org/freedesktop/Notifications",
            g_dbus_node_info_lookup_interface(node, "org.freedesktop.Notifications"),
            vtable, Unmanaged.passUnretained(self).toOpaque(), nil, nil)
        nameOwner = g_bus_own_name_on_connection(connection, "org.freedesktop.Notifications",
                                                 G_BUS_NAME_OWNER_FLAGS_NONE, { _, _, data in
            let server = Unmanaged<FakeNotificationServer>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { server.ownsName = true }
        }, nil, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

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

    /// Clicks notification `id`: `default` is the notification itself, else a button's key.
    func invoke(_ id: UInt32, action: String) {
        var arguments: [OpaquePointer?] = [g_variant_new_uint32(id), g_variant_new_string(action)]
        g_dbus_connection_emit_signal(connection, nil, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                                      "ActionInvoked", g_variant_new_tuple(&arguments, 2), nil)
    }

    private func handle(_ method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        switch method {
        case "Notify":
            let call = Call(id: UInt32(calls.count + 1), summary: Self.string(parameters, 3), body: Self.string(parameters, 4),
                            actions: Self.strings(parameters, 5), hints: Self.dictionary(parameters, 6),
                            appIcon: Self.string(parameters, 2))
            calls.append(call)
            var reply: [OpaquePointer?] = [g_variant_new_uint32(call.id)]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        case "GetCapabilities":
            let array: [UnsafeMutablePointer<CChar>?] = ["actions", "body", "icon-static"].map { (name: String) in strdup(name) } + [nil]
            defer { array.forEach { free($0) } }
            let value = array.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    g_variant_new_strv($0, -1)
                }
            }
            var reply: [OpaquePointer?] = [value]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        case "GetServerInformation":
            var reply: [OpaquePointer?] = ["fake", "tests", "1", "1.2"].map { (text: String) in g_variant_new_string(text) }
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 4))
        default:
            g_dbus_method_invocation_return_value(invocation, nil)
        }
    }

    private static func string(_ tuple: OpaquePointer, _ index: Int) -> String {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    private static func strings(_ tuple: OpaquePointer, _ index: Int) -> [String] {
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        return (0..<g_variant_n_children(child)).map { i in
            let item = g_variant_get_child_value(child, i)
            defer { g_variant_unref(item) }
            return String(cString: g_variant_get_string(item, nil))
        }
    }

    private static func dictionary(_ tuple: OpaquePointer, _ index: Int) -> [String: String] {
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        var result: [String: String] = [:]
        for i in 0..<g_variant_n_children(child) {
            let entry = g_variant_get_child_value(child, i)
            let key = string(entry!, 0)
            let boxed = g_variant_get_child_value(entry, 1)
            let value = g_variant_get_variant(boxed)
            let printed = g_variant_print(value, 0)!
            result[key] = String(cString: printed)
            g_free(printed)
            g_variant_unref(value)
            g_variant_unref(boxed)
            g_variant_unref(entry)
        }
        return result
    }
}
