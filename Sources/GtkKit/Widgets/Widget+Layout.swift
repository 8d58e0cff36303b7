import CGtk

extension Widget {
    public var marginStart: Int { Int(gtk_widget_get_margin_start(widgetPointer)) }
    public var marginTop: Int { Int(gtk_widget_get_margin_top(widgetPointer)) }

    /// Whether this widget is `container` or inside it.
    public func isInside(_ container: Widget) -> Bool {
        widgetPointer == container.widgetPointer || gtk_widget_is_ancestor(widgetPointer, container.widgetPointer) != 0
    }
}
