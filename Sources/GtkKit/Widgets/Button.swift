import CGtk
import Foundation

/// A push button with a label, an icon, or both. Screen readers hear its text without the
/// mnemonic's underscore, or for an icon, its tooltip without the key in brackets: GTK 4.8
/// would say "_Today Today" or the class name "GtkImage".
@MainActor
public final class Button: Widget {
    public init(label: String) {
        super.init(gtk_button_new_with_mnemonic(label))
        gtk_button_set_use_underline(cast(), 1)
        setSpokenName(Self.spoken(label))
    }

    public init(iconName: String, tooltip: String) {
        super.init(gtk_button_new_from_icon_name(iconName))
        self.tooltip = tooltip
        setAccessibleLabel(Self.spoken(tooltip: tooltip))
    }

    /// A mnemonic label as it is read: without the underscore marking the access key.
    public static func spoken(_ label: String) -> String {
        label.replacingOccurrences(of: "_", with: "")
    }

    /// A tooltip as an icon button's name: "Previous day (Alt+Left)" is "Previous day".
    public static func spoken(tooltip: String) -> String {
        guard tooltip.hasSuffix(")"), let open = tooltip.range(of: " (", options: .backwards) else { return tooltip }
        return String(tooltip[..<open.lowerBound])
    }

    /// The text of an icon-and-label button, changeable after creation.
    public private(set) var textLabel: Label?

    /// An icon followed by a label, as used for prominent actions in placeholders.
    public init(label: String, iconName: String) {
        super.init(gtk_button_new())
        let content = Box(.horizontal, spacing: 6)
        content.horizontalAlign = .center
        let text = Label(label)
        content.append(Image(iconName: iconName))
        content.append(text)
        textLabel = text
        gtk_button_set_child(cast(), content.widgetPointer)
        setSpokenName(Self.spoken(label))
    }

    /// Names the button `name` alone (see `apod_accessible_reset_labelled_by`).
    func setSpokenName(_ name: String) {
        setAccessibleLabel(name)
        apod_accessible_reset_labelled_by(widgetPointer)
    }

    /// A button showing `child` (a picture that opens something), styled by the caller.
    public init(child: Widget) {
        super.init(gtk_button_new())
        gtk_button_set_child(cast(), child.widgetPointer)
    }

    /// Emphasised (blue) style for the window's main action.
    public func markSuggested() { addCSSClass("suggested-action") }

    /// Runs an action by its detailed name (e.g. `win.next-day`) when clicked, and follows its
    /// enabled state.
    public func setAction(_ detailedName: String) {
        gtk_actionable_set_detailed_action_name(OpaquePointer(widgetPointer), detailedName)
    }

    public func onClicked(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "clicked", handler)
    }
}

/// A header-bar button that pops up a menu model.
@MainActor
public final class MenuButton: Widget {
    public init(iconName: String, menu: Menu, tooltip: String) {
        super.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(cast(), iconName)
        gtk_menu_button_set_menu_model(cast(), menu.modelPointer)
        self.tooltip = tooltip
        nameMenuButton(self, Button.spoken(tooltip: tooltip))
    }

    /// Marks this as the window's primary menu, opened by F10.
    public func markPrimary() {
        gtk_menu_button_set_primary(cast(), 1)
    }
}

/// A GtkMenuButton is two accessibles in GTK 4.8, itself and the toggle button inside it that
/// takes the focus; the inner one is labelled by the outer, which would be named after its
/// class: naming the outer names both.
@MainActor
func nameMenuButton(_ button: Widget, _ name: String) {
    button.setAccessibleLabel(name)
}
