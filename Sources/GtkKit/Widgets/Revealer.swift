import CGtk

/// Shows and hides one child with a slide, for notices that come and go over a window.
@MainActor
public final class Revealer: Widget {
    public init(child: Widget) {
        super.init(gtk_revealer_new())
        gtk_revealer_set_child(cast(), child.widgetPointer)
        gtk_revealer_set_transition_type(cast(), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    }

    /// Whether the child is (being) shown; changing it animates.
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(cast()) != 0 }
        set { gtk_revealer_set_reveal_child(cast(), newValue ? 1 : 0) }
    }
}
