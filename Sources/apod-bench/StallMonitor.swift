import CGtk

/// A GLib timer every 10 ms on the main loop recording how late it ever fired: the longest
/// time the main thread (where GTK draws and handles input) could not react.
final class StallMonitor {
    static let interval: Int = 10_000

    private var lastTick: Int = 0
    private(set) var worstLatenessMicroseconds: Int = 0
    private var source: guint = 0

    /// Starts ticking on the default main context; call from the main thread.
    func start() {
        lastTick = g_get_monotonic_time()
        let unmanaged = Unmanaged.passRetained(self).toOpaque()
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(Self.interval / 1000), { data in
            Unmanaged<StallMonitor>.fromOpaque(data!).takeUnretainedValue().tick()
            return 1
        }, unmanaged, { data in
            Unmanaged<StallMonitor>.fromOpaque(data!).release()
        })
    }

    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    var worstLatenessMilliseconds: Double { Double(worstLatenessMicroseconds) / 1000 }

    private func tick() {
        let now = g_get_monotonic_time()
        worstLatenessMicroseconds = max(worstLatenessMicroseconds, now - lastTick - Self.interval)
        lastTick = now
    }
}
