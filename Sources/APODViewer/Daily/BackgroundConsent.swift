import APODCore
import AdwKit
import Foundation
import GtkKit

/// Asks before APOD Viewer stays: turning a daily option on means running after the last
/// window closes and starting at login, which the user must agree to first.
///
/// The desktop asks through the Background portal (its own question, for a sandboxed app).
/// When there is no portal, or it lets the app run but will not start it at login (an
/// unsandboxed app on GNOME: nobody was asked), the app says what it will do, a login item at
/// `~/.config/autostart/…`, in a message dialog, and writes that file only when the user
/// accepts. A refusal from either leaves everything as it was, with a reason to show.
@MainActor
final class BackgroundConsent {
    enum Answer: Equatable {
        case granted
        /// Nothing was turned on; why, for the user.
        case refused(String)
    }

    static let allowResponse = "allow"
    static let cancelResponse = "cancel"

    let autostart: Autostart
    /// The app's own question, while it is open.
    private(set) var question: MessageDialog?

    init(autostart: Autostart) {
        self.autostart = autostart
    }

    /// Asks the desktop, then the user when the desktop does not start the app at login.
    /// - Parameter parent: the window the app's own question is modal to.
    func ask(over parent: Window, then answer: @escaping @MainActor (Answer) -> Void) {
        BackgroundPortal.request(
            autostart: true, commandLine: Autostart.commandLine,
            reason: tr("Look for each new Astronomy Picture of the Day, also after you log in.")
        ) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .granted(autostart: true):
                self.autostart.removeFile()
                answer(.granted)
            case .denied:
                answer(
                    .refused(
                        tr(
                            "The desktop did not allow APOD Viewer to run in the background, so the option stays off. It can be allowed in the system's settings (Apps → APOD Viewer)."
                        )))
            case .granted(autostart: false), .noPortal:
                self.askForLoginItem(over: parent, then: answer)
            }
        }
    }

    private func askForLoginItem(over parent: Window, then answer: @escaping @MainActor (Answer) -> Void) {
        let dialog = MessageDialog(
            parent: parent, heading: tr("Keep Running in the Background?"),
            body: tr(
                "To look for each new picture, APOD Viewer will keep running after its last window closes and add a login item to {folder}, so it also starts when you log in. Turning the daily options off removes it.",
                ["folder": autostart.displayFolder()]))
        dialog.addResponse(Self.cancelResponse, label: tr("_Cancel"))
        dialog.addResponse(Self.allowResponse, label: tr("_Add Login Item"), appearance: .suggested)
        dialog.setDefaultResponse(Self.allowResponse)
        dialog.setCloseResponse(Self.cancelResponse)
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            self.question = nil
            guard response == Self.allowResponse else {
                answer(.refused(tr("Nothing was added: APOD Viewer quits when its last window closes.")))
                return
            }
            if let problem = self.autostart.writeFile() {
                answer(.refused(problem))
            } else {
                answer(.granted)
            }
        }
        question = dialog
        dialog.present()
    }

    /// The options are off again: no more starting at login.
    func withdraw() {
        autostart.withdraw()
    }
}
