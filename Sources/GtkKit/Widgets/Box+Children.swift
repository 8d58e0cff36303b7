import CGtk

extension Box {
    /// Takes `child` out of the box (the wrapper keeps it alive), e.g. to show it elsewhere.
    public func remove(_ child: Widget) {
        gtk_box_remove(cast(), child.widgetPointer)
    }

    /// Puts `child` right after `sibling`, or first when `sibling` is nil.
    public func insert(_ child: Widget, after sibling: Widget?) {
        gtk_box_insert_child_after(cast(), child.widgetPointer, sibling?.widgetPointer)
    }
}
