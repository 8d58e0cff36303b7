import CGtk
import Foundation

/// A stand-in for xdg-desktop-portal's Wallpaper interface on the test's private session bus
/// (`dbus-run-session`): it owns `org.freedesktop.portal.Desktop`, records each
/// SetWallpaperFile call (options and the bytes behind the passed descriptor) and answers with
/// `responseCode`, as the real portal does.
@MainActor
final class FakeWallpaperPortal: FakePortal {
    struct Call {
        var parentWindow: String
        var options: [String: String]
        var fileBytes: Data
    }

    private(set) var calls: [Call] = []

    /// Nil when the process has no session bus to publish on.
    init?() {
        super.init(
            interface: "org.freedesktop.portal.Wallpaper", method: "SetWallpaperFile", arguments: ["h"],
            ownsDesktopName: true)
    }

    override func handle(_ call: MethodCall) {
        let options = call.dictionary(at: 2)
        calls.append(
            Call(
                parentWindow: call.string(at: 0), options: options.printed,
                fileBytes: passedFileBytes(call, argument: 1)))
        answer(call, options: options)
    }
}
