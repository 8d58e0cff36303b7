import CGtk

extension Window {
    /// Asks the window manager for fullscreen; `isFullscreen` follows once it agrees.
    public func fullscreen() {
        if !isDestroyed { gtk_window_fullscreen(cast()) }
    }

    public func unfullscreen() {
        if !isDestroyed { gtk_window_unfullscreen(cast()) }
    }

    /// Whether the window manager shows the window fullscreen now.
    public var isFullscreen: Bool { !isDestroyed && gtk_window_is_fullscreen(cast()) != 0 }

    /// Runs `handler` when the window enters or leaves fullscreen, whoever asked for it.
    public func onFullscreenChanged(_ handler: @escaping @MainActor (Bool) -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::fullscreened") { [weak self] _ in
            if let self { handler(self.isFullscreen) }
        }
    }
}
