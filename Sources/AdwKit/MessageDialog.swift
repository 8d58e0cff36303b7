import CAdw
import CGtk
import GtkKit

/// A question to the user before something that cannot be undone (AdwMessageDialog): a
/// heading, a body and a row of responses, modal over its window. It closes itself once
/// answered (or dismissed with Escape, which answers `closeResponse`).
@MainActor
public final class MessageDialog {
    public enum Appearance: Sendable {
        case `default`, suggested, destructive

        var adwaita: AdwResponseAppearance {
            switch self {
            case .default: return ADW_RESPONSE_DEFAULT
            case .suggested: return ADW_RESPONSE_SUGGESTED
            case .destructive: return ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    public let window: Window
    public let heading: String
    public let body: String
    public private(set) var responses: [String] = []

    public init(parent: Window, heading: String, body: String) {
        self.heading = heading
        self.body = body
        let dialog = adw_message_dialog_new(parent.cast(), nil, nil)!
        window = Window(adopting: dialog, application: nil)
        adw_message_dialog_set_heading(window.cast(), heading)
        adw_message_dialog_set_body(window.cast(), body)
    }

    /// Adds a button answering `id`; its label may have a mnemonic.
    public func addResponse(_ id: String, label: String, appearance: Appearance = .default) {
        adw_message_dialog_add_response(window.cast(), id, label)
        adw_message_dialog_set_response_appearance(window.cast(), id, appearance.adwaita)
        responses.append(id)
    }

    /// What Enter answers.
    public func setDefaultResponse(_ id: String) { adw_message_dialog_set_default_response(window.cast(), id) }

    /// What Escape (or closing the dialog) answers.
    public func setCloseResponse(_ id: String) { adw_message_dialog_set_close_response(window.cast(), id) }

    /// Called with the id of the answer.
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(window.widgetPointer), "response") { response in
            handler(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
        }
    }

    public func present() { window.present() }

    /// Answers as a user pressing that button would (tests): the answer, then the dialog goes,
    /// as libadwaita closes it after a button's response (`adw_message_dialog_response` alone
    /// leaves it open; destroyed rather than closed, which would answer `closeResponse` again).
    public func respond(_ id: String) {
        adw_message_dialog_response(window.cast(), id)
        if !window.isDestroyed { gtk_window_destroy(window.cast()) }
    }
}
