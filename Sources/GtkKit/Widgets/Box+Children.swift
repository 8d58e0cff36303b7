import CGtk

/// Where a child sat in a box: after which sibling (none: first). Keeps that sibling alive.
@MainActor
public struct BoxPlacement {
    fileprivate let previous: ObjectReference?
}

extension Box {
    /// Takes `child` out of the box (the wrapper keeps it alive), e.g. to show it elsewhere for
    /// a while, and says where it was so `insert(_:at:)` can put it back.
    @discardableResult
    public func remove(_ child: Widget) -> BoxPlacement {
        let previous = gtk_widget_get_prev_sibling(child.widgetPointer).map {
            ObjectReference(adopting: g_object_ref(UnsafeMutableRawPointer($0)))
        }
        gtk_box_remove(cast(), child.widgetPointer)
        return BoxPlacement(previous: previous)
    }

    /// Puts `child` back where `remove` took it from (first, if that sibling has left the box).
    public func insert(_ child: Widget, at placement: BoxPlacement) {
        var sibling = placement.previous.map { UnsafeMutablePointer<GtkWidget>(OpaquePointer($0.pointer)) }
        if let previous = sibling, gtk_widget_get_parent(previous) != widgetPointer { sibling = nil }
        gtk_box_insert_child_after(cast(), child.widgetPointer, sibling)
    }
}

extension Box {
    /// Takes every child out (wrappers still holding one keep it alive for reuse).
    public func removeAllChildren() {
        while let child = gtk_widget_get_first_child(widgetPointer) {
            gtk_box_remove(cast(), child)
        }
    }
}
