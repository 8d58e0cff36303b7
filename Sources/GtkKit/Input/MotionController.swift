import CGtk

/// Follows the pointer over a widget: where it is (widget coordinates) and whether it is inside.
@MainActor
public final class MotionController: EventController {
    public private(set) var position: (x: Double, y: Double)?

    /// `onChange(inside)` runs when the pointer enters or leaves, `onMove` at every motion
    /// inside (entering included).
    public init(
        on widget: Widget, onChange: (@MainActor (Bool) -> Void)? = nil,
        onMove: (@MainActor () -> Void)? = nil
    ) {
        super.init(adding: gtk_event_controller_motion_new(), to: widget)
        Signal.connectPoint(instance, "enter") { [weak self] x, y in
            self?.position = (x, y)
            onChange?(true)
            onMove?()
        }
        Signal.connectPoint(instance, "motion") { [weak self] x, y in
            self?.position = (x, y)
            onMove?()
        }
        Signal.connect(instance, "leave") { [weak self] in
            self?.position = nil
            onChange?(false)
        }
    }
}
