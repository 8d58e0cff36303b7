import CGtk
import Foundation

/// xdg-desktop-portal's Background interface for the tests: it registers beside the
/// `FakeWallpaperPortal` (which owns `org.freedesktop.portal.Desktop` on the same shared
/// connection), records each RequestBackground and answers with `responseCode` and
/// `autostart` in the `Response` signal, as the real portal does.
@MainActor
final class FakeBackgroundPortal {
    struct Call {
        var autostart: Bool
        var commandLine: [String]
    }

    private(set) var calls: [Call] = []
    var responseCode: UInt32 = 0

    private let connection: OpaquePointer
    private var registration: guint = 0
    private let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    private var node: UnsafeMutablePointer<GDBusNodeInfo>?

    private static let introspection = """
    <node><interface name="org.freedesktop.portal.Background">
      <method name="RequestBackground">
        <arg type="s" name="parent_window" direction="in"/>
        <arg type="a{sv}" name="options" direction="in"/>
        <arg type="o" name="handle" direction="out"/>
      </method>
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
        vtable.pointee.method_call = { _, sender, _, _, _, parameters, invocation, data in
            let portal = Unmanaged<FakeBackgroundPortal>.fromOpaque(data!).takeUnretainedValue()
            let sender = String(cString: sender!)
            MainActor.assumeIsolated { portal.handle(sender: sender, parameters: parameters!, invocation: invocation!) }
        }
        registration = g_dbus_connection_register_object(
            connection, "/org/freedesktop/portal/desktop",
            g_dbus_node_info_lookup_interface(node, "org.freedesktop.portal.Background"),
            vtable, Unmanaged.passUnretained(self).toOpaque(), nil, nil)
    }

    func unpublish() {
        if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
        registration = 0
        if let node { g_dbus_node_info_unref(node) }
        node = nil
        vtable.deallocate()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    private func handle(sender: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        let options = g_variant_get_child_value(parameters, 1)!
        defer { g_variant_unref(options) }
        func lookup(_ key: String) -> OpaquePointer? { g_variant_lookup_value(options, key, nil) }
        var call = Call(autostart: false, commandLine: [])
        if let value = lookup("autostart") {
            call.autostart = g_variant_get_boolean(value) != 0
            g_variant_unref(value)
        }
        if let value = lookup("commandline") {
            call.commandLine = (0..<g_variant_n_children(value)).map { i in
                let item = g_variant_get_child_value(value, i)
                defer { g_variant_unref(item) }
                return String(cString: g_variant_get_string(item, nil))
            }
            g_variant_unref(value)
        }
        var token = "t"
        if let value = lookup("handle_token") {
            token = String(cString: g_variant_get_string(value, nil))
            g_variant_unref(value)
        }
        calls.append(call)

        let name = sender.dropFirst().replacingOccurrences(of: ".", with: "_")
        let path = "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
        var reply: [OpaquePointer?] = [g_variant_new_object_path(path)]
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        let dictionaryType = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_type_free(dictionaryType)
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("background"),
                                                                      g_variant_new_variant(g_variant_new_boolean(1))))
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("autostart"),
                                                                      g_variant_new_variant(g_variant_new_boolean(call.autostart ? 1 : 0))))
        var response: [OpaquePointer?] = [g_variant_new_uint32(responseCode), g_variant_builder_end(builder)]
        g_variant_builder_unref(builder)
        g_dbus_connection_emit_signal(connection, sender, path, "org.freedesktop.portal.Request", "Response",
                                      g_variant_new_tuple(&response, 2), nil)
    }
}
