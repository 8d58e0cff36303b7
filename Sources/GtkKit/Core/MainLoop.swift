import CGtk

/// A GLib main loop on the default context, for a program that runs GTK's loop itself
/// instead of through `Application` (each of the bench's rows does). Unchecked Sendable for
/// its C pointer: a GMainLoop is thread-safe, and `quit` is the one call made off its thread.
public final class MainLoop: @unchecked Sendable {
    private let loop: OpaquePointer

    public init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit { g_main_loop_unref(loop) }

    /// Runs until `quit()`.
    @MainActor
    public func run() {
        g_main_loop_run(loop)
    }

    /// Ends `run()`. Safe from any thread; asked before `run()` started, it still ends it,
    /// because the quit itself runs from the loop.
    public func quit() {
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(g_main_loop_ref(loop)),
            { data in
                g_main_loop_unref(OpaquePointer(data))
            })
    }
}
