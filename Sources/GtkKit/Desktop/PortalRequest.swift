import CGtk
import Foundation

/// One call to an XDG desktop portal method that answers through a `Request` object.
///
/// Portal methods answer twice: a request handle at once, the user's decision later as a
/// `Response` signal on that handle. The handle's path is predictable from our bus name and the
/// `handle_token` we pass, so the request subscribes before calling and never misses a fast
/// answer. Every portal goes through this type; it only knows the plumbing, and each portal
/// turns the `Reply` into its own outcome.
///
/// A request has a time limit: the real portal never answers when the user answers GNOME
/// Shell's access dialog after ~25 s, so after `timeLimit` the request is closed (`Close` on
/// its handle) and ends as `timedOut`. A request whose dialog is the user's own choice (the
/// background's preview, the application chooser) waits `dialogTimeLimit`, so a dialog the user
/// is still looking at is not taken away.
@MainActor
public final class PortalRequest {
    /// Seconds a request waits for its `Response`; tests shorten it.
    public static var timeLimit: TimeInterval = 30
    /// Seconds a request showing the user a dialog of choices waits.
    public static var dialogTimeLimit: TimeInterval = 600

    /// How the request ended.
    enum Reply: Equatable {
        /// The portal's `Response`: `code` 0 is success, 1 the user cancelled, 2 another ending;
        /// `booleans` are the boolean entries of its results dictionary.
        case response(code: UInt32, booleans: [String: Bool])
        /// No session bus, or nothing on it handling the call.
        case noPortal
        /// No `Response` within `timeLimit`; the request was closed.
        case timedOut
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
    private var handlePath: String?
    private var parent = PortalParent.none
    private let timeLimit: TimeInterval
    private var limit: Timeout?

    /// Calls `interface.method` on the desktop portal with `(s <arguments> a{sv})`: the parent
    /// window (`PortalParent`: `x11:XID`, `wayland:HANDLE`, or "" without `parent`), the method's
    /// own `arguments`, then `options` with the handle token added. Both are built only once the
    /// bus is there. `fdList` (a `GUnixFDList`, referenced here) goes with the call for arguments
    /// of type `h`. `timeLimit` is `Self.timeLimit` unless given. `completion` runs on the main
    /// thread exactly once.
    static func send(
        interface: String, method: String, parent: Window? = nil, timeLimit: TimeInterval? = nil,
        fdList: UnsafeMutablePointer<GUnixFDList>? = nil,
        arguments: @escaping @MainActor () -> [OpaquePointer] = { [] },
        options: @escaping @MainActor () -> [(String, OpaquePointer)],
        completion: @escaping @MainActor (Reply) -> Void
    ) {
        let request = PortalRequest(
            interface: interface, method: method, timeLimit: timeLimit ?? Self.timeLimit, fdList: fdList,
            arguments: arguments, options: options, completion: completion)
        PortalParent.resolve(parent) { handle in
            request.parent = handle
            request.connect()
        }
    }

    private func connect() {
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
            }, Unmanaged.passRetained(self).toOpaque())
    }

    /// Calls a method whose one argument is a file (`h`), as `send` does, passing the file at
    /// `path` opened read-only here. Returns the system's reason when it cannot be opened
    /// (then `completion` never runs).
    static func sendFile(
        at path: String, interface: String, method: String, parent: Window? = nil, timeLimit: TimeInterval? = nil,
        options: @escaping @MainActor () -> [(String, OpaquePointer)],
        completion: @escaping @MainActor (Reply) -> Void
    ) -> String? {
        var fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let fdList = g_unix_fd_list_new_from_array(&fd, 1) // takes ownership of the descriptor
        defer { g_object_unref(UnsafeMutableRawPointer(fdList)) }
        send(
            interface: interface, method: method, parent: parent, timeLimit: timeLimit, fdList: fdList,
            arguments: { [g_variant_new_handle(0)] },
            options: options, completion: completion)
        return nil
    }

    private init(
        interface: String, method: String, timeLimit: TimeInterval, fdList: UnsafeMutablePointer<GUnixFDList>?,
        arguments: @escaping @MainActor () -> [OpaquePointer],
        options: @escaping @MainActor () -> [(String, OpaquePointer)],
        completion: @escaping @MainActor (Reply) -> Void
    ) {
        self.interface = interface
        self.method = method
        self.timeLimit = timeLimit
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
        self.handlePath = handlePath
        limit = Timeout(milliseconds: Int((timeLimit * 1000).rounded())) { [weak self] in self?.timedOut() }
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
        var children: [OpaquePointer?] = [g_variant_new_string(parent.handle)] + arguments() + [options]
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

    /// No answer in time: the portal is told to close the request (its dialog goes), and the
    /// caller hears `timedOut`; a late `Response` is no longer listened to.
    private func timedOut() {
        limit = nil
        if let connection, let handlePath {
            g_dbus_connection_call(
                connection, Self.busName, handlePath, "org.freedesktop.portal.Request", "Close", nil, nil,
                G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, nil, nil, nil)
        }
        finish(.timedOut)
    }

    private func finish(_ reply: Reply) {
        limit?.cancel()
        limit = nil
        parent.release()
        parent = .none
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
