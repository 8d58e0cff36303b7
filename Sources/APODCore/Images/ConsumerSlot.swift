import Foundation
import Synchronization

/// A caller's chunk consumer as the shared download sees it. The caller detaches it when it
/// leaves (cancelled), so a picture nobody will show is not decoded for nothing, while the
/// download goes on for the others.
final class ConsumerSlot: Sendable {
    private struct State {
        var consumer: (any ImageChunkConsumer)?
        var wholePicture = false
    }

    private let state: Mutex<State>

    init(_ consumer: any ImageChunkConsumer) {
        state = Mutex(State(consumer: consumer))
    }

    /// The consumer, unless its caller has left.
    var attached: (any ImageChunkConsumer)? {
        state.withLock { $0.consumer }
    }

    func detach() {
        state.withLock { $0.consumer = nil }
    }

    /// Whether the consumer was handed every byte of a picture that passed the checks.
    var delivered: Bool {
        state.withLock { $0.wholePicture && $0.consumer != nil }
    }

    /// Called by the download once the bytes it handed over passed the checks.
    func markDelivered() {
        state.withLock { $0.wholePicture = true }
    }
}
