import CGtk

extension Application {
    /// Keeps the application running with no window open (GApplication's use count), as an app
    /// that works in the background does; balance each call with `release()`.
    public func hold() { g_application_hold(gApplicationPointer) }

    public func release() { g_application_release(gApplicationPointer) }

    /// Each time the user closes the application's last window (it is destroyed or removed
    /// from the application); not for windows going because the application quits.
    public func onLastWindowClosed(_ handler: @escaping @MainActor () -> Void) {
        let shutdown = ShutdownFlag()
        Signal.connect(UnsafeMutableRawPointer(applicationPointer), "shutdown") { shutdown.hasBegun = true }
        Signal.connectPointer(UnsafeMutableRawPointer(applicationPointer), "window-removed") { [applicationPointer] _ in
            if !shutdown.hasBegun, gtk_application_get_windows(applicationPointer) == nil { handler() }
        }
    }

    /// Shows `notification` through the desktop's notification service (GNotification picks
    /// the portal, GNOME Shell's interface or org.freedesktop.Notifications). A later one with
    /// the same `id` replaces it. The application must be registered.
    public func send(_ notification: Notification, id: String) {
        g_application_send_notification(gApplicationPointer, id, notification.pointer)
    }

    public func withdrawNotification(id: String) {
        g_application_withdraw_notification(gApplicationPointer, id)
    }

    var gApplicationPointer: UnsafeMutablePointer<GApplication> {
        UnsafeMutablePointer(OpaquePointer(applicationPointer))
    }
}

/// Set once GApplication's "shutdown" runs (before GTK's own cleanup, which may destroy windows).
@MainActor
private final class ShutdownFlag {
    var hasBegun = false
}
