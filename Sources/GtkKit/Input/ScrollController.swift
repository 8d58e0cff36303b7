import CGtk

/// Wheel and touchpad scrolling over a widget. `onScroll(dx, dy)` returns true when it used the
/// event (Ctrl+scroll zooming), false to let it scroll as usual. Attached in the capture phase,
/// so it sees the event before a scrolled window inside the widget does.
@MainActor
public final class ScrollController: EventController {
    public init(on widget: Widget, onScroll: @escaping @MainActor (Double, Double) -> Bool) {
        super.init(
            adding: gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL),
            to: widget, capturing: true)
        Signal.connectDeltas(instance, "scroll", onScroll)
    }
}
