import CGtk

/// Shows one page a state: loading, the content, empty, failed… `State` is the view's own
/// enum, so a page is chosen and asked for by its case, never by a name:
/// `stack.add(spinner, for: .loading)`, `stack.state = .loading`, tests `stack.state == .empty`.
///
/// A page not shown is unmapped but stays visible, and GTK 4.8 presents every visible widget to
/// screen readers: each page is kept from them while unmapped, here for every view.
@MainActor
public final class ContentStack<State: Hashable>: Widget {
    private var pages: [(state: State, child: Widget)] = []

    public init() {
        super.init(gtk_stack_new())
        gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    /// Adds `child` as the page of `state`; the first page added is shown until another is chosen.
    public func add(_ child: Widget, for state: State) {
        precondition(!pages.contains { $0.state == state }, "one page a state")
        pages.append((state, child))
        gtk_stack_add_child(cast(), child.widgetPointer)
        child.hideFromScreenReadersWhileUnmapped()
    }

    /// The state whose page is shown (the first added until one is chosen); setting a state
    /// with no page does nothing.
    public var state: State? {
        get {
            let visible = gtk_stack_get_visible_child(cast())
            return pages.first { $0.child.widgetPointer == visible }?.state
        }
        set {
            guard let page = pages.first(where: { $0.state == newValue }) else { return }
            gtk_stack_set_visible_child(cast(), page.child.widgetPointer)
        }
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
}
