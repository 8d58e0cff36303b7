import CGtk

/// One strong GObject reference, released when the Swift owner goes away.
///
/// Every wrapper holds one, so a wrapper's pointer stays valid even after GTK has destroyed
/// the widget (a closed window's children are unparented, not yet freed): calls on it are then
/// harmless instead of touching freed memory. `sinking` adopts a widget's floating reference.
///
/// Unchecked Sendable for its C pointer, which never changes: GObject's reference count is
/// atomic, so the last owner may let go on any thread; what the object may be used for off
/// the main thread is the wrapping type's to say.
package final class ObjectReference: @unchecked Sendable {
    package let pointer: gpointer

    package init(adopting pointer: gpointer) {
        self.pointer = pointer
    }

    package init(sinking pointer: gpointer) {
        self.pointer = g_object_ref_sink(pointer)
    }

    deinit { g_object_unref(pointer) }
}
