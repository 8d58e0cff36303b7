import CGtk

/// Holds a Swift closure for the lifetime of a signal connection. GLib keeps one retained
/// reference through the connection's user data and drops it in `releaseBox` when the
/// instance dies or the handler is disconnected, so handlers neither leak nor dangle.
final class ClosureBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }

    var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ data: gpointer?) -> Body {
        Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue().body
    }
}

/// The destroy notify given to every connection: balances `retainedPointer`.
let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Typed signal connections for the handful of C signal shapes GtkKit uses.
/// GTK emits these on the main thread, so handlers run main-actor isolated.
package enum Signal {
    @MainActor
    @discardableResult
    package static func connect(_ instance: gpointer, _ name: String, _ handler: @escaping @MainActor () -> Void)
        -> UInt
    {
        apod_connect(
            instance, name,
            { _, data in
                let body = ClosureBox<@MainActor () -> Void>.from(data)
                MainActor.assumeIsolated { body() }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For signals carrying one pointer argument (`child-activated`, an action's parameter).
    @MainActor
    @discardableResult
    package static func connectPointer(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (gpointer?) -> Void
    ) -> UInt {
        apod_connect_pointer(
            instance, name,
            { _, argument, data in
                let body = ClosureBox<@MainActor (gpointer?) -> Void>.from(data)
                MainActor.assumeIsolated { body(argument) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For signals carrying one integer (`response`).
    @MainActor
    @discardableResult
    package static func connectInt(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (Int32) -> Void
    ) -> UInt {
        apod_connect_int(
            instance, name,
            { _, argument, data in
                let body = ClosureBox<@MainActor (Int32) -> Void>.from(data)
                MainActor.assumeIsolated { body(argument) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For signals carrying two integers (GtkDrawingArea's `resize`).
    @MainActor
    @discardableResult
    package static func connectIntInt(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (Int32, Int32) -> Void
    ) -> UInt {
        apod_connect_int_int(
            instance, name,
            { _, first, second, data in
                let body = ClosureBox<@MainActor (Int32, Int32) -> Void>.from(data)
                MainActor.assumeIsolated { body(first, second) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For a list model's `items-changed` (position, removed, added).
    @MainActor
    @discardableResult
    package static func connectItemsChanged(
        _ instance: gpointer, _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void
    ) -> UInt {
        apod_connect_items_changed(
            instance,
            { _, position, removed, added, data in
                let body = ClosureBox<@MainActor (UInt32, UInt32, UInt32) -> Void>.from(data)
                MainActor.assumeIsolated { body(position, removed, added) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }
}
