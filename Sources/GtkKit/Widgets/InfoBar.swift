import CGtk

/// A coloured strip at the top of a window for errors or notices, with an icon and at most one
/// action button. The kind sets GTK's message type, which gives the strip its `error`,
/// `warning` or `info` style class; libadwaita tints each from its named colours (error,
/// warning, accent), so they stay apart and readable in dark and high-contrast styles too.
/// It has the accessible role ALERT (GTK 4.8 gives info bars none), named by its text, so
/// screen readers announce it.
@MainActor
public final class InfoBar: Widget {
    public enum Kind: Sendable {
        /// Something failed.
        case error
        /// Worth knowing before going on (a request that could not be taken as asked).
        case warning
        /// A state the user should know about (working offline).
        case info

        var gtk: GtkMessageType {
            switch self {
            case .error: return GTK_MESSAGE_ERROR
            case .warning: return GTK_MESSAGE_WARNING
            case .info: return GTK_MESSAGE_INFO
            }
        }

        var iconName: String {
            switch self {
            case .error: return "dialog-error-symbolic"
            case .warning: return "dialog-warning-symbolic"
            case .info: return "dialog-information-symbolic"
            }
        }
    }

    public let label = Label()
    public let icon: Image

    /// - Parameter actionLabel: the button's label (mnemonic); nil for a strip without one.
    public init(actionLabel: String?, kind: Kind = .error) {
        icon = Image(iconName: kind.iconName)
        self.kind = kind
        super.init(apod_widget_new_with_role(gtk_info_bar_get_type(), GTK_ACCESSIBLE_ROLE_ALERT))
        apply(kind)
        icon.verticalAlign = .center
        icon.setMargins(top: 0, bottom: 0, start: 0, end: 8)
        label.enableWrapping()
        label.setTextAlignment(0)
        label.horizontalExpand = true
        label.isSelectable = true
        gtk_info_bar_add_child(cast(), icon.widgetPointer)
        gtk_info_bar_add_child(cast(), label.widgetPointer)
        if let actionLabel {
            actionButton = gtk_info_bar_add_button(cast(), actionLabel, GTK_RESPONSE_ACCEPT.rawValue)
            actionButton.map {
                apod_accessible_set_label($0, Button.spoken(actionLabel))
                apod_accessible_reset_labelled_by($0)
            }
        }
        isVisible = false
    }

    /// What the strip says; also its accessible name.
    public var text: String {
        get { label.text }
        set {
            label.text = newValue
            setAccessibleLabel(newValue)
        }
    }

    private var actionButton: UnsafeMutablePointer<GtkWidget>?

    /// What the strip says: its colour and icon follow.
    public var kind: Kind {
        didSet { apply(kind) }
    }

    private func apply(_ kind: Kind) {
        gtk_info_bar_set_message_type(cast(), kind.gtk)
        icon.iconName = kind.iconName
    }

    /// The action button's label (mnemonic); nil for a strip without one.
    public var actionLabel: String? {
        get {
            actionButton.flatMap { gtk_button_get_label(UnsafeMutablePointer<GtkButton>(OpaquePointer($0))) }
                .map { String(cString: $0) }
        }
        set {
            guard let actionButton, let newValue else { return }
            gtk_button_set_label(UnsafeMutablePointer<GtkButton>(OpaquePointer(actionButton)), newValue)
            apod_accessible_set_label(actionButton, Button.spoken(newValue))
        }
    }

    /// Whether the action button is offered (a retry makes no sense for every failure).
    public var showsAction: Bool {
        get { actionButton.map { gtk_widget_get_visible($0) != 0 } ?? false }
        set { if let actionButton { gtk_widget_set_visible(actionButton, newValue ? 1 : 0) } }
    }

    /// The action button was pressed.
    public func onAction(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectInt(UnsafeMutableRawPointer(widgetPointer), "response") { response in
            if response == GTK_RESPONSE_ACCEPT.rawValue { handler() }
        }
    }

    /// Presses the action button as a user would (tests).
    public func triggerAction() {
        gtk_info_bar_response(cast(), GTK_RESPONSE_ACCEPT.rawValue)
    }
}

extension InfoBar {
    /// Adds a close button that hides the strip (for messages the user may want out of the way).
    public func allowDismissing(closeLabel: String) {
        gtk_info_bar_set_show_close_button(cast(), 1)
        // The close button GTK adds shows only an icon: name it.
        descendants(ofType: gtk_button_get_type()).last.map { apod_accessible_set_label($0, closeLabel) }
        Signal.connectInt(UnsafeMutableRawPointer(widgetPointer), "response") { [weak self] response in
            if response == GTK_RESPONSE_CLOSE.rawValue { self?.isVisible = false }
        }
    }

    public var isDismissible: Bool { gtk_info_bar_get_show_close_button(cast()) != 0 }

    /// Presses the close button as a user would (tests).
    public func dismiss() {
        gtk_info_bar_response(cast(), GTK_RESPONSE_CLOSE.rawValue)
    }
}
