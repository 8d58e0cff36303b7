import CGtk
import Foundation

/// One interface of xdg-desktop-portal faked at the portal's object path on the test's private
/// session bus. A request method answers as the real portal does: at once with its request
/// handle, then (at once or when the test says) with the `Response` signal on that handle,
/// carrying `responseCode` and the results.
@MainActor
class FakePortal: FakeBusObject {
    /// A request that has its handle and waits for its `Response`.
    struct Request {
        let sender: String
        let handle: String
    }

    /// The code the next `Response` carries: 0 done, 1 cancelled by the user, 2 refused.
    var responseCode: UInt32 = 0
    /// As the real portal when GNOME Shell's access dialog is answered after ~25 s: the request
    /// gets its handle and never a `Response`; only `Close` on the handle ends it.
    var neverAnswers = false
    /// The handles of requests the caller closed (`org.freedesktop.portal.Request.Close`).
    private(set) var closedRequests: [String] = []
    private var openRequests: [FakePortalRequest] = []

    /// A portal request method takes the parent window, its own arguments and an options
    /// dictionary, and returns the request's handle.
    /// - Parameters:
    ///   - interface: the portal interface, `org.freedesktop.portal.Wallpaper` say.
    ///   - method: the one method faked, `SetWallpaperFile` say.
    ///   - arguments: the D-Bus types of the arguments between the parent window and the options.
    ///   - ownsDesktopName: whether this fake takes `org.freedesktop.portal.Desktop`; a fake
    ///     that does not registers beside one that does, on the same shared connection.
    init?(interface: String, method: String, arguments: [String], ownsDesktopName: Bool) {
        let inputs = (["s"] + arguments + ["a{sv}"]).map { "<arg type=\"\($0)\" direction=\"in\"/>" }.joined()
        let methods = "<method name=\"\(method)\">\(inputs)<arg type=\"o\" direction=\"out\"/></method>"
        super.init(
            path: "/org/freedesktop/portal/desktop", interface: interface,
            introspection: "<node><interface name=\"\(interface)\">\(methods)</interface></node>",
            name: ownsDesktopName ? "org.freedesktop.portal.Desktop" : nil)
    }

    /// Replies to `call` with its request handle: the documented path made of the caller's
    /// unique name and the `handle_token` option.
    func returnHandle(_ call: MethodCall, options: VariantDictionary) -> Request {
        let name = call.sender.dropFirst().replacingOccurrences(of: ".", with: "_")
        let handle = "/org/freedesktop/portal/desktop/request/\(name)/\(options.string("handle_token") ?? "t")"
        var reply: [OpaquePointer?] = [g_variant_new_object_path(handle)]
        g_dbus_method_invocation_return_value(call.invocation, g_variant_new_tuple(&reply, 1))
        return Request(sender: call.sender, handle: handle)
    }

    /// Ends `request` with the `Response` signal: `responseCode` and `results` (each value a
    /// new, floating GVariant).
    func respond(to request: Request, results: [String: OpaquePointer] = [:]) {
        let dictionaryType = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_type_free(dictionaryType)
        for (key, value) in results {
            g_variant_builder_add_value(
                builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        var response: [OpaquePointer?] = [g_variant_new_uint32(responseCode), g_variant_builder_end(builder)]
        g_variant_builder_unref(builder)
        g_dbus_connection_emit_signal(
            connection, request.sender, request.handle, "org.freedesktop.portal.Request", "Response",
            g_variant_new_tuple(&response, 2), nil)
    }

    /// The bytes of the file passed as the handle argument at `index` of `call` (empty when
    /// none came with it).
    func passedFileBytes(_ call: MethodCall, argument index: Int) -> Data {
        let handleArgument = g_variant_get_child_value(call.parameters, gsize(index))!
        let handleIndex = g_variant_get_handle(handleArgument)
        g_variant_unref(handleArgument)
        let fdList = g_dbus_message_get_unix_fd_list(g_dbus_method_invocation_get_message(call.invocation))
        let fd = g_unix_fd_list_get(fdList, handleIndex, nil)
        guard fd >= 0 else { return Data() }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
    }

    /// Answers `call` completely at once, as a portal that needs no user does; with
    /// `neverAnswers`, publishes the request object and waits for its `Close`.
    func answer(_ call: MethodCall, options: VariantDictionary, results: [String: OpaquePointer] = [:]) {
        let request = returnHandle(call, options: options)
        guard neverAnswers else { return respond(to: request, results: results) }
        results.values.forEach { g_variant_unref(g_variant_ref_sink($0)) }
        guard let object = FakePortalRequest(handle: request.handle) else { return }
        object.onClose = { [weak self, weak object] in
            self?.closedRequests.append(request.handle)
            object?.unpublish()
            self?.openRequests.removeAll { $0 === object }
        }
        object.publish()
        openRequests.append(object)
    }

    override func unpublish() {
        openRequests.forEach { $0.unpublish() }
        openRequests = []
        super.unpublish()
    }
}

/// A portal request's object (`org.freedesktop.portal.Request` at its handle) for a request
/// that is never answered: it records `Close`, as the real one ends then.
@MainActor
final class FakePortalRequest: FakeBusObject {
    var onClose: (@MainActor () -> Void)?

    init?(handle: String) {
        let interface = "org.freedesktop.portal.Request"
        super.init(
            path: handle, interface: interface,
            introspection: "<node><interface name=\"\(interface)\"><method name=\"Close\"/></interface></node>")
    }

    override func handle(_ call: MethodCall) {
        guard call.method == "Close" else { return super.handle(call) }
        g_dbus_method_invocation_return_value(call.invocation, nil)
        let onClose = self.onClose
        self.onClose = nil
        onClose?()
    }
}
