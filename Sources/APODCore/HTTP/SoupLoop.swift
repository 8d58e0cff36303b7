internal import CSoup
import Foundation
import Synchronization

/// The thread libsoup runs on: a GMainContext of its own, made thread-default there and driven
/// by a GMainLoop. Every libsoup call and every completion happens on it, so the GTK main loop
/// never carries network work and the CLI needs no GTK. A waiting request costs nothing: the
/// thread sleeps in `poll` until a socket or a timer has something to say.
///
/// There is one per process, started on first use, with one `SoupSession` that keeps
/// connections alive between requests (the same hosts are asked again and again).
///
/// Unchecked because it holds C pointers the compiler cannot judge: the `GMainContext` is
/// thread-safe (GLib locks it), and `session` is written once on the loop's thread before
/// `start` returns the loop, then used only there (`assertOnLoopThread`).
final class SoupLoop: @unchecked Sendable {
    /// The process's loop, or why it could not be started (no descriptor or thread to be had,
    /// e.g. under a tight `ulimit`): callers report that instead of crashing, and the next
    /// request tries again, since descriptors and memory may have been freed meanwhile.
    static var shared: Result<SoupLoop, APODError> {
        starting.withLock { started in
            if let started { return .success(started) }
            let result = start()
            started = try? result.get()
            return result
        }
    }

    private static let starting = Mutex<SoupLoop?>(nil)

    private let context: OpaquePointer
    /// Made on the loop's thread before the loop runs, and only ever used there.
    private(set) var session: UnsafeMutablePointer<SoupSession>!

    private init(context: OpaquePointer) {
        self.context = context
    }

    /// Runs `work` on the loop's thread, after whatever is already queued there.
    func perform(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        g_main_context_invoke_full(
            context, G_PRIORITY_DEFAULT,
            { data in
                Unmanaged<Work>.fromOpaque(data!).takeRetainedValue().run()
                return 0
            }, box, nil)
    }

    /// A timer on the loop's context; `fire` runs once on the loop's thread unless the returned
    /// source is destroyed first (`g_source_destroy`, then `g_source_unref`).
    func timer(after milliseconds: UInt32, _ fire: @escaping @Sendable () -> Void) -> UnsafeMutablePointer<GSource> {
        let source = g_timeout_source_new(milliseconds)!
        let box = Unmanaged.passRetained(Work(fire)).toOpaque()
        g_source_set_callback(
            source,
            { data in
                Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run()
                return 0
            }, box,
            { data in
                Unmanaged<Work>.fromOpaque(data!).release()
            })
        g_source_attach(source, context)
        return source
    }

    /// Stops the process when called off the loop's thread: state that only that thread
    /// touches (libsoup objects, an exchange's fields) is safe only while this holds. Cheap: the
    /// context knows which thread runs it (`g_main_context_is_owner`).
    func assertOnLoopThread(file: StaticString = #fileID, line: UInt = #line) {
        precondition(isOnLoopThread, "called off the HTTP loop's thread", file: file, line: line)
    }

    /// Whether the calling thread is the loop's (it owns the context while the loop runs).
    var isOnLoopThread: Bool { g_main_context_is_owner(context) != 0 }

    /// Under a tiny `ulimit -n`, GLib aborts the process when it cannot make a wake-up
    /// descriptor, GIO exits when it cannot reload a module, and libdispatch traps when it cannot
    /// make its timer descriptors: the start checks for room first and reports
    /// `outOfResources` instead, so the CLI prints one line and the viewer shows the message.
    private static func start() -> Result<SoupLoop, APODError> {
        startDispatchTimers()
        guard descriptorsFree(Self.descriptorsForModules), addressSpaceFree(megabytes: Self.addressSpaceForThreads)
        else {
            return .failure(.outOfResources)
        }
        let context = g_main_context_new()!
        let loop = SoupLoop(context: context)
        let ready = DispatchSemaphore(value: 0)
        let launch = Launch(loop: loop, ready: ready)
        var error: UnsafeMutablePointer<GError>?
        let thread = g_thread_try_new(
            "apod-http",
            { data in
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
        guard loop.session != nil else { return .failure(.outOfResources) }
        return .success(loop)
    }

    /// The thread's body: the session is made with this context as thread-default, so its
    /// sockets, timers and callbacks all live here.
    private func run(signalling ready: DispatchSemaphore) {
        g_main_context_push_thread_default(context)
        // Load GIO's proxy and TLS modules now, while descriptors are free: loaded on the first
        // request instead, they can meet a file limit that the connections have used up.
        _ = g_proxy_resolver_get_default()
        _ = g_tls_backend_get_default()
        guard Self.descriptorsFree(Self.descriptorsForAConnection) else {
            ready.signal()
            return
        }
        let budget = ConnectionBudget.current()
        session = apod_soup_session_new(guint(budget.connections), guint(budget.connectionsPerHost))
        soup_session_set_user_agent(session, HTTPClient.userAgent)
        // libsoup's own 60-s I/O time-out would cut a longer APOD_TIMEOUT short; every
        // exchange has a whole-attempt deadline of its own.
        soup_session_set_timeout(session, 0)
        let mainLoop = g_main_loop_new(context, 0)
        ready.signal()
        g_main_loop_run(mainLoop)
    }

    /// The context's wake-up descriptor, and what loading the proxy and TLS modules keeps
    /// (the settings backend's worker) or opens for a moment (the libraries).
    private static let descriptorsForModules = 6
    /// A socket, and room to resolve a name or write a cache file beside it.
    private static let descriptorsForAConnection = 2

    /// Address space for the threads GIO starts beside the loop's own (its worker, the settings
    /// backend's, the proxy and name lookups), which GLib aborts the process over when
    /// `ulimit -v` refuses them: 8 MB of stack each, and a 64 MB malloc arena for each thread
    /// that allocates. With less than this left, `ulimit -v 400000` aborted in GLib; with it,
    /// the start fails with `outOfResources` instead.
    private static let addressSpaceForThreads = 256

    /// libdispatch makes its timer and wake-up descriptors on first use, and traps if it
    /// cannot: have it make them now (retries sleep on its timers), before descriptors are
    /// counted, rather than after the connections took the last ones. A queue of its own runs
    /// the timer, so no thread of the (possibly busy) shared pool is needed.
    private static func startDispatchTimers() {
        let fired = DispatchSemaphore(value: 0)
        DispatchQueue(label: "apod.http.start").asyncAfter(deadline: .now()) { fired.signal() }
        fired.wait()
    }

    /// Whether `megabytes` of address space can still be reserved (nothing is committed).
    private static func addressSpaceFree(megabytes: Int) -> Bool {
        let size = megabytes << 20
        guard let region = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            region != MAP_FAILED
        else { return false }
        munmap(region, size)
        return true
    }

    private static func descriptorsFree(_ count: Int) -> Bool {
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for _ in 0..<count {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return errno != EMFILE && errno != ENFILE }
            opened.append(fd)
        }
        return true
    }

    private final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
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
