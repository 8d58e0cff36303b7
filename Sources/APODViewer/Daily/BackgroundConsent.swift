import APODCore
import AdwKit
import Foundation
import GtkKit

/// Asks before APOD Viewer stays: turning a daily option on means running after the last
/// window closes and starting at login, which the user must agree to first.
///
/// Outside a sandbox the desktop's answer is no consent (xdg-desktop-portal grants an
/// unsandboxed app in code and writes a nameless `~/.config/autostart/.desktop`), so the app
/// never asks the Background portal: it says what it will do, a login item at
/// `~/.config/autostart/…`, in its own message dialog and writes that file only when the user
/// accepts, removing a nameless one an earlier version caused. In a sandbox the portal asks the
/// user and its answer stands; with no portal there, the app asks as outside. A refusal, or a
/// desktop that does not answer within `PortalRequest.timeLimit`, leaves everything as it was,
/// with a reason to show.
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
    let sandbox: Sandbox
    /// The app's own question, while it is open.
    private(set) var question: MessageDialog?

    init(autostart: Autostart, sandbox: Sandbox = Sandbox.current) {
        self.autostart = autostart
        self.sandbox = sandbox
    }

    /// Asks the user: through the desktop in a sandbox, else (or without a portal there) with
    /// the app's own question.
    /// - Parameter parent: the window the question (the desktop's or the app's) belongs to.
    func ask(over parent: Window, then answer: @escaping @MainActor (Answer) -> Void) {
        guard sandbox.isSandboxed else { return askForLoginItem(over: parent, then: answer) }
        BackgroundPortal.request(
            autostart: true, commandLine: Autostart.commandLine,
            reason: tr("Look for each new Astronomy Picture of the Day, also after you log in."), parent: parent
        ) { [weak self, weak parent] outcome in
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
            case .timedOut:
                answer(
                    .refused(
                        tr(
                            "The desktop did not answer within {seconds} seconds, so the option stays off. Turn it on again to ask once more.",
                            ["seconds": String(Int(PortalRequest.timeLimit.rounded()))])))
            case .granted(autostart: false), .noPortal:
                guard let parent, !parent.isDestroyed else {
                    return answer(.refused(tr("Nothing was added: APOD Viewer quits when its last window closes.")))
                }
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
                if !self.sandbox.isSandboxed { self.autostart.removePortalItem() }
                answer(.granted)
            }
        }
        question = dialog
        dialog.present()
    }

    /// The options are off again: no more starting at login. Only in a sandbox is the portal
    /// told; outside, its "autostart: false" would remove the nameless login item of every
    /// unsandboxed app, so only one of ours goes.
    func withdraw() {
        if sandbox.isSandboxed {
            autostart.withdrawFromPortal()
        } else {
            autostart.removePortalItem()
        }
        autostart.removeFile()
    }
}
