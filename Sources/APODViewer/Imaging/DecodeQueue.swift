import Foundation

/// Runs picture decoding on a few threads of its own, one per core by default.
///
/// Decoding blocks a thread for tens of milliseconds. Done in Swift's cooperative pool (one
/// thread per core) it would stall every other task, downloads included; unbounded it would
/// oversubscribe the cores and hold many full-size buffers at once. Work whose task is
/// cancelled while it waits for a thread is skipped.
public final class DecodeQueue: Sendable {
    public static let shared = DecodeQueue(threads: ProcessInfo.processInfo.activeProcessorCount)

    public let threads: Int
    private let operations: OperationQueue

    public init(threads: Int) {
        self.threads = max(1, threads)
        operations = OperationQueue()
        operations.name = "apod.decode"
        operations.maxConcurrentOperationCount = self.threads
        operations.qualityOfService = .userInitiated
    }

    /// Runs `work` on one of the queue's threads and returns its result.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                operations.addOperation {
                    guard !cancelled.isSet else { return continuation.resume(throwing: CancellationError()) }
                    continuation.resume(with: Result { try work() })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }
}

/// Set once from any thread when the waiting task is cancelled.
private final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
