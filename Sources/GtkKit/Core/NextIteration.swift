import CGtk

/// Runs work in a later main-loop iteration, from a one-shot source of its own at
/// `G_PRIORITY_DEFAULT`: above GDK's redraws (which could starve an idle source under software
/// GL) and not queued behind a burst of `MainThread.post` results.
///
/// For splitting costly main-thread steps (realizing windows, preparing GL) so that no single
/// iteration does two of them. Sources of equal priority that are ready together run in one
/// iteration, so a step that must follow another is scheduled by that step, not beside it.
public enum NextIteration {
    public static func run(_ body: @escaping @MainActor () -> Void) {
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                let body = ClosureBox<@MainActor () -> Void>.from(data)
                MainActor.assumeIsolated { body() }
                return 0
            }, ClosureBox<@MainActor () -> Void>(body).retainedPointer,
            { data in
                Unmanaged<AnyObject>.fromOpaque(data!).release()
            })
    }
}
