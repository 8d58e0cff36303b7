import Foundation

/// A value shared between a test and the threads it starts (a server handler, a reader),
/// behind a lock: the one box for "set here, read there" in tests.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
