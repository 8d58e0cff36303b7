import CGtk
import Foundation

/// A button that pops up a list of strings to pick one from (GtkDropDown over a GtkStringList).
@MainActor
public final class DropDown: Widget {
    public init(strings: [String]) {
        super.init(gtk_drop_down_new(nil, nil))
        setStrings(strings)
    }

    /// Replaces the choices (the first is selected).
    public func setStrings(_ strings: [String]) {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        gtk_drop_down_set_model(cast(), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    public var count: Int {
        guard let model = gtk_drop_down_get_model(cast()) else { return 0 }
        return Int(g_list_model_get_n_items(model))
    }

    /// The index of the chosen string; setting it out of range chooses nothing.
    public var selected: Int {
        get {
            let index = gtk_drop_down_get_selected(cast())
            return index == guint(GTK_INVALID_LIST_POSITION) ? -1 : Int(index)
        }
        set {
            gtk_drop_down_set_selected(
                cast(), newValue >= 0 && newValue < count ? guint(newValue) : guint(GTK_INVALID_LIST_POSITION))
        }
    }

    /// Runs `handler` when the choice changes, by the user or by `selected`.
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::selected") { _ in handler() }
    }
}
