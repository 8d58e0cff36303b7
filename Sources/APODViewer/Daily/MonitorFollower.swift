import GtkKit

/// Follows the monitors for the automatic background: GDK tells of a change of the layout in
/// several steps (a monitor added, then moved, then rescaled), so the background is made again
/// once nothing has changed for `quietPeriod`, and only then.
@MainActor
final class MonitorFollower {
    /// How long the layout stays unchanged before the background follows it.
    static let quietPeriod = 2.0

    private let rebuild: @MainActor () -> Bool
    private let subscription: Subscription
    private var timer: Timeout?

    /// - Parameter rebuild: makes the background for the layout now; false when busy, so it is
    ///   asked again after another quiet period.
    init(changes: Event<Void>, rebuild: @escaping @MainActor () -> Bool) {
        self.rebuild = rebuild
        let settle = SettleBox()
        subscription = changes.subscribe { settle.follower?.changed() }
        settle.follower = self
    }

    /// A change: the quiet period starts again.
    func changed() {
        timer?.cancel()
        timer = Timeout(milliseconds: Int(Self.quietPeriod * 1000)) { [weak self] in self?.settled() }
    }

    private func settled() {
        timer = nil
        if !rebuild() { changed() }
    }

    func stop() {
        timer?.cancel()
        timer = nil
        subscription.cancel()
    }
}

/// Lets the subscription made in `init` reach the follower without keeping it alive.
@MainActor
private final class SettleBox {
    weak var follower: MonitorFollower?
}
