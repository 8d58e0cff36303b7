import Foundation
import Synchronization

/// A value the application can replace while windows keep using it: every window holds the
/// same `Switchable`, and the next call goes to whatever stands behind it now (preferences
/// changed, offline fallback, an emptied cache). The conformances (`SwitchableSource`,
/// `SwitchableFetcher`) only forward to `upstream`.
final class Switchable<Upstream: Sendable>: Sendable {
    private let current: Mutex<Upstream>

    init(_ upstream: Upstream) {
        current = Mutex(upstream)
    }

    var upstream: Upstream {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
