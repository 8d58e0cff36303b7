import GtkKit

/// The connection as the daily picture needs to know it; GIO's monitor in the app, a fake in tests.
@MainActor
protocol NetworkState: AnyObject {
    var isAvailable: Bool { get }
    var isMetered: Bool { get }
    func onChange(_ handler: @escaping @MainActor () -> Void)
}

extension NetworkMonitor: NetworkState {}
