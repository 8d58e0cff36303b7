import CGtk

/// Follows the pointer over a widget: where it is (widget coordinates) and whether it is inside.
@MainActor
public final class MotionController: EventController {
    public private(set) var position: (x: Double, y: Double)?

    /// `onChange(inside)` runs when the pointer enters or leaves.
    public init(on widget: Widget, onChange: (@MainActor (Bool) -> Void)? = nil) {
        super.init(adding: gtk_event_controller_motion_new(), to: widget)
        Signal.connectPoint(instance, "enter") { [weak self] x, y in
            self?.position = (x, y)
            onChange?(true)
        }
        Signal.connectPoint(instance, "motion") { [weak self] x, y in self?.position = (x, y) }
        Signal.connect(instance, "leave") { [weak self] in
            self?.position = nil
            onChange?(false)
        }
    }
}
