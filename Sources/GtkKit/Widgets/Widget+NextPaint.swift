import CGtk

extension Widget {
    /// Runs `body` once, right after the next frame of this widget's window is painted; a widget
    /// not realized yet waits for its realization first. For tracing when something reached the
    /// screen, not for layout: nothing runs if the widget is never shown.
    public func afterNextPaint(_ body: @escaping @MainActor () -> Void) {
        let waiter = PaintWaiter(body)
        if let clock = gtk_widget_get_frame_clock(widgetPointer) {
            waiter.wait(on: clock)
            return
        }
        let instance = UnsafeMutableRawPointer(widgetPointer)
        waiter.realizeHandler = Signal.connect(instance, "realize") { [widgetPointer] in
            waiter.dropRealizeHandler(instance)
            if let clock = gtk_widget_get_frame_clock(widgetPointer) { waiter.wait(on: clock) }
        }
    }
}

/// One wait for a frame clock's `after-paint`, disconnected after its first emission.
@MainActor
private final class PaintWaiter {
    private var body: (@MainActor () -> Void)?
    var realizeHandler: UInt?
    private var paintHandler: UInt?
    private var clock: UnsafeMutableRawPointer?

    init(_ body: @escaping @MainActor () -> Void) { self.body = body }

    func wait(on frameClock: OpaquePointer) {
        let instance = UnsafeMutableRawPointer(frameClock)
        g_object_ref(instance)
        clock = instance
        paintHandler = Signal.connect(instance, "after-paint") { [self] in
            if let clock, let paintHandler { g_signal_handler_disconnect(clock, gulong(paintHandler)) }
            paintHandler = nil
            let pending = body
            body = nil
            if let clock { g_object_unref(clock) }
            clock = nil
            pending?()
        }
    }

    func dropRealizeHandler(_ instance: UnsafeMutableRawPointer) {
        if let realizeHandler { g_signal_handler_disconnect(instance, gulong(realizeHandler)) }
        realizeHandler = nil
    }
}
