import CGtk

/// Tells when a display's monitors change: one plugged in or unplugged (the monitor list's
/// `items-changed`), or one moved, rotated or rescaled (a monitor's `geometry` or
/// `scale-factor`). GDK emits several of these for one change of the layout; listeners wait
/// for it to settle.
@MainActor
public final class MonitorWatch {
    /// Something about the monitors changed.
    public let changed = Event<Void>()
    private let list: OpaquePointer?
    private var listHandler: UInt = 0
    /// Each watched monitor, referenced so that its handlers can always be disconnected.
    private var watched: [(monitor: gpointer, handlers: [UInt])] = []

    /// Watches `display` (the default display when nil); watches nothing without one.
    public init(display: OpaquePointer? = nil) {
        guard let display = display ?? gdk_display_get_default() else {
            list = nil
            return
        }
        let list = gdk_display_get_monitors(display)
        self.list = list
        g_object_ref(UnsafeMutableRawPointer(list))
        listHandler = Signal.connectItemsChanged(UnsafeMutableRawPointer(list!)) { [weak self] _, _, _ in
            self?.watchMonitors()
            self?.changed.emit()
        }
        watchMonitors()
    }

    isolated deinit {
        stop()
        if let list { g_object_unref(UnsafeMutableRawPointer(list)) }
    }

    /// Stops watching; no more changes are told.
    public func stop() {
        unwatchMonitors()
        guard let list else { return }
        if listHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(list), gulong(listHandler)) }
        listHandler = 0
    }

    /// Follows the monitors in the list now: a new one is watched, a gone one let go.
    private func watchMonitors() {
        unwatchMonitors()
        guard let list else { return }
        for index in 0..<g_list_model_get_n_items(list) {
            // The list's reference, kept until the monitor is let go.
            guard let monitor = g_list_model_get_item(list, index) else { continue }
            let handlers = ["notify::geometry", "notify::scale-factor"].map { name in
                Signal.connectPointer(monitor, name) { [weak self] _ in self?.changed.emit() }
            }
            watched.append((monitor, handlers))
        }
    }

    private func unwatchMonitors() {
        for (monitor, handlers) in watched {
            for handler in handlers { g_signal_handler_disconnect(monitor, gulong(handler)) }
            g_object_unref(monitor)
        }
        watched = []
    }
}
