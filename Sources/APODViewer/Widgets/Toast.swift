import APODCore
import GtkKit

/// A short notice floating at the bottom of a window ("Link copied"), GNOME's toast built from
/// GTK 4.8 parts: a GtkRevealer over the content (the window's `Overlay`), in the theme's
/// `app-notification` bubble. It hides itself after a few seconds and may offer one action
/// (Open Folder, Undo). A new notice replaces the one shown.
@MainActor
final class Toast {
    /// How long a notice stays, as GNOME's toasts do.
    static let visibleMilliseconds = 5000

    let root: Revealer
    let label = Label()
    let actionButton = Button(label: "")
    private let closeButton = Button(iconName: "window-close-symbolic", tooltip: tr("Dismiss"))
    private var action: (@MainActor () -> Void)?
    private var timer: RepeatingTimer?

    /// The dark rounded box that holds the text and buttons.
    let bubble = Box(.horizontal, spacing: 12)

    init() {
        bubble.addCSSClass("app-notification")
        label.enableWrapping()
        label.setMaxWidthChars(50)
        label.verticalAlign = .center
        bubble.append(label)
        actionButton.verticalAlign = .center
        bubble.append(actionButton)
        closeButton.addCSSClass("flat")
        closeButton.addCSSClass("circular")
        closeButton.verticalAlign = .center
        bubble.append(closeButton)
        root = Revealer(child: bubble)
        root.horizontalAlign = .center
        root.verticalAlign = .end
        root.setMargins(top: 0, bottom: 18, start: 12, end: 12)
        actionButton.onClicked { [weak self] in
            let action = self?.action
            self?.dismiss()
            action?()
        }
        closeButton.onClicked { [weak self] in self?.dismiss() }
        root.isVisible = false
    }

    /// The notice on screen, or nil.
    var text: String? { isShown ? label.text : nil }
    var isShown: Bool { root.revealsChild }
    /// The action button's label while one is offered.
    var actionLabel: String? { isShown && actionButton.isVisible ? actionButton.label : nil }

    /// Shows `text` for a few seconds, with a button running `action` when `actionLabel` is given.
    func show(_ text: String, actionLabel: String? = nil, action: (@MainActor () -> Void)? = nil) {
        label.text = text
        // Short notices stay on one line; long ones wrap at about 40 characters.
        label.setWidthChars(min(text.count, 40))
        self.action = action
        actionButton.label = actionLabel ?? ""
        actionButton.isVisible = actionLabel != nil && action != nil
        root.isVisible = true
        root.revealsChild = true
        timer?.stop()
        timer = RepeatingTimer(milliseconds: Self.visibleMilliseconds) { [weak self] in self?.dismiss() }
    }

    /// Runs the notice's action as its button would (tests, keyboard).
    func triggerAction() {
        if actionButton.isVisible, isShown { actionButton.activate() }
    }

    func dismiss() {
        timer?.stop()
        timer = nil
        action = nil
        root.revealsChild = false
    }
}

extension Window {
    /// Puts `content` under a toast layer and makes that the window's child.
    func setChild(_ content: Widget, toast: Toast) {
        let layer = Overlay(child: content)
        layer.addOverlay(toast.root)
        setChild(layer)
    }
}
