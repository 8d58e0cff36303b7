import CGtk
import Foundation

/// A stand-in for the desktop's notification daemon on the test's private session bus. With no
/// `org.gtk.Notifications` owner and no sandbox, GNotification uses its freedesktop backend,
/// which calls `org.freedesktop.Notifications.Notify`: this fake owns that name, records each
/// call, and can click a notification (`ActionInvoked`) as a user would.
@MainActor
final class FakeNotificationServer: FakeBusObject {
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
        super.init(
            path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
            introspection: Self.introspection, name: "org.freedesktop.Notifications")
    }

    /// Clicks notification `id`: `default` is the notification itself, else a button's key.
    func invoke(_ id: UInt32, action: String) {
        var arguments: [OpaquePointer?] = [g_variant_new_uint32(id), g_variant_new_string(action)]
        g_dbus_connection_emit_signal(
            connection, nil, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
            "ActionInvoked", g_variant_new_tuple(&arguments, 2), nil)
    }

    override func handle(_ request: MethodCall) {
        let invocation = request.invocation
        switch request.method {
        case "Notify":
            let call = Call(
                id: UInt32(calls.count + 1), summary: request.string(at: 3), body: request.string(at: 4),
                actions: request.strings(at: 5), hints: request.dictionary(at: 6).printed,
                appIcon: request.string(at: 2))
            calls.append(call)
            var reply: [OpaquePointer?] = [g_variant_new_uint32(call.id)]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        case "GetCapabilities":
            var reply: [OpaquePointer?] = [Self.stringArray(["actions", "body", "icon-static"])]
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1))
        case "GetServerInformation":
            var reply: [OpaquePointer?] = ["fake", "tests", "1", "1.2"].map { (text: String) in
                g_variant_new_string(text)
            }
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 4))
        default:
            g_dbus_method_invocation_return_value(invocation, nil)
        }
    }
}
