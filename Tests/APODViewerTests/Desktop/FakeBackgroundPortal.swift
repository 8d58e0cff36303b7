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

    private let bus: FakeBusObject

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
        guard let bus = FakeBusObject(path: "/org/freedesktop/portal/desktop",
                                      interface: "org.freedesktop.portal.Background",
                                      introspection: Self.introspection) else { return nil }
        self.bus = bus
    }

    /// Registers the object; the name is the wallpaper fake's.
    func publish() {
        bus.publish { [weak self] call in self?.handle(call) }
    }

    func unpublish() {
        bus.unpublish()
    }

    private func handle(_ request: FakeBusObject.MethodCall) {
        let options = g_variant_get_child_value(request.parameters, 1)!
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

        let dictionaryType = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_type_free(dictionaryType)
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("background"),
                                                                      g_variant_new_variant(g_variant_new_boolean(1))))
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string("autostart"),
                                                                      g_variant_new_variant(g_variant_new_boolean(call.autostart ? 1 : 0))))
        let results = g_variant_builder_end(builder)!
        g_variant_builder_unref(builder)
        bus.answerPortalRequest(request, token: token, code: responseCode, results: results)
    }
}
