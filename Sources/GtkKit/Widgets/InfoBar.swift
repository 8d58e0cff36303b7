import CGtk

/// A coloured strip at the top of a window for errors or notices, with one action button.
@MainActor
public final class InfoBar: Widget {
    public enum Kind: Sendable {
        /// Red: something failed.
        case error
        /// Neutral: a state the user should know about (working offline).
        case info
    }

    public let label = Label()

    public init(actionLabel: String, kind: Kind = .error) {
        super.init(gtk_info_bar_new())
        gtk_info_bar_set_message_type(cast(), kind == .error ? GTK_MESSAGE_ERROR : GTK_MESSAGE_INFO)
        label.enableWrapping()
        label.setTextAlignment(0)
        label.horizontalExpand = true
        label.isSelectable = true
        gtk_info_bar_add_child(cast(), label.widgetPointer)
        actionButton = gtk_info_bar_add_button(cast(), actionLabel, GTK_RESPONSE_ACCEPT.rawValue)
        isVisible = false
    }

    private var actionButton: UnsafeMutablePointer<GtkWidget>?

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
