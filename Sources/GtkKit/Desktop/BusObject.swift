import CGtk
import Foundation
import Synchronization

/// One object this process serves on the session bus, with one interface described by its
/// introspection XML: each incoming call goes to `handler` on the main thread, which answers it
/// there or from any thread later (`BusMethodCall.reply` is thread-safe), so a call that reads
/// a database answers from the background. Registering on the connection GApplication uses
/// (the shared session connection) before the application takes its name means a caller that
/// started the app by D-Bus activation never finds the object missing.
@MainActor
public final class BusObject {
    private let connection: OpaquePointer
    private var registration: guint = 0

    /// Nil without a session bus, or when the object could not be registered (the path is
    /// taken, the XML does not describe `interface`).
    public init?(
        path: String, interface: String, introspection: String,
        handler: @escaping @MainActor (BusMethodCall) -> Void
    ) {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil)
        else { return nil }
        self.connection = connection
        guard let node = g_dbus_node_info_new_for_xml(introspection, nil) else {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return nil
        }
        defer { g_dbus_node_info_unref(node) }
        // GLib copies the vtable; the handler box lives until the object is unregistered.
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
            let box = Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue()
            let call = BusMethodCall(method: String(cString: method!), parameters: parameters!, invocation: invocation!)
            MainActor.assumeIsolated { box.handler(call) }
        }
        registration = g_dbus_connection_register_object(
            connection, path, g_dbus_node_info_lookup_interface(node, interface), &vtable,
            Unmanaged.passRetained(HandlerBox(handler)).toOpaque(),
            { Unmanaged<HandlerBox>.fromOpaque($0!).release() }, nil)
        guard registration != 0 else {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return nil
        }
    }

    /// Takes the object off the bus; calls already handed to the handler can still be answered.
    public func unregister() {
        guard registration != 0 else { return }
        g_dbus_connection_unregister_object(connection, registration)
        registration = 0
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}

/// Calling another peer's method and waiting for the answer, for tools such as the bench: it
/// blocks, so never on the main thread of a process whose own objects must answer meanwhile.
public enum BusCall {
    /// Calls a method taking one `as` argument and answering `(as)`; nil on any error or time-out.
    public static func strings(
        destination: String, path: String, interface: String, method: String,
        _ argument: [String], timeoutMilliseconds: Int32 = 5000
    ) -> [String]? {
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let replyType = g_variant_type_new("(as)")
        defer { g_variant_type_free(replyType) }
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, destination, path, interface, method,
                BusReply.strings(argument).makeVariant(), replyType,
                G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil, &error)
        else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_variant_unref(reply) }
        return stringArray(at: 0, in: reply)
    }
}

/// The `as` at `index` of `tuple`.
private func stringArray(at index: Int, in tuple: OpaquePointer, limit: Int = Int.max) -> [String] {
    let list = g_variant_get_child_value(tuple, gsize(index))!
    defer { g_variant_unref(list) }
    return (0..<min(limit, Int(g_variant_n_children(list)))).map { item in
        let value = g_variant_get_child_value(list, gsize(item))!
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}

private final class HandlerBox {
    let handler: @MainActor (BusMethodCall) -> Void
    init(_ handler: @escaping @MainActor (BusMethodCall) -> Void) { self.handler = handler }
}

/// One incoming method call. It must be answered once; one dropped unanswered answers the
/// caller with an error rather than leaving it waiting for its time-out.
///
/// Unchecked because it holds GLib pointers: the parameters are an immutable GVariant, and the
/// invocation is handed out once (`answered`), after which only GDBus touches it.
public final class BusMethodCall: @unchecked Sendable {
    public let method: String
    /// The arguments' tuple; GVariants are immutable, so reading them from any thread is safe.
    private let parameters: OpaquePointer
    private let invocation: OpaquePointer
    private let answered = Mutex(false)

    init(method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        self.method = method
        self.parameters = g_variant_ref(parameters)
        self.invocation = invocation
    }

    deinit {
        fail("org.freedesktop.DBus.Error.Failed", "the call was not answered")
        g_variant_unref(parameters)
    }

    /// The string argument at `index`.
    public func string(at index: Int) -> String {
        let child = g_variant_get_child_value(parameters, gsize(index))!
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// The `as` argument at `index`: its first `limit` strings (a caller may send a million).
    public func strings(at index: Int, limit: Int = Int.max) -> [String] {
        stringArray(at: index, in: parameters, limit: limit)
    }

    /// Answers with `reply`; later answers are ignored.
    public func reply(_ reply: BusReply) {
        guard let invocation = take() else { return }
        g_dbus_method_invocation_return_value(invocation, reply.makeVariant())
    }

    /// Answers with the D-Bus error `name`.
    public func fail(_ name: String, _ message: String) {
        guard let invocation = take() else { return }
        g_dbus_method_invocation_return_dbus_error(invocation, name, message)
    }

    private func take() -> OpaquePointer? {
        let first = answered.withLock { answered in
            defer { answered = true }
            return !answered
        }
        return first ? invocation : nil
    }
}

/// What a method returns, built into a GVariant tuple only when it is sent.
public enum BusReply: Sendable {
    /// `()`
    case nothing
    /// `(as)`
    case strings([String])
    /// `(aa{sv})`, each dictionary's values strings or icons.
    case dictionaries([[String: BusValue]])

    /// A new floating tuple.
    func makeVariant() -> OpaquePointer {
        switch self {
        case .nothing:
            return g_variant_new_tuple(nil, 0)
        case .strings(let strings):
            var child: OpaquePointer? = Self.stringArray(strings)
            return g_variant_new_tuple(&child, 1)
        case .dictionaries(let dictionaries):
            let entryType = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(entryType) }
            var items: [OpaquePointer?] = dictionaries.map(Self.dictionary)
            var child: OpaquePointer? = g_variant_new_array(entryType, &items, gsize(items.count))
            return g_variant_new_tuple(&child, 1)
        }
    }

    private static func stringArray(_ strings: [String]) -> OpaquePointer {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_variant_new_strv($0, -1)
            }
        }
    }

    private static func dictionary(_ values: [String: BusValue]) -> OpaquePointer? {
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)
        defer { g_variant_builder_unref(builder) }
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let variant = value.makeVariant() else { continue }
            g_variant_builder_add_value(
                builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(variant)))
            g_variant_unref(variant)
        }
        return g_variant_builder_end(builder)
    }
}

/// A value of an `a{sv}` dictionary in a reply.
public enum BusValue: Sendable {
    case string(String)
    /// An icon made of an encoded picture (PNG, JPEG), sent as `g_icon_serialize` writes a
    /// GBytesIcon, which GNOME Shell turns back into an icon.
    case iconBytes(Data)

    /// A new variant with a full reference (not floating), or nil when it cannot be made.
    func makeVariant() -> OpaquePointer? {
        switch self {
        case .string(let text):
            return g_variant_ref_sink(g_variant_new_string(text))
        case .iconBytes(let data):
            let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(bytes) }
            guard let icon = g_bytes_icon_new(bytes) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            return g_icon_serialize(icon)
        }
    }
}
