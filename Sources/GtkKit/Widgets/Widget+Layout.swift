import CGtk

extension Widget {
    public var marginStart: Int { Int(gtk_widget_get_margin_start(widgetPointer)) }
    public var marginTop: Int { Int(gtk_widget_get_margin_top(widgetPointer)) }

    /// Whether this widget is `container` or inside it.
    public func isInside(_ container: Widget) -> Bool {
        widgetPointer == container.widgetPointer || gtk_widget_is_ancestor(widgetPointer, container.widgetPointer) != 0
    }
}

extension Widget {
    /// 0 (transparent) to 1; transparent widgets stay realized and keep their place.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widgetPointer) }
        set { gtk_widget_set_opacity(widgetPointer, newValue) }
    }

    /// Whether pointer events may land on the widget.
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widgetPointer) != 0 }
        set { gtk_widget_set_can_target(widgetPointer, newValue ? 1 : 0) }
    }
}

extension Widget {
    /// The first widget of GType `type` under this one, depth first (a widget a library made
    /// inside its own, such as a page's scrolled window).
    package func firstDescendant(ofType type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        func search(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
                    return current
                }
                if let found = search(current) { return found }
                child = gtk_widget_get_next_sibling(current)
            }
            return nil
        }
        return search(widgetPointer)
    }
}
