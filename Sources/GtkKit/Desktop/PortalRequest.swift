import CGtk
import Foundation

/// One call to an XDG desktop portal method that answers through a `Request` object.
///
/// Portal methods answer twice: a request handle at once, the user's decision later as a
/// `Response` signal on that handle. The handle's path is predictable from our bus name and the
/// `handle_token` we pass, so the request subscribes before calling and never misses a fast
/// answer. Every portal goes through this type; it only knows the plumbing, and each portal
/// turns the `Reply` into its own outcome.
@MainActor
final class PortalRequest {
    /// How the request ended.
    enum Reply: Equatable {
        /// The portal's `Response`: `code` 0 is success, 1 the user cancelled, 2 another ending;
        /// `booleans` are the boolean entries of its results dictionary.
        case response(code: UInt32, booleans: [String: Bool])
        /// No session bus, or nothing on it handling the call.
        case noPortal
    }

    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"

    private let interface: String
    private let method: String
    private let arguments: @MainActor () -> [OpaquePointer]
    private let options: @MainActor () -> [(String, OpaquePointer)]
    private var fdList: UnsafeMutablePointer<GUnixFDList>?
    private var completion: (@MainActor (Reply) -> Void)?
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    /// Calls `interface.method` on the desktop portal with `(s <arguments> a{sv})`: no parent
    /// window, the method's own `arguments`, then `options` with the handle token added. Both are
    /// built only once the bus is there. `fdList` (a `GUnixFDList`, referenced here) goes with the
    /// call for arguments of type `h`. `completion` runs on the main thread exactly once.
    static func send(
        interface: String, method: String, fdList: UnsafeMutablePointer<GUnixFDList>? = nil,
        arguments: @escaping @MainActor () -> [OpaquePointer] = { [] },
        options: @escaping @MainActor () -> [(String, OpaquePointer)],
        completion: @escaping @MainActor (Reply) -> Void
    ) {
        let request = PortalRequest(
            interface: interface, method: method, fdList: fdList, arguments: arguments,
            options: options, completion: completion)
        g_bus_get(
            G_BUS_TYPE_SESSION, nil,
            { _, result, data in
                let request = Unmanaged<PortalRequest>.fromOpaque(data!).takeRetainedValue()
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

    /// Calls a method whose one argument is a file (`h`), as `send` does, passing the file at
    /// `path` opened read-only here. Returns the system's reason when it cannot be opened
    /// (then `completion` never runs).
    static func sendFile(
        at path: String, interface: String, method: String,
        options: @escaping @MainActor () -> [(String, OpaquePointer)],
        completion: @escaping @MainActor (Reply) -> Void
    ) -> String? {
        var fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let fdList = g_unix_fd_list_new_from_array(&fd, 1) // takes ownership of the descriptor
        defer { g_object_unref(UnsafeMutableRawPointer(fdList)) }
        send(
            interface: interface, method: method, fdList: fdList, arguments: { [g_variant_new_handle(0)] },
            options: options, completion: completion)
        return nil
    }

    private init(
        interface: String, method: String, fdList: UnsafeMutablePointer<GUnixFDList>?,
        arguments: @escaping @MainActor () -> [OpaquePointer],
        options: @escaping @MainActor () -> [(String, OpaquePointer)],
        completion: @escaping @MainActor (Reply) -> Void
    ) {
        self.interface = interface
        self.method = method
        self.fdList = fdList
        if let fdList { g_object_ref(UnsafeMutableRawPointer(fdList)) }
        self.arguments = arguments
        self.options = options
        self.completion = completion
    }

    private func send(on connection: OpaquePointer) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        let token = "apod_\(UInt32.random(in: 1...UInt32.max))"
        let handlePath = Self.requestPath(
            sender: String(cString: g_dbus_connection_get_unique_name(connection)),
            token: token)
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.busName, "org.freedesktop.portal.Request", "Response", handlePath,
            nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                let request = Unmanaged<PortalRequest>.fromOpaque(data!).takeUnretainedValue()
                let reply = PortalRequest.reply(decoding: parameters!)
                MainActor.assumeIsolated { request.finish(reply) }
            }, Unmanaged.passRetained(self).toOpaque(),
            { data in
                Unmanaged<PortalRequest>.fromOpaque(data!).release()
            })

        g_dbus_connection_call_with_unix_fd_list(
            connection, Self.busName, Self.objectPath, interface, method, parameters(token: token), nil,
            G_DBUS_CALL_FLAGS_NONE, -1, fdList, nil,
            { source, result, data in
                let request = Unmanaged<PortalRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_with_unix_fd_list_finish(OpaquePointer(source), nil, result, &error)
                MainActor.assumeIsolated {
                    if let reply {
                        g_variant_unref(reply)
                    } else {
                        // No portal on the bus (or not this interface): say so instead of waiting.
                        g_clear_error(&error)
                        request.finish(.noPortal)
                    }
                }
            }, Unmanaged.passRetained(self).toOpaque())
        releaseFDList()
    }

    private func parameters(token: String) -> OpaquePointer {
        let dictionaryType = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_type_free(dictionaryType)
        for (key, value) in [("handle_token", g_variant_new_string(token)!)] + options() {
            g_variant_builder_add_value(
                builder,
                g_variant_new_dict_entry(
                    g_variant_new_string(key),
                    g_variant_new_variant(value)))
        }
        let options = g_variant_builder_end(builder)
        g_variant_builder_unref(builder)
        var children: [OpaquePointer?] = [g_variant_new_string("")] + arguments() + [options]
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    /// `(u a{sv})`: the response code, then the results.
    private nonisolated static func reply(decoding parameters: OpaquePointer) -> Reply {
        let code = g_variant_get_child_value(parameters, 0)!
        let results = g_variant_get_child_value(parameters, 1)!
        defer {
            g_variant_unref(code)
            g_variant_unref(results)
        }
        var booleans: [String: Bool] = [:]
        for index in 0..<g_variant_n_children(results) {
            let entry = g_variant_get_child_value(results, index)!
            let key = g_variant_get_child_value(entry, 0)!
            let boxed = g_variant_get_child_value(entry, 1)!
            let value = g_variant_get_variant(boxed)!
            if g_variant_classify(value) == G_VARIANT_CLASS_BOOLEAN {
                booleans[String(cString: g_variant_get_string(key, nil))] = g_variant_get_boolean(value) != 0
            }
            [value, boxed, key, entry].forEach { g_variant_unref($0) }
        }
        return .response(code: g_variant_get_uint32(code), booleans: booleans)
    }

    /// The portal's documented request path: the unique name without ':' and with '.' as '_'.
    static func requestPath(sender: String, token: String) -> String {
        let name = sender.dropFirst(sender.hasPrefix(":") ? 1 : 0).replacingOccurrences(of: ".", with: "_")
        return "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
    }

    private func releaseFDList() {
        if let fdList { g_object_unref(UnsafeMutableRawPointer(fdList)) }
        fdList = nil
    }

    private func finish(_ reply: Reply) {
        releaseFDList()
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            subscription = 0
            g_object_unref(UnsafeMutableRawPointer(connection))
            self.connection = nil
        }
        let completion = self.completion
        self.completion = nil
        completion?(reply)
    }
}
