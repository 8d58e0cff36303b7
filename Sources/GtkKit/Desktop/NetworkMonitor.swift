import CGtk

/// What GIO's network monitor (NetworkManager's view, or the kernel's routes) says about the
/// connection: whether there is one, and whether it is metered (a phone hotspot, mobile data).
@MainActor
public final class NetworkMonitor {
    private let monitor: OpaquePointer

    public init() {
        monitor = g_network_monitor_get_default()
    }

    public var isAvailable: Bool { g_network_monitor_get_network_available(monitor) != 0 }

    public var isMetered: Bool { g_network_monitor_get_network_metered(monitor) != 0 }

    /// Runs whenever the connection changes (available, metered, routes).
    public func onChange(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectInt(UnsafeMutableRawPointer(monitor), "network-changed") { _ in handler() }
        Signal.connectPointer(UnsafeMutableRawPointer(monitor), "notify::network-metered") { _ in handler() }
    }
}
