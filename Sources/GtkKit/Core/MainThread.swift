import CGtk

/// The way back to the GTK main thread from background work.
///
/// Under `g_application_run`, `MainActor` hops and `DispatchQueue.main` never run because GLib
/// does not drain the main dispatch queue. A GLib idle source does run, on the thread that
/// iterates the default main context, where main-actor isolation holds by thread identity.
public enum MainThread {
    /// Runs `body` on the main thread at idle priority, after pending redraws, so a flood of
    /// results (a batch of 100 thumbnails) never starves drawing. Safe from any thread.
    public static func post(_ body: @escaping @Sendable @MainActor () -> Void) {
        let box = ClosureBox<@Sendable @MainActor () -> Void>(body)
        _ = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            let body = ClosureBox<@Sendable @MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { body() }
            return 0
        }, box.retainedPointer, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }
}
