import CGtk

extension HeaderBar {
    /// Puts `widget` (a search field) where the title would be.
    public func setTitleWidget(_ widget: Widget) {
        gtk_header_bar_set_title_widget(cast(), widget.widgetPointer)
    }

    /// Leaves the window title out of the bar (a narrow window keeps its buttons instead of
    /// an ellipsized title); false shows the title again.
    public func hideTitle(_ hidden: Bool) {
        gtk_header_bar_set_title_widget(cast(), hidden ? gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0) : nil)
    }
}
