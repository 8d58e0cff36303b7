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
        super.init(
            interface: "org.freedesktop.portal.OpenURI", method: "OpenFile", arguments: ["h"], ownsDesktopName: true)
    }

    override func handle(_ call: MethodCall) {
        let options = call.dictionary(at: 2)
        calls.append(Call(options: options.printed, fileBytes: passedFileBytes(call, argument: 1)))
        answer(call, options: options)
    }
}
