import CGtk

extension Widget {
    public var marginStart: Int { Int(gtk_widget_get_margin_start(widgetPointer)) }
    public var marginTop: Int { Int(gtk_widget_get_margin_top(widgetPointer)) }
}
