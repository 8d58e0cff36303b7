import CGtk

/// An invisible widget that reports its size whenever it changes. GTK 4 widgets have no
/// "size changed" signal; a GtkDrawingArea does (`resize`). Placed as an overlay filling an
/// area, it tells that area's size without drawing anything or taking clicks.
@MainActor
public final class SizeWatcher: Widget {
    public init() {
        super.init(gtk_drawing_area_new())
        gtk_widget_set_can_target(widgetPointer, 0)
        gtk_widget_set_can_focus(widgetPointer, 0)
        apod_accessible_set_hidden(widgetPointer, 1)
        horizontalAlign = .fill
        verticalAlign = .fill
    }

    /// Called with the new width and height in logical pixels.
    public func onResize(_ handler: @escaping @MainActor (Int, Int) -> Void) {
        Signal.connectIntInt(UnsafeMutableRawPointer(widgetPointer), "resize") { width, height in
            handler(Int(width), Int(height))
        }
    }
}
