import CGtk

/// A menu model of action items, for a `MenuButton`.
@MainActor
public final class Menu {
    let menuPointer: OpaquePointer
    private let reference: ObjectReference
    package var modelPointer: UnsafeMutablePointer<GMenuModel> { UnsafeMutablePointer(menuPointer) }

    public init() {
        menuPointer = g_menu_new()
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(menuPointer))
    }

    /// Adds an item running the detailed action (e.g. `app.about`).
    public func append(_ label: String, action: String) {
        g_menu_append(menuPointer, label, action)
    }

    /// Adds a separated group of items.
    public func appendSection(_ section: Menu) {
        g_menu_append_section(menuPointer, nil, section.modelPointer)
    }
}
