import CGtk

/// Connections for the signal shapes of event controllers, gestures and link labels.
extension Signal {
    /// For signals carrying one double (`scale-changed`).
    @MainActor
    @discardableResult
    package static func connectDouble(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (Double) -> Void
    ) -> UInt {
        apod_connect_double(
            instance, name,
            { _, value, data in
                let body = ClosureBox<@MainActor (Double) -> Void>.from(data)
                MainActor.assumeIsolated { body(value) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For signals carrying a point or an offset (`motion`, `drag-begin`, `drag-update`).
    @MainActor
    @discardableResult
    package static func connectPoint(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> UInt {
        apod_connect_double_double(
            instance, name,
            { _, x, y, data in
                let body = ClosureBox<@MainActor (Double, Double) -> Void>.from(data)
                MainActor.assumeIsolated { body(x, y) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For `scroll`, whose handler says whether it consumed the event.
    @MainActor
    @discardableResult
    package static func connectDeltas(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (Double, Double) -> Bool
    ) -> UInt {
        apod_connect_double_double_bool(
            instance, name,
            { _, dx, dy, data in
                let body = ClosureBox<@MainActor (Double, Double) -> Bool>.from(data)
                return MainActor.assumeIsolated { body(dx, dy) } ? 1 : 0
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For a click gesture's `pressed` (press count and position).
    @MainActor
    @discardableResult
    package static func connectPress(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> UInt {
        apod_connect_int_double_double(
            instance, name,
            { _, count, x, y, data in
                let body = ClosureBox<@MainActor (Int, Double, Double) -> Void>.from(data)
                MainActor.assumeIsolated { body(Int(count), x, y) }
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }

    /// For signals carrying a string whose handler says whether it handled it (`activate-link`).
    @MainActor
    @discardableResult
    package static func connectString(
        _ instance: gpointer, _ name: String,
        _ handler: @escaping @MainActor (String) -> Bool
    ) -> UInt {
        apod_connect_string_bool(
            instance, name,
            { _, text, data in
                let body = ClosureBox<@MainActor (String) -> Bool>.from(data)
                let value = text.map { String(cString: $0) } ?? ""
                return MainActor.assumeIsolated { body(value) } ? 1 : 0
            }, ClosureBox(handler).retainedPointer, releaseBox)
    }
}
