import CGtk
import Foundation

/// One row of the keyboard shortcuts window.
public struct ShortcutDescription: Sendable {
    public var title: String
    /// GTK accelerator syntax, space-separated alternatives: `<Ctrl>w Escape`.
    public var accelerators: String

    public init(title: String, accelerators: String) {
        self.title = title
        self.accelerators = accelerators
    }
}

/// A titled group of shortcuts.
public struct ShortcutGroup: Sendable {
    public var title: String
    public var shortcuts: [ShortcutDescription]

    public init(title: String, shortcuts: [ShortcutDescription]) {
        self.title = title
        self.shortcuts = shortcuts
    }
}

extension Window {
    /// Shows GTK's keyboard shortcuts window for `groups` above this window. GtkShortcutsWindow
    /// is only configurable through properties, so it is built from GtkBuilder XML.
    public func showShortcuts(_ groups: [ShortcutGroup]) {
        let builder = gtk_builder_new_from_string(Self.shortcutsXML(groups), -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(object))
        gtk_window_set_transient_for(window, cast())
        gtk_window_set_modal(window, 1)
        gtk_window_present(window)
    }

    static func shortcutsXML(_ groups: [ShortcutGroup]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = """
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
            """
        for group in groups {
            xml +=
                "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escaped(group.title))</property>"
            for shortcut in group.shortcuts {
                xml += """
                    <child><object class="GtkShortcutsShortcut">\
                    <property name="title">\(escaped(shortcut.title))</property>\
                    <property name="accelerator">\(escaped(shortcut.accelerators))</property>\
                    </object></child>
                    """
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        return xml
    }
}
