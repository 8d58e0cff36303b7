import CGtk

extension Box {
    /// Adds `child` right after `sibling`, which must already be in the box.
    public func insert(_ child: Widget, after sibling: Widget) {
        gtk_box_insert_child_after(cast(), child.widgetPointer, sibling.widgetPointer)
    }
}
