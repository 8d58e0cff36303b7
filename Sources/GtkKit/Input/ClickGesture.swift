import CGtk

/// Clicks (GtkGestureClick) with the primary button: `onPress(count, x, y)`, where `count` is
/// 2 for a double-click.
@MainActor
public final class ClickGesture: EventController {
    public init(on widget: Widget, onPress: @escaping @MainActor (Int, Double, Double) -> Void) {
        super.init(adding: gtk_gesture_click_new(), to: widget)
        Signal.connectPress(instance, "pressed", onPress)
    }
}
