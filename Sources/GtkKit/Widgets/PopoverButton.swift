import CGtk

/// A button that opens a popover holding any widget (a calendar beside a date field).
@MainActor
public final class PopoverButton: Widget {
    private let popover: UnsafeMutablePointer<GtkWidget>

    public init(iconName: String, tooltip: String, content: Widget) {
        popover = gtk_popover_new()
        super.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(cast(), iconName)
        gtk_popover_set_child(UnsafeMutablePointer(OpaquePointer(popover)), content.widgetPointer)
        gtk_menu_button_set_popover(cast(), popover)
        self.tooltip = tooltip
        nameMenuButton(self, Button.spoken(tooltip: tooltip))
    }

    /// Opens the popover above the button rather than below (a button at the bottom of its
    /// window, where a popover below would run off the screen).
    public func opensAbove() {
        gtk_popover_set_position(UnsafeMutablePointer(OpaquePointer(popover)), GTK_POS_TOP)
    }

    public func popup() { gtk_menu_button_popup(cast()) }

    public func popdown() { gtk_menu_button_popdown(cast()) }

    public var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    /// The popover is about to show.
    public func onShow(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(popover), "show", handler)
    }
}
