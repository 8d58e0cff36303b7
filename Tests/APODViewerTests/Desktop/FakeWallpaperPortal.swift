import CGtk
import Foundation

/// A stand-in for xdg-desktop-portal's Wallpaper interface on the test's private session bus
/// (`dbus-run-session`): it owns `org.freedesktop.portal.Desktop`, records each
/// SetWallpaperFile call (options and the bytes behind the passed descriptor) and answers with
/// a `Response` signal carrying `responseCode` on the request handle, as the real portal does.
@MainActor
final class FakeWallpaperPortal {
    struct Call {
        var parentWindow: String
        var options: [String: String]
        var fileBytes: Data
    }

    private(set) var calls: [Call] = []
    private(set) var ownsName = false
    var responseCode: UInt32 = 0

    private let connection: OpaquePointer
    private var registration: guint = 0
    private var nameOwner: guint = 0
    private let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    private var node: UnsafeMutablePointer<GDBusNodeInfo>?

    private static let introspection = """
    <node><interface name="org.freedesktop.portal.Wallpaper">
      <method name="SetWallpaperFile">
        <arg type="s" name="parent_window" direction="in"/>
        <arg type="h" name="fd" direction="in"/>
        <arg type="a{sv}" name="options" direction="in"/>
        <arg type="o" name="handle" direction="out"/>
      </method>
    </interface></node>
    """

    /// Nil when the process has no session bus to publish on.
    init?() {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
              let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        self.connection = connection
    }

    /// Registers the object and takes the portal's well-known name.
    func publish() {
        node = g_dbus_node_info_new_for_xml(Self.introspection, nil)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { connection, sender, _, _, _, parameters, invocation, data in
            let portal = Unmanaged<FakeWallpaperPortal>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                portal.handle(sender: String(cString: sender!), parameters: parameters!, invocation: invocation!)
            }
        }
        registration = g_dbus_connection_register_object(
            connection, "/org/freedesktop/portal/desktop",
            g_dbus_node_info_lookup_interface(node, "org.freedesktop.portal.Wallpaper"),
            vtable, Unmanaged.passUnretained(self).toOpaque(), nil, nil)
        nameOwner = g_bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop",
                                                 G_BUS_NAME_OWNER_FLAGS_NONE, { _, _, data in
            let portal = Unmanaged<FakeWallpaperPortal>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { portal.ownsName = true }
        }, nil, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Gives the name back and releases everything; the fake is unusable afterwards.
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

    private func handle(sender: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        let parent = String(cString: g_variant_get_string(g_variant_get_child_value(parameters, 0), nil))
        let handleIndex = g_variant_get_handle(g_variant_get_child_value(parameters, 1))
        let optionsVariant = g_variant_get_child_value(parameters, 2)!
        var options: [String: String] = [:]
        for i in 0..<g_variant_n_children(optionsVariant) {
            let entry = g_variant_get_child_value(optionsVariant, i)
            let key = String(cString: g_variant_get_string(g_variant_get_child_value(entry, 0), nil))
            let value = g_variant_get_variant(g_variant_get_child_value(entry, 1))
            let printed = g_variant_print(value, 0)!
            options[key] = String(cString: printed)
            g_free(printed)
        }
        var bytes = Data()
        let fdList = g_dbus_message_get_unix_fd_list(g_dbus_method_invocation_get_message(invocation))
        let fd = g_unix_fd_list_get(fdList, handleIndex, nil)
        if fd >= 0 {
            bytes = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
        }
        calls.append(Call(parentWindow: parent, options: options, fileBytes: bytes))

        let token = options["handle_token"]?.trimmingCharacters(in: CharacterSet(charactersIn: "'")) ?? "t"
        let name = sender.dropFirst().replacingOccurrences(of: ".", with: "_")
        let path = "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
        var reply: [OpaquePointer?] = [g_variant_new_object_path(path)]
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        let emptyType = g_variant_type_new("{sv}")
        var response: [OpaquePointer?] = [g_variant_new_uint32(responseCode),
                                          g_variant_new_array(emptyType, nil, 0)]
        g_variant_type_free(emptyType)
        g_dbus_connection_emit_signal(connection, sender, path, "org.freedesktop.portal.Request", "Response",
                                      g_variant_new_tuple(&response, 2), nil)
    }
}
