import CGtk

extension Window {
    /// Makes this window a modal dialog of `parent`: it stays above it, blocks it, and its
    /// header bar offers no minimize or maximize button (GTK drops them for such windows).
    public func makeDialog(of parent: Window) {
        gtk_window_set_transient_for(cast(), parent.cast())
        gtk_window_set_modal(cast(), 1)
        gtk_window_set_destroy_with_parent(cast(), 1)
    }

    /// Keeps this window above `parent` (centred on it, closed with it) without blocking it:
    /// for windows used beside the main one, such as preferences.
    public func keepAbove(_ parent: Window) {
        gtk_window_set_transient_for(cast(), parent.cast())
        gtk_window_set_modal(cast(), 0)
        gtk_window_set_destroy_with_parent(cast(), 1)
    }

    public var isModal: Bool { !isDestroyed && gtk_window_get_modal(cast()) != 0 }

    /// The window this one is a dialog of, when it is `candidate`.
    public func isDialog(of candidate: Window) -> Bool {
        !isDestroyed && gtk_window_get_transient_for(cast()) == candidate.cast()
    }

    /// The width the window has (or will have once shown): GTK keeps its default width in
    /// step with the user's resizing, so it is the width layouts adapt to.
    public var currentWidth: Int {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(cast(), &width, &height)
        return Int(width)
    }

    /// Calls `handler` whenever the window's width changes (resized by the user or `resize`).
    public func onWidthChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::default-width") { _ in handler() }
    }
}
