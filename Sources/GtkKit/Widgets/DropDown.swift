import CGtk

/// A choice among a few fixed strings (GtkDropDown over a GtkStringList).
@MainActor
public final class DropDown: Widget {
    public init(items: [String]) {
        let pointers: [UnsafeMutablePointer<CChar>?] = items.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let widget = pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)
            }
        }
        super.init(widget!)
    }

    /// The chosen item's position.
    public var selectedIndex: Int {
        get { Int(gtk_drop_down_get_selected(cast())) }
        set { gtk_drop_down_set_selected(cast(), guint(newValue)) }
    }

    /// The selection changed, by the user or by `selectedIndex`.
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::selected") { _ in handler() }
    }
}
