import CGtk

extension Window {
    /// Like `addShortcut`, but seen before the focused widget: for keys such as Left and Right
    /// that a selectable label would otherwise take for moving its caret.
    public func addCapturingShortcut(trigger: String, action: String) {
        let controller = gtk_shortcut_controller_new()
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widgetPointer, controller)
    }
}
