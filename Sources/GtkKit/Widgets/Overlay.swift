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
