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
    var ownsName: Bool { bus.ownsName }

    private let bus: FakeBusObject

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
        guard let bus = FakeBusObject(path: "/org/freedesktop/Notifications",
                                      interface: "org.freedesktop.Notifications",
                                      introspection: Self.introspection) else { return nil }
        self.bus = bus
    }

    func publish() {
        bus.publish(owning: "org.freedesktop.Notifications") { [weak self] call in
            self?.handle(call.method, parameters: call.parameters, invocation: call.invocation)
        }
    }

    func unpublish() {
        bus.unpublish()
    }

    /// Clicks notification `id`: `default` is the notification itself, else a button's key.
    func invoke(_ id: UInt32, action: String) {
        var arguments: [OpaquePointer?] = [g_variant_new_uint32(id), g_variant_new_string(action)]
        g_dbus_connection_emit_signal(bus.connection, nil, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
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
