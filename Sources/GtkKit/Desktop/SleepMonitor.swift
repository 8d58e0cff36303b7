import CGtk

/// Tells when the computer wakes from suspend, through logind's `PrepareForSleep(false)` on
/// the system bus. Without a system bus or logind (a container, the tests) it never fires.
@MainActor
public final class SleepMonitor {
    private var connection: OpaquePointer?
    private var subscription: guint = 0
    private let onResume: @MainActor () -> Void

    public init(onResume: @escaping @MainActor () -> Void) {
        self.onResume = onResume
        g_bus_get(
            G_BUS_TYPE_SYSTEM, nil,
            { _, result, data in
                let monitor = Unmanaged<SleepMonitor>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let connection = g_bus_get_finish(result, &error)
                g_clear_error(&error)
                MainActor.assumeIsolated { if let connection { monitor.subscribe(on: connection) } }
            }, Unmanaged.passRetained(self).toOpaque())
    }

    private func subscribe(on connection: OpaquePointer) {
        self.connection = connection
        subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
            "/org/freedesktop/login1", nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                let value = g_variant_get_child_value(parameters, 0)
                let goingToSleep = g_variant_get_boolean(value) != 0
                g_variant_unref(value)
                let link = Unmanaged<SleepMonitorLink>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { if !goingToSleep { link.monitor?.onResume() } }
            }, Unmanaged.passRetained(SleepMonitorLink(self)).toOpaque(),
            { data in
                Unmanaged<SleepMonitorLink>.fromOpaque(data!).release()
            })
    }

    /// Stops listening; call before dropping the monitor.
    public func stop() {
        guard let connection else { return }
        g_dbus_connection_signal_unsubscribe(connection, subscription)
        g_object_unref(UnsafeMutableRawPointer(connection))
        self.connection = nil
    }
}

/// The subscription's weak link to its monitor, so a monitor dropped without `stop()` is
/// never called.
@MainActor
private final class SleepMonitorLink {
    weak var monitor: SleepMonitor?
    init(_ monitor: SleepMonitor) { self.monitor = monitor }
}
