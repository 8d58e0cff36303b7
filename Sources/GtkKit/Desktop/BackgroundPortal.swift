import CGtk
import Foundation

/// Asks the desktop to let the application run in the background and to start it at login
/// (`org.freedesktop.portal.Background.RequestBackground`). Like every portal request it
/// answers twice: a request handle at once, the decision later as a `Response` signal on it,
/// which is subscribed to before calling.
@MainActor
public enum BackgroundPortal {
    public enum Outcome: Equatable, Sendable {
        /// The desktop agreed; `autostart` says whether it will start the app at login.
        case granted(autostart: Bool)
        /// The user said no.
        case denied
        /// No portal on the session bus, or it could not handle the request (unsandboxed apps
        /// on some desktops): the caller manages an autostart file itself.
        case noPortal
    }

    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"

    /// - Parameters:
    ///   - autostart: start at login (false withdraws an earlier request).
    ///   - commandLine: what the desktop runs at login, e.g. `["apod-viewer", "--background"]`.
    ///   - completion: runs on the main thread exactly once.
    public static func request(autostart: Bool, commandLine: [String], reason: String,
                               completion: @escaping @MainActor (Outcome) -> Void) {
        let request = BackgroundRequest(autostart: autostart, commandLine: commandLine, reason: reason,
                                        completion: completion)
        g_bus_get(G_BUS_TYPE_SESSION, nil, { _, result, data in
            let request = Unmanaged<BackgroundRequest>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let connection = g_bus_get_finish(result, &error)
            MainActor.assumeIsolated {
                guard let connection else {
                    g_clear_error(&error)
                    request.finish(.noPortal)
                    return
                }
                request.send(on: connection)
                g_object_unref(UnsafeMutableRawPointer(connection))
            }
        }, Unmanaged.passRetained(request).toOpaque())
    }
}

/// One RequestBackground call and its Response subscription.
@MainActor
private final class BackgroundRequest {
    private let autostart: Bool
    private let commandLine: [String]
    private let reason: String
    private var completion: (@MainActor (BackgroundPortal.Outcome) -> Void)?
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    init(autostart: Bool, commandLine: [String], reason: String,
         completion: @escaping @MainActor (BackgroundPortal.Outcome) -> Void) {
        self.autostart = autostart
        self.commandLine = commandLine
        self.reason = reason
        self.completion = completion
    }

    func send(on connection: OpaquePointer) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        let token = "apod_bg_\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(cString: g_dbus_connection_get_unique_name(connection))
        let name = sender.dropFirst(sender.hasPrefix(":") ? 1 : 0).replacingOccurrences(of: ".", with: "_")
        let handlePath = "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
        subscription = g_dbus_connection_signal_subscribe(
            connection, BackgroundPortal.busName, "org.freedesktop.portal.Request", "Response", handlePath,
            nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                let request = Unmanaged<BackgroundRequest>.fromOpaque(data!).takeUnretainedValue()
                let code = BackgroundRequest.child(parameters, 0) { g_variant_get_uint32($0) }
                let autostart = BackgroundRequest.child(parameters, 1) { results -> Bool in
                    var value: gboolean = 0
                    guard let found = g_variant_lookup_value(results, "autostart", nil) else { return false }
                    value = g_variant_get_boolean(found)
                    g_variant_unref(found)
                    return value != 0
                }
                MainActor.assumeIsolated {
                    switch code {
                    case 0: request.finish(.granted(autostart: autostart))
                    case 1: request.finish(.denied)
                    default: request.finish(.noPortal)
                    }
                }
            }, Unmanaged.passRetained(self).toOpaque(), { data in
                Unmanaged<BackgroundRequest>.fromOpaque(data!).release()
            })

        g_dbus_connection_call(
            connection, BackgroundPortal.busName, BackgroundPortal.objectPath, "org.freedesktop.portal.Background",
            "RequestBackground", parameters(token: token), nil, G_DBUS_CALL_FLAGS_NONE, -1, nil,
            { source, result, data in
                let request = Unmanaged<BackgroundRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                MainActor.assumeIsolated {
                    if let reply {
                        g_variant_unref(reply)
                    } else {
                        g_clear_error(&error)
                        request.finish(.noPortal)
                    }
                }
            }, Unmanaged.passRetained(self).toOpaque())
    }

    private nonisolated static func child<T>(_ tuple: OpaquePointer?, _ index: Int, _ read: (OpaquePointer) -> T) -> T {
        let value = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(value) }
        return read(value)
    }

    /// `(s a{sv})`: no parent window, then the options.
    private func parameters(token: String) -> OpaquePointer {
        let dictionaryType = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_type_free(dictionaryType)
        func add(_ key: String, _ value: OpaquePointer) {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key),
                                                                          g_variant_new_variant(value)))
        }
        add("handle_token", g_variant_new_string(token))
        add("reason", g_variant_new_string(reason))
        add("autostart", g_variant_new_boolean(autostart ? 1 : 0))
        var strings: [UnsafeMutablePointer<CChar>?] = commandLine.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let array = strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_variant_new_strv($0, gssize(buffer.count))
            }
        }
        add("commandline", array!)
        add("dbus-activatable", g_variant_new_boolean(0))
        let options = g_variant_builder_end(builder)
        g_variant_builder_unref(builder)
        var children: [OpaquePointer?] = [g_variant_new_string(""), options]
        return g_variant_new_tuple(&children, 2)
    }

    func finish(_ outcome: BackgroundPortal.Outcome) {
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            subscription = 0
            g_object_unref(UnsafeMutableRawPointer(connection))
            self.connection = nil
        }
        let completion = self.completion
        self.completion = nil
        completion?(outcome)
    }
}
