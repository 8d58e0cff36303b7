import CAdw
import CGtk
import GtkKit

/// Quick feedback floating at the bottom of a window's content ("Link copied"), GNOME's toasts
/// (AdwToastOverlay, AdwToast): one at a time, hidden after `visibleSeconds` or by its close
/// button, optionally with one action button (Open Folder). A new toast replaces the one shown
/// rather than queueing behind it: feedback is about the last thing done.
///
/// The text is a label with the accessible role ALERT, so screen readers announce it.
@MainActor
public final class ToastOverlay: Widget {
    /// How long a toast stays (libadwaita's default, as in GNOME's apps).
    public static let visibleSeconds = 5

    private var current: Toast?

    public init(child: Widget) {
        super.init(adw_toast_overlay_new())
        adw_toast_overlay_set_child(cast(), child.widgetPointer)
    }

    /// Shows `text`, with a button labelled `buttonLabel` (mnemonic) running `action` when both
    /// are given; the button also hides the toast.
    public func show(_ text: String, buttonLabel: String? = nil, action: (@MainActor () -> Void)? = nil) {
        dismiss()
        let toast = Toast(text: text, buttonLabel: action == nil ? nil : buttonLabel, action: action)
        toast.onDismissed = { [weak self, weak toast] in
            if let toast, self?.current === toast { self?.current = nil }
        }
        current = toast
        // The overlay takes a reference of its own (transfer full); the Swift toast keeps one.
        g_object_ref(UnsafeMutableRawPointer(toast.pointer))
        adw_toast_overlay_add_toast(cast(), toast.pointer)
    }

    /// Hides the toast shown, if any.
    public func dismiss() {
        current?.dismiss()
        current = nil
    }

    /// The toast's text while one is shown.
    public var text: String? { current?.text }
    public var isShown: Bool { current != nil }
    /// The action button's label while a toast offers one.
    public var buttonLabel: String? { current?.buttonLabel }
    /// The shown toast's text label (what screen readers read, and what tests render).
    public var textLabel: Label? { current?.label }

    /// Presses the shown toast's button as a user would: its `button-clicked` signal, then
    /// the toast goes, as libadwaita's button does.
    public func pressButton() {
        guard let toast = current, toast.buttonLabel != nil else { return }
        toast.emitButtonClicked()
        if current === toast { dismiss() }
    }
}

/// One AdwToast and what the app knows about it.
@MainActor
private final class Toast {
    let text: String
    let buttonLabel: String?
    let label: Label
    let pointer: OpaquePointer
    private let reference: ObjectReference
    var onDismissed: (@MainActor () -> Void)?

    init(text: String, buttonLabel: String?, action: (@MainActor () -> Void)?) {
        self.text = text
        self.buttonLabel = buttonLabel
        pointer = adw_toast_new(Markup.escape(text))
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(pointer))
        label = Label(alert: text)
        label.enableWrapping()
        // Short notices stay on one line; long ones wrap at about 40 characters.
        label.setWidthChars(min(text.count, 40))
        label.setMaxWidthChars(50)
        adw_toast_set_custom_title(pointer, label.widgetPointer)
        adw_toast_set_timeout(pointer, guint(ToastOverlay.visibleSeconds))
        if let buttonLabel {
            adw_toast_set_button_label(pointer, buttonLabel)
            Signal.connect(UnsafeMutableRawPointer(pointer), "button-clicked") { action?() }
        }
        Signal.connect(UnsafeMutableRawPointer(pointer), "dismissed") { [weak self] in self?.onDismissed?() }
    }

    func dismiss() { adw_toast_dismiss(pointer) }

    func emitButtonClicked() {
        var instance = GValue()
        g_value_init(&instance, adw_toast_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(pointer))
        g_signal_emitv(&instance, g_signal_lookup("button-clicked", adw_toast_get_type()), 0, nil)
        g_value_unset(&instance)
    }
}
