import CGtk

extension Widget {
    /// Calls `handler` each time the widget is mapped (about to be drawn: its window is shown
    /// and every ancestor is visible), for work worth doing only once it can be seen.
    public func onMap(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "map", handler)
    }
}
