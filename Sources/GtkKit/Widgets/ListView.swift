import CGtk
import Foundation

/// A virtualized list (GtkListView over a GtkNoSelection of a GtkStringList): GTK creates row
/// widgets only for the rows near the visible part and re-binds them as the list scrolls, so a
/// list of thousands of rows costs a screenful of widgets. The rows themselves are plain
/// positions: the owner keeps what they show and says how many there are (`rowCount`).
///
/// `makeRow` builds a recycled row widget (GtkSignalListItemFactory's "setup"); `bind` fills
/// one for a position, `unbind` clears it when the row scrolls away ("bind"/"unbind").
@MainActor
public final class ListView: Widget {
    private let strings: OpaquePointer
    private let factory: OpaquePointer
    /// The row widget of each list item GTK created, by the item's address.
    private var rows: [UnsafeMutableRawPointer: Widget] = [:]
    /// The position each bound row shows.
    private var bound: [UnsafeMutableRawPointer: Int] = [:]
    private let makeRow: @MainActor () -> Widget
    private let bindRow: @MainActor (Widget, Int) -> Void
    private let unbindRow: @MainActor (Widget) -> Void
    /// Rows bound since the list was made (the bench counts them).
    public private(set) var bindCount = 0

    public init(
        makeRow: @escaping @MainActor () -> Widget,
        bind: @escaping @MainActor (Widget, Int) -> Void,
        unbind: @escaping @MainActor (Widget) -> Void
    ) {
        self.makeRow = makeRow
        bindRow = bind
        unbindRow = unbind
        strings = gtk_string_list_new(nil)
        factory = gtk_signal_list_item_factory_new()
        // The selection model takes the string list, the view takes the model and the factory.
        let model = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(strings))))
        super.init(gtk_list_view_new(model, OpaquePointer(g_object_ref(UnsafeMutableRawPointer(factory)))))
        let instance = UnsafeMutableRawPointer(factory)
        Signal.connectPointer(instance, "setup") { [weak self] item in self?.setUp(item) }
        Signal.connectPointer(instance, "bind") { [weak self] item in self?.bind(item) }
        Signal.connectPointer(instance, "unbind") { [weak self] item in self?.unbind(item) }
        Signal.connectPointer(instance, "teardown") { [weak self] item in
            guard let item else { return }
            self?.rows[item] = nil
        }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(strings))
        g_object_unref(UnsafeMutableRawPointer(factory))
    }

    /// How many rows the list has. Setting it replaces every row at once (one "items-changed"):
    /// the view re-binds what it shows and goes back to the top.
    public var rowCount: Int {
        get { Int(g_list_model_get_n_items(strings)) }
        set {
            let empty = strdup("")
            defer { free(empty) }
            var additions = [UnsafePointer<CChar>?](repeating: UnsafePointer(empty), count: max(0, newValue))
            additions.append(nil)
            additions.withUnsafeBufferPointer { buffer in
                gtk_string_list_splice(strings, 0, guint(rowCount), buffer.baseAddress)
            }
        }
    }

    /// The row widgets bound now, with their positions, in no particular order.
    public var boundRows: [(position: Int, row: Widget)] {
        bound.compactMap { item, position in rows[item].map { (position, $0) } }
    }

    /// Scrolls as little as needed to show row `position` ("list.scroll-to-item"; GTK 4.8 has
    /// no public call for it).
    public func scroll(toRow position: Int) {
        guard position >= 0, position < rowCount else { return }
        gtk_widget_activate_action_variant(
            widgetPointer, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
    }

    private func setUp(_ item: gpointer?) {
        guard let item else { return }
        let row = makeRow()
        gtk_list_item_set_child(OpaquePointer(item), row.widgetPointer)
        // Rows are not focus targets themselves: the keyboard goes to what they hold.
        gtk_list_item_set_activatable(OpaquePointer(item), 0)
        gtk_list_item_set_selectable(OpaquePointer(item), 0)
        rows[item] = row
    }

    private func bind(_ item: gpointer?) {
        guard let item, let row = rows[item] else { return }
        let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
        bound[item] = position
        bindCount += 1
        bindRow(row, position)
    }

    private func unbind(_ item: gpointer?) {
        guard let item else { return }
        bound[item] = nil
        if let row = rows[item] { unbindRow(row) }
    }
}
