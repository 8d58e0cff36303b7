import CGtk

extension HeaderBar {
    /// Puts `widget` (a search field) where the title would be.
    public func setTitleWidget(_ widget: Widget) {
        gtk_header_bar_set_title_widget(cast(), widget.widgetPointer)
    }
}
