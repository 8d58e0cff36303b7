import CGtk

extension Widget {
    /// Whether the keyboard focus is on this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widgetPointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widgetPointer || gtk_widget_is_ancestor(focus, widgetPointer) != 0
    }

    /// When the focus is on a toggle button inside this widget that is no longer the active
    /// one (a view switcher whose view changed by a shortcut), or on nothing, moves it to the
    /// active one, so the focus ring marks what is chosen. With `fromAnywhere` it moves from
    /// outside this widget too (the caller knows the focus was left on nothing useful, say in
    /// a view that went). - Returns: whether the focus moved.
    @discardableResult
    public func moveFocusToActiveToggle(fromAnywhere: Bool = false) -> Bool {
        guard let root = gtk_widget_get_root(widgetPointer) else { return false }
        let toggles = descendants(ofType: gtk_toggle_button_get_type())
        guard let active = toggles.first(where: { Self.isActiveToggle($0) && gtk_widget_get_mapped($0) != 0 })
        else { return false }
        if let focus = gtk_root_get_focus(root) {
            guard focus != active else { return false }
            if focus == widgetPointer || gtk_widget_is_ancestor(focus, widgetPointer) != 0 {
                guard let focused = toggles.first(where: { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 }),
                    !Self.isActiveToggle(focused)
                else { return false }
            } else if !fromAnywhere {
                return false
            }
        }
        return gtk_widget_grab_focus(active) != 0
    }

    private static func isActiveToggle(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_toggle_button_get_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(widget))) != 0
    }
}

extension Widget {
    /// The toggle buttons under this widget that are on screen, in order (a view switcher's
    /// tabs): where each is within this widget, whether it is the active one and whether it
    /// has the keyboard focus (tests).
    public var shownToggles: [(bounds: Rect, isActive: Bool, hasFocus: Bool)] {
        descendants(ofType: gtk_toggle_button_get_type()).compactMap { toggle in
            var rect = graphene_rect_t()
            guard gtk_widget_get_mapped(toggle) != 0, gtk_widget_compute_bounds(toggle, widgetPointer, &rect) != 0
            else { return nil }
            let bounds = Rect(
                x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
                height: Double(rect.size.height))
            return (bounds, Self.isActiveToggle(toggle), gtk_widget_has_focus(toggle) != 0)
        }
    }

    /// Gives the keyboard focus to the `index`th toggle of `shownToggles` (tests).
    @discardableResult
    public func focusShownToggle(_ index: Int) -> Bool {
        let shown = descendants(ofType: gtk_toggle_button_get_type()).filter { gtk_widget_get_mapped($0) != 0 }
        guard shown.indices.contains(index) else { return false }
        return gtk_widget_grab_focus(shown[index]) != 0
    }
}
