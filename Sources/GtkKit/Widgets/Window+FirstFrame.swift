import CGtk

extension Window {
    /// Runs `body` once on the main loop after the window's next frame is drawn, or after
    /// `limit` seconds if no frame comes (a window that is not shown). Opening a second window
    /// this way keeps the two windows' realizing and first frames out of one main-loop
    /// iteration: under software GL each costs the main thread tens of milliseconds.
    public func afterNextFrame(limit: Int = 1, _ body: @escaping @MainActor () -> Void) {
        let once = OnceBody(body)
        guard !isDestroyed, let clock = gtk_widget_get_frame_clock(widgetPointer) else {
            NextIteration.run { once.run() }
            return
        }
        let instance = UnsafeMutableRawPointer(clock)
        g_object_ref(instance)
        once.clock = instance
        let fallback = Timeout(seconds: limit) {
            once.release()
            once.run()
        }
        once.handler = Signal.connect(instance, "after-paint") {
            fallback.cancel()
            once.release()
            NextIteration.run { once.run() }
        }
    }
}

/// The body, run at most once, and the frame clock it waits on: whichever of the frame and
/// the time limit comes first disconnects the handler and drops the clock's reference.
@MainActor
private final class OnceBody {
    private var body: (@MainActor () -> Void)?
    var clock: UnsafeMutableRawPointer?
    var handler: UInt?
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }

    func run() {
        let pending = body
        body = nil
        pending?()
    }

    func release() {
        guard let clock else { return }
        if let handler { g_signal_handler_disconnect(clock, gulong(handler)) }
        handler = nil
        self.clock = nil
        g_object_unref(clock)
    }
}
