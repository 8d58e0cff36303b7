import Foundation

/// A value the application can replace while windows keep using it: every window holds the
/// same `Switchable`, and the next call goes to whatever stands behind it now (preferences
/// changed, offline fallback, an emptied cache). The conformances (`SwitchableSource`,
/// `SwitchableFetcher`) only forward to `upstream`.
final class Switchable<Upstream>: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var current: Upstream

    init(_ upstream: Upstream) {
        current = upstream
    }

    var upstream: Upstream {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
