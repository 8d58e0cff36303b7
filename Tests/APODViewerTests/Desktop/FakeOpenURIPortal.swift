import CGtk
import Foundation

/// A stand-in for xdg-desktop-portal's OpenURI interface on the test's private session bus:
/// records each OpenFile call (its options and the bytes behind the passed descriptor) and
/// answers with `responseCode`, as the real portal does once the user picked an application.
@MainActor
final class FakeOpenURIPortal: FakePortal {
    struct Call {
        var options: [String: String]
        var fileBytes: Data
    }

    private(set) var calls: [Call] = []

    init?() {
        super.init(interface: "org.freedesktop.portal.OpenURI", method: "OpenFile", arguments: ["h"], ownsDesktopName: true)
    }

    override func handle(_ call: MethodCall) {
        let options = call.dictionary(at: 2)
        let handleArgument = g_variant_get_child_value(call.parameters, 1)!
        let handleIndex = g_variant_get_handle(handleArgument)
        g_variant_unref(handleArgument)
        var bytes = Data()
        let fdList = g_dbus_message_get_unix_fd_list(g_dbus_method_invocation_get_message(call.invocation))
        let fd = g_unix_fd_list_get(fdList, handleIndex, nil)
        if fd >= 0 {
            bytes = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
        }
        calls.append(Call(options: options.printed, fileBytes: bytes))
        answer(call, options: options)
    }
}
