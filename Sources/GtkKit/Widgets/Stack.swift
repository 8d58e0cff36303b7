import CGtk

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

    /// Whether a new page crossfades in (the default) or replaces the old one at once, as a
    /// page that must never show together with another needs.
    public var crossfades: Bool {
        get { gtk_stack_get_transition_type(cast()) == GTK_STACK_TRANSITION_TYPE_CROSSFADE }
        set {
            gtk_stack_set_transition_type(
                cast(), newValue ? GTK_STACK_TRANSITION_TYPE_CROSSFADE : GTK_STACK_TRANSITION_TYPE_NONE)
        }
    }

    public var visiblePage: String? {
        get { gtk_stack_get_visible_child_name(cast()).map { String(cString: $0) } }
        set { gtk_stack_set_visible_child_name(cast(), newValue) }
    }
}
