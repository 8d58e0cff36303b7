import CGtk

extension Widget {
    /// Runs `handler` when `trigger` ("Left", "<Control>Home") is pressed while the keyboard is
    /// in this widget or inside it, before its children see the key (capture phase), so a
    /// container can move the focus itself where GTK's own keys would go elsewhere (a list
    /// view's rows). The handler returns whether it used the key; a key it leaves goes on.
    public func addKeyShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) {
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let box = ClosureBox<@MainActor () -> Bool>(handler)
        let action = gtk_callback_action_new(
            { _, _, data in
                let body = ClosureBox<@MainActor () -> Bool>.from(data)
                return MainActor.assumeIsolated { body() } ? 1 : 0
            }, box.retainedPointer,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
        gtk_shortcut_controller_add_shortcut(
            controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
        gtk_widget_add_controller(widgetPointer, controller)
    }

    /// Gives this widget the keyboard focus. - Returns: whether it took it.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widgetPointer) != 0 }

    /// Whether this widget has the keyboard focus.
    public var hasFocus: Bool { gtk_widget_has_focus(widgetPointer) != 0 }

    /// Whether the keyboard focus of this widget's window is this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widgetPointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widgetPointer || gtk_widget_is_ancestor(focus, widgetPointer) != 0
    }
}
