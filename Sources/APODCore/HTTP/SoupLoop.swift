internal import CSoup
import Foundation

/// The thread libsoup runs on: a GMainContext of its own, made thread-default there and driven
/// by a GMainLoop. Every libsoup call and every completion happens on it, so the GTK main loop
/// never carries network work and the CLI needs no GTK. A waiting request costs nothing: the
/// thread sleeps in `poll` until a socket or a timer has something to say.
///
/// There is one per process, started on first use, with one `SoupSession` that keeps
/// connections alive between requests (the same hosts are asked again and again).
final class SoupLoop: @unchecked Sendable {
    /// The process's loop, or why it could not be started (no thread to be had, e.g. under a
    /// tight `ulimit -v`): callers report that instead of crashing.
    static let shared: Result<SoupLoop, APODError> = SoupLoop.start()

    private let context: OpaquePointer
    /// Made on the loop's thread before the loop runs, and only ever used there.
    private(set) var session: UnsafeMutablePointer<SoupSession>!

    private init(context: OpaquePointer) {
        self.context = context
    }

    /// Runs `work` on the loop's thread, after whatever is already queued there.
    func perform(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            Unmanaged<Work>.fromOpaque(data!).takeRetainedValue().run()
            return 0
        }, box, nil)
    }

    /// A timer on the loop's context; `fire` runs once on the loop's thread unless the returned
    /// source is destroyed first (`g_source_destroy`, then `g_source_unref`).
    func timer(after milliseconds: UInt32, _ fire: @escaping () -> Void) -> UnsafeMutablePointer<GSource> {
        let source = g_timeout_source_new(milliseconds)!
        let box = Unmanaged.passRetained(Work(fire)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run()
            return 0
        }, box, { data in
            Unmanaged<Work>.fromOpaque(data!).release()
        })
        g_source_attach(source, context)
        return source
    }

    private static func start() -> Result<SoupLoop, APODError> {
        let context = g_main_context_new()!
        let loop = SoupLoop(context: context)
        let ready = DispatchSemaphore(value: 0)
        let launch = Launch(loop: loop, ready: ready)
        var error: UnsafeMutablePointer<GError>?
        let thread = g_thread_try_new("apod-http", { data in
            let launch = Unmanaged<Launch>.fromOpaque(data!).takeRetainedValue()
            launch.loop.run(signalling: launch.ready)
            return nil
        }, Unmanaged.passRetained(launch).toOpaque(), &error)
        guard let thread else {
            g_error_free(error)
            Unmanaged.passUnretained(launch).release()
            g_main_context_unref(context)
            return .failure(.outOfResources)
        }
        g_thread_unref(thread)
        ready.wait()
        return .success(loop)
    }

    /// The thread's body: the session is made with this context as thread-default, so its
    /// sockets, timers and callbacks all live here.
    private func run(signalling ready: DispatchSemaphore) {
        g_main_context_push_thread_default(context)
        let budget = ConnectionBudget.current()
        session = apod_soup_session_new(guint(budget.connections), guint(budget.connectionsPerHost))
        soup_session_set_user_agent(session, HTTPClient.userAgent)
        let mainLoop = g_main_loop_new(context, 0)
        ready.signal()
        g_main_loop_run(mainLoop)
    }

    private final class Work {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private final class Launch {
        let loop: SoupLoop
        let ready: DispatchSemaphore
        init(loop: SoupLoop, ready: DispatchSemaphore) {
            self.loop = loop
            self.ready = ready
        }
    }
}
