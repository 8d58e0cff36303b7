import CGtk

/// One cell of a `FlowBox`.
@MainActor
open class FlowBoxChild: Widget {
    public init(child: Widget) {
        super.init(gtk_flow_box_child_new())
        gtk_flow_box_child_set_child(cast(), child.widgetPointer)
    }

}

/// A reflowing grid. Children are `FlowBoxChild` wrappers kept here so activation can hand
/// back the Swift object, not a pointer.
@MainActor
public final class FlowBox: Widget {
    public private(set) var children: [FlowBoxChild] = []

    public init() {
        super.init(gtk_flow_box_new())
        gtk_flow_box_set_selection_mode(cast(), GTK_SELECTION_NONE)
        gtk_flow_box_set_activate_on_single_click(cast(), 1)
    }

    /// Exactly `count` per row at any width: min = max children per line, all the same width.
    public func setColumns(_ count: Int) {
        gtk_flow_box_set_min_children_per_line(cast(), UInt32(count))
        gtk_flow_box_set_max_children_per_line(cast(), UInt32(count))
        gtk_flow_box_set_homogeneous(cast(), 1)
    }

    /// The most children a row holds (what `setColumns` set).
    public var columns: Int { Int(gtk_flow_box_get_max_children_per_line(cast())) }

    public func setSpacing(row: Int, column: Int) {
        gtk_flow_box_set_row_spacing(cast(), UInt32(row))
        gtk_flow_box_set_column_spacing(cast(), UInt32(column))
    }

    public func append(_ child: FlowBoxChild) {
        gtk_flow_box_append(cast(), child.widgetPointer)
        children.append(child)
    }

    /// Removes every child (GTK 4.8 has no `gtk_flow_box_remove_all`).
    public func removeAll() {
        for child in children { gtk_flow_box_remove(cast(), child.widgetPointer) }
        children.removeAll()
    }

    /// A child was activated by click or Enter.
    public func onChildActivated(_ handler: @escaping @MainActor (FlowBoxChild) -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "child-activated") { [weak self] pointer in
            guard let self, let pointer else { return }
            if let child = self.children.first(where: { UnsafeMutableRawPointer($0.widgetPointer) == pointer }) {
                handler(child)
            }
        }
    }

    /// Emits "child-activated" for `child`, as a click or Enter would.
    public func activate(_ child: FlowBoxChild) {
        gtk_widget_activate(child.widgetPointer)
    }
}
