import CGtk

/// A desktop notification (GNotification): a title, a body, an icon, the action run when it
/// is clicked and up to three buttons, each an application action (`app.…`) with a string.
@MainActor
public final class Notification {
    let pointer: OpaquePointer
    private let reference: ObjectReference

    public init(title: String) {
        pointer = g_notification_new(title)
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(pointer))
    }

    public func setBody(_ text: String) {
        g_notification_set_body(pointer, text)
    }

    /// The picture at `path` as the notification's icon.
    public func setIcon(fileAt path: String) {
        let file = g_file_new_for_path(path)
        let icon = g_file_icon_new(file)
        g_notification_set_icon(pointer, icon)
        g_object_unref(UnsafeMutableRawPointer(icon))
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// Clicking the notification runs `action` (`app.show-date`) with `argument`.
    public func setDefaultAction(_ action: String, argument: String) {
        g_notification_set_default_action_and_target_value(pointer, action, g_variant_new_string(argument))
    }

    public func addButton(_ label: String, action: String, argument: String) {
        g_notification_add_button_with_target_value(pointer, label, action, g_variant_new_string(argument))
    }

    /// A button running an action without a parameter (`app.quit`).
    public func addButton(_ label: String, action: String) {
        g_notification_add_button(pointer, label, action)
    }
}
