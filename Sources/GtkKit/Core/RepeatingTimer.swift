import CGtk

/// Calls `tick` on the main thread every `milliseconds` until `stop()`: a GLib timeout at
/// default priority, the priority GTK's own timers and results run at.
@MainActor
public final class RepeatingTimer {
    private var source: guint = 0

    public init(milliseconds: Int, _ tick: @escaping @MainActor () -> Void) {
        let box = ClosureBox<@MainActor () -> Void>(tick)
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(max(1, milliseconds)),
            { data in
                let tick = ClosureBox<@MainActor () -> Void>.from(data)
                MainActor.assumeIsolated { tick() }
                return 1
            }, box.retainedPointer,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }

    public func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}
