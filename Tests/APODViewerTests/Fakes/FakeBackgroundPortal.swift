import CGtk
import Foundation

/// xdg-desktop-portal's Background interface for the tests: it registers beside the
/// `FakeWallpaperPortal` (which owns `org.freedesktop.portal.Desktop` on the same shared
/// connection) and records each RequestBackground. It answers as portal 1.16 does
/// (`../shared/notes/gnome-desktop.md`): for an unsandboxed caller it grants in code, asking
/// nobody (`responseCode` is ignored), and writes or removes the nameless
/// `<autostart folder>/.desktop`; for a sandboxed one (`callerIsSandboxed`) the user's answer is
/// `responseCode`.
@MainActor
final class FakeBackgroundPortal: FakePortal {
    struct Call {
        var parentWindow: String
        var autostart: Bool
        var commandLine: [String]
    }

    private(set) var calls: [Call] = []
    /// Where the portal writes its login item: the XDG autostart folder of the user.
    var autostartFolder: URL?
    var callerIsSandboxed = false

    init?() {
        super.init(
            interface: "org.freedesktop.portal.Background", method: "RequestBackground", arguments: [],
            ownsDesktopName: false)
    }

    override func handle(_ request: MethodCall) {
        let options = request.dictionary(at: 1)
        let call = Call(
            parentWindow: request.string(at: 0), autostart: options.bool("autostart") ?? false,
            commandLine: options.strings("commandline") ?? [])
        calls.append(call)
        guard !callerIsSandboxed else {
            let granted = responseCode == 0
            return answer(
                request, options: options,
                results: [
                    "background": g_variant_new_boolean(granted ? 1 : 0),
                    "autostart": g_variant_new_boolean(granted && call.autostart ? 1 : 0),
                ])
        }
        if let autostartFolder { Self.writeNamelessItem(in: autostartFolder, call: call) }
        let code = responseCode
        responseCode = 0
        answer(
            request, options: options,
            results: [
                "background": g_variant_new_boolean(1),
                "autostart": g_variant_new_boolean(call.autostart ? 1 : 0),
            ])
        responseCode = code
    }

    /// The file portal 1.16 writes for app ID "": named from the empty ID, an empty `Name=`.
    static func writeNamelessItem(in folder: URL, call: Call) {
        let file = folder.appendingPathComponent(".desktop")
        guard call.autostart else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = """
            [Desktop Entry]
            Type=Application
            Name=
            Exec=\(call.commandLine.joined(separator: " "))
            X-XDP-Autostart=

            """
        try? Data(text.utf8).write(to: file)
    }
}
