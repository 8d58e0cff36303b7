import CGtk
import Foundation

/// The way back to the GTK main thread from background work.
///
/// Under `g_application_run`, `MainActor` hops and `DispatchQueue.main` never run because GLib
/// does not drain the main dispatch queue. A GLib source does run, on the thread that iterates
/// the default main context, where main-actor isolation holds by thread identity.
///
/// Everything posted goes into one queue drained by one GSource at `G_PRIORITY_DEFAULT`, above
/// GDK's redraws (`G_PRIORITY_HIGH_IDLE + 20`): an idle source below them never runs while
/// frames take longer than the frame interval (software GL with a spinner animating). So that
/// the queue cannot starve drawing in turn, each dispatch stops after `budget` and the source
/// sleeps for `pause` before the next slice, which lets a pending redraw go first.
public enum MainThread {
    /// The longest one dispatch runs posted work: a small part of a 60 Hz frame.
    static let budget: TimeInterval = 0.004
    /// The break between two slices of a long queue, in microseconds.
    static let pause: gint64 = 1_000

    static let queue = MainThreadQueue(budget: budget)
    private static let source = DrainSource()

    /// Runs `body` on the main thread, after everything posted before it. Safe from any thread.
    public static func post(_ body: @escaping @Sendable @MainActor () -> Void) {
        if queue.append(body) { source.wake() }
    }

    /// One dispatch: a slice of the queue, then either sleep until woken or pause and go on.
    fileprivate static func dispatch(_ source: UnsafeMutablePointer<GSource>) {
        // Cleared before draining: a post made while the queue runs dry re-arms it.
        g_source_set_ready_time(source, -1)
        let workLeft = MainActor.assumeIsolated { queue.drain() }
        if workLeft { g_source_set_ready_time(source, g_get_monotonic_time() + pause) }
    }
}

/// The GSource that drains `MainThread.queue`, attached once to the default main context. It
/// has no file descriptors and no prepare function: its ready time alone says when it runs
/// (`g_source_set_ready_time` is thread-safe and wakes the context).
private final class DrainSource: @unchecked Sendable {
    private let source: UnsafeMutablePointer<GSource>

    init() {
        let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        funcs.initialize(
            to: GSourceFuncs(
                prepare: nil, check: nil,
                dispatch: { source, _, _ in
                    MainThread.dispatch(source!)
                    return 1
                }, finalize: nil, closure_callback: nil, closure_marshal: nil))
        source = g_source_new(funcs, guint(MemoryLayout<GSource>.size))
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        g_source_set_name(source, "MainThread.post")
        g_source_set_ready_time(source, -1)
        g_source_attach(source, nil)
    }

    func wake() {
        g_source_set_ready_time(source, 0)
    }
}
