import CGtk

/// xdg-desktop-portal's Background interface for the tests: it registers beside the
/// `FakeWallpaperPortal` (which owns `org.freedesktop.portal.Desktop` on the same shared
/// connection), records each RequestBackground and answers with `responseCode` and
/// `autostart` in the `Response` signal, as the real portal does.
@MainActor
final class FakeBackgroundPortal: FakePortal {
    struct Call {
        var autostart: Bool
        var commandLine: [String]
    }

    private(set) var calls: [Call] = []

    init?() {
        super.init(
            interface: "org.freedesktop.portal.Background", method: "RequestBackground", arguments: [],
            ownsDesktopName: false)
    }

    override func handle(_ request: MethodCall) {
        let options = request.dictionary(at: 1)
        let call = Call(
            autostart: options.bool("autostart") ?? false, commandLine: options.strings("commandline") ?? [])
        calls.append(call)
        answer(
            request, options: options,
            results: [
                "background": g_variant_new_boolean(1),
                "autostart": g_variant_new_boolean(call.autostart ? 1 : 0),
            ])
    }
}
