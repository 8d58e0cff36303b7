import CGtk

/// Base of the event controllers and gestures GtkKit attaches to widgets. The widget owns the
/// controller (`gtk_widget_add_controller` takes the reference); the wrapper keeps a pointer
/// for reading state during a handler, valid while the widget lives.
@MainActor
public class EventController {
    let controllerPointer: OpaquePointer

    /// Adds `controller` (an owned reference) to `widget`, which takes it over.
    init(adding controller: OpaquePointer, to widget: Widget, capturing: Bool = false) {
        controllerPointer = controller
        if capturing { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
        gtk_widget_add_controller(widget.widgetPointer, controller)
    }

    var instance: gpointer { UnsafeMutableRawPointer(controllerPointer) }

    /// Whether Ctrl was held for the event being handled.
    public var isControlPressed: Bool {
        gtk_event_controller_get_current_event_state(controllerPointer).rawValue & GDK_CONTROL_MASK.rawValue != 0
    }
}
