import CGtk

/// Two-finger pinch (GtkGestureZoom). `onBegin(x, y)` gives the fingers' centre when the pinch
/// starts; `onScale(factor)` the distance between the fingers relative to that start.
@MainActor
public final class ZoomGesture: EventController {
    public init(
        on widget: Widget, onBegin: @escaping @MainActor (Double, Double) -> Void,
        onScale: @escaping @MainActor (Double) -> Void
    ) {
        super.init(adding: gtk_gesture_zoom_new(), to: widget)
        let gesture = controllerPointer
        Signal.connectPointer(instance, "begin") { _ in
            var x = 0.0
            var y = 0.0
            _ = gtk_gesture_get_bounding_box_center(gesture, &x, &y)
            onBegin(x, y)
        }
        Signal.connectDouble(instance, "scale-changed", onScale)
    }
}
