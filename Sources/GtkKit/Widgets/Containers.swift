import CGtk

/// Stacks widgets on top of a main child (badges, spinners over pictures).
@MainActor
public final class Overlay: Widget {
    public init(child: Widget) {
        super.init(gtk_overlay_new())
        gtk_overlay_set_child(cast(), child.widgetPointer)
    }

    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(cast(), widget.widgetPointer)
    }
}

/// Shows one of several named pages (loading, content, placeholder, error).
@MainActor
public final class Stack: Widget {
    public init() {
        super.init(gtk_stack_new())
        gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    public func addPage(_ child: Widget, name: String) {
        gtk_stack_add_named(cast(), child.widgetPointer, name)
    }

    public var visiblePage: String? {
        get { gtk_stack_get_visible_child_name(cast()).map { String(cString: $0) } }
        set { gtk_stack_set_visible_child_name(cast(), newValue) }
    }
}

/// Scrolls one child; vertical-only by default so text wraps to the window width.
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget, horizontal: Bool = false) {
        super.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(cast(), child.widgetPointer)
        gtk_scrolled_window_set_policy(cast(), horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                       GTK_POLICY_AUTOMATIC)
    }

    /// Whether the child scrolls vertically only (what the detail window promises).
    public var scrollsOnlyVertically: Bool {
        var horizontal = GTK_POLICY_AUTOMATIC, vertical = GTK_POLICY_AUTOMATIC
        gtk_scrolled_window_get_policy(cast(), &horizontal, &vertical)
        return horizontal == GTK_POLICY_NEVER && vertical != GTK_POLICY_NEVER
    }

    /// Whether `widget` is inside this scrolled window.
    public func contains(_ widget: Widget) -> Bool {
        gtk_widget_is_ancestor(widget.widgetPointer, widgetPointer) != 0
    }

    /// Scrolls so that the bottom of the content is visible.
    public func scrollToEnd() {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast())
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    }

    public var verticalScrollRange: (value: Double, upper: Double, pageSize: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast())
        return (gtk_adjustment_get_value(adjustment), gtk_adjustment_get_upper(adjustment),
                gtk_adjustment_get_page_size(adjustment))
    }
}

/// A centred column with an icon, a heading, a message and optional buttons: GNOME's
/// "status page" for empty, loading and error states.
@MainActor
public final class StatusPage: Widget {
    public let icon: Image
    public let heading: Label
    public let message: Label
    private let buttons: Box

    public init(iconName: String, heading: String, message: String = "") {
        let icon = Image(iconName: iconName, pixelSize: 64)
        icon.addCSSClass("dim-label")
        let headingLabel = Label(heading)
        headingLabel.addCSSClass("title-2")
        headingLabel.enableWrapping()
        headingLabel.setTextAlignment(0.5)
        let messageLabel = Label(message)
        messageLabel.enableWrapping()
        messageLabel.setTextAlignment(0.5)
        messageLabel.setMaxWidthChars(60)
        messageLabel.isSelectable = true
        let buttons = Box(.horizontal, spacing: 12)
        buttons.horizontalAlign = .center
        let column = Box(.vertical, spacing: 12)
        column.verticalAlign = .center
        column.horizontalAlign = .center
        column.setMargins(24)
        column.append(icon)
        column.append(headingLabel)
        column.append(messageLabel)
        column.append(buttons)
        self.icon = icon
        self.heading = headingLabel
        self.message = messageLabel
        self.buttons = buttons
        super.init(column.widgetPointer)
    }

    public func addButton(_ button: Button) {
        buttons.append(button)
    }
}
