import Foundation

/// A caller's chunk consumer as the shared download sees it. The caller detaches it when it
/// leaves (cancelled), so a picture nobody will show is not decoded for nothing, while the
/// download goes on for the others.
final class ConsumerSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var consumer: (any ImageChunkConsumer)?
    private var wholePicture = false

    init(_ consumer: any ImageChunkConsumer) {
        self.consumer = consumer
    }

    /// The consumer, unless its caller has left.
    var attached: (any ImageChunkConsumer)? {
        lock.withLock { consumer }
    }

    func detach() {
        lock.withLock { consumer = nil }
    }

    /// Whether the consumer was handed every byte of a picture that passed the checks.
    var delivered: Bool {
        lock.withLock { wholePicture && consumer != nil }
    }

    /// Called by the download once the bytes it handed over passed the checks.
    func markDelivered() {
        lock.withLock { wholePicture = true }
    }
}
