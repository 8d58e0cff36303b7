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
    var ownsName: Bool { bus.ownsName }
    var responseCode: UInt32 = 0

    private let bus: FakeBusObject

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
        guard let bus = FakeBusObject(path: "/org/freedesktop/portal/desktop",
                                      interface: "org.freedesktop.portal.Wallpaper",
                                      introspection: Self.introspection) else { return nil }
        self.bus = bus
    }

    /// Registers the object and takes the portal's well-known name.
    func publish() {
        bus.publish(owning: "org.freedesktop.portal.Desktop") { [weak self] call in self?.handle(call) }
    }

    /// Gives the name back and releases everything; the fake is unusable afterwards.
    func unpublish() {
        bus.unpublish()
    }

    private func handle(_ request: FakeBusObject.MethodCall) {
        let parameters = request.parameters
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
        let fdList = g_dbus_message_get_unix_fd_list(g_dbus_method_invocation_get_message(request.invocation))
        let fd = g_unix_fd_list_get(fdList, handleIndex, nil)
        if fd >= 0 {
            bytes = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
        }
        calls.append(Call(parentWindow: parent, options: options, fileBytes: bytes))

        let token = options["handle_token"]?.trimmingCharacters(in: CharacterSet(charactersIn: "'")) ?? "t"
        let emptyType = g_variant_type_new("{sv}")
        let results = g_variant_new_array(emptyType, nil, 0)!
        g_variant_type_free(emptyType)
        bus.answerPortalRequest(request, token: token, code: responseCode, results: results)
    }
}
