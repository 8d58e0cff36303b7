import CGtk

/// xdg-desktop-portal's FileChooser interface for the tests: it owns
/// `org.freedesktop.portal.Desktop`, records each SaveFile request (title, parent window and
/// options) and keeps it open, as the real portal keeps its dialog open, until the test answers
/// it as the user would by choosing a file.
@MainActor
final class FakeFileChooserPortal: FakePortal {
    struct Call {
        var parentWindow: String
        var title: String
        var options: VariantDictionary
    }

    private(set) var calls: [Call] = []
    /// The request of the last call, until it is answered.
    private var open: Request?

    /// Nil when the process has no session bus to publish on.
    init?() {
        super.init(
            interface: "org.freedesktop.portal.FileChooser", method: "SaveFile", arguments: ["s"], ownsDesktopName: true
        )
    }

    /// Whether a dialog is open, waiting for the user.
    var isOpen: Bool { open != nil }

    /// The user accepts `path` (a `file://` URI in the portal's answer).
    func choose(_ path: String) {
        guard let request = open else { return }
        open = nil
        let uri = g_filename_to_uri(path, nil, nil)!
        defer { g_free(uri) }
        respond(to: request, results: ["uris": Self.stringArray([String(cString: uri)])])
    }

    override func handle(_ call: MethodCall) {
        let options = call.dictionary(at: 2)
        calls.append(Call(parentWindow: call.string(at: 0), title: call.string(at: 1), options: options))
        open = returnHandle(call, options: options)
    }
}
