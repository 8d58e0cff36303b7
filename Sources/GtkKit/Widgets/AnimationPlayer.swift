import CGtk

/// Plays a `PixbufAnimation` in a `Picture`: each frame becomes the picture's texture when
/// its time comes (a one-shot GLib timeout per frame, at the frame's own delay). It runs only
/// while the picture is mapped, so a hidden window or a scrolled-away cell costs nothing, and
/// holds one frame at a time. `stop()` (or the picture leaving the screen for good) ends it.
@MainActor
public final class AnimationPlayer {
    /// Frames faster than this are shown at `slowDelay`, as browsers do for 0–10 ms GIFs.
    static let minimumDelay = 20
    static let slowDelay = 100

    public let animation: PixbufAnimation
    /// How many frames have been put on the picture (tests, diagnostics).
    public private(set) var framesShown = 0
    public var isRunning: Bool { source != 0 }
    private let picture: Picture
    private let iterator: OpaquePointer
    private var source: guint = 0
    private var isStopped = false
    private var mapHandler: UInt = 0
    private var unmapHandler: UInt = 0

    public init(_ animation: PixbufAnimation, in picture: Picture) {
        self.animation = animation
        self.picture = picture
        iterator = gdk_pixbuf_animation_get_iter(animation.pointer, nil)
        let instance = UnsafeMutableRawPointer(picture.widgetPointer)
        mapHandler = Signal.connect(instance, "map") { [weak self] in self?.resume() }
        unmapHandler = Signal.connect(instance, "unmap") { [weak self] in self?.pause() }
        showFrame()
        if picture.isMapped { schedule() }
    }

    isolated deinit { stop() }

    /// Ends playback for good; the last frame stays on the picture.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        pause()
        let instance = UnsafeMutableRawPointer(picture.widgetPointer)
        g_signal_handler_disconnect(instance, gulong(mapHandler))
        g_signal_handler_disconnect(instance, gulong(unmapHandler))
        g_object_unref(UnsafeMutableRawPointer(iterator))
    }

    private func resume() {
        guard !isStopped, source == 0 else { return }
        // Catch up with the time spent off screen, then go on from there.
        if gdk_pixbuf_animation_iter_advance(iterator, nil) != 0 { showFrame() }
        schedule()
    }

    private func pause() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    private func schedule() {
        let delay = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        guard !isStopped, delay >= 0 else { return } // -1: the last frame stays for ever
        let box = ClosureBox<@MainActor () -> Void> { [weak self] in self?.tick() }
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(delay < Self.minimumDelay ? Self.slowDelay : delay),
            { data in
                let tick = ClosureBox<@MainActor () -> Void>.from(data)
                MainActor.assumeIsolated { tick() }
                return 0
            }, box.retainedPointer,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }

    private func tick() {
        source = 0
        if gdk_pixbuf_animation_iter_advance(iterator, nil) != 0 { showFrame() }
        schedule()
    }

    /// The iterator's pixbuf is reused for the next frame, so the texture gets a copy.
    private func showFrame() {
        guard let frame = gdk_pixbuf_animation_iter_get_pixbuf(iterator), let copy = gdk_pixbuf_copy(frame) else {
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(copy)) }
        picture.setTexture(Texture(owning: gdk_texture_new_for_pixbuf(copy)))
        framesShown += 1
    }
}
