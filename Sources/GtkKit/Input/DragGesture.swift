import CGtk

/// Pointer or touch drags (GtkGestureDrag): `onBegin(x, y)` where it started, `onUpdate(dx, dy)`
/// the offset from there.
@MainActor
public final class DragGesture: EventController {
    public init(
        on widget: Widget, onBegin: @escaping @MainActor (Double, Double) -> Void,
        onUpdate: @escaping @MainActor (Double, Double) -> Void
    ) {
        super.init(adding: gtk_gesture_drag_new(), to: widget)
        Signal.connectPoint(instance, "drag-begin", onBegin)
        Signal.connectPoint(instance, "drag-update", onUpdate)
    }
}
