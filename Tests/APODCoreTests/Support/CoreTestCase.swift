import Foundation
import XCTest

/// Base of the core's test classes: a watchdog ends the run, naming the test, if one test takes
/// longer than `timeLimit`, so a hang fails in bounded time instead of stalling the suite (and
/// CI) for ever. Tests that wait on something that may never come also use `within`.
class CoreTestCase: XCTestCase, @unchecked Sendable {
    /// Far above the slowest core test (the CLI fault tests take ~20 s on a loaded machine).
    class var timeLimit: TimeInterval { 180 }

    override func invokeTest() {
        let name = self.name
        let limit = Self.timeLimit
        let watchdog = DispatchWorkItem {
            FileHandle.standardError.write(
                Data("watchdog: \(name) still running after \(Int(limit)) s, aborting\n".utf8))
            exit(3)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        defer { watchdog.cancel() }
        super.invokeTest()
    }
}

/// Thrown by `within` when the awaited work did not end in time.
struct StillRunning: Error, CustomStringConvertible {
    let what: String
    let seconds: TimeInterval
    var description: String { "\(what) did not end within \(seconds) s" }
}

/// The value of `task`, or `StillRunning` after `seconds` if it has not ended by then (the task
/// is left behind: the point is that the test fails instead of hanging with it).
func within<T: Sendable>(_ seconds: TimeInterval, _ what: String, _ task: Task<T, any Error>) async throws -> T {
    let outcome = Outcome<T>()
    return try await withCheckedThrowingContinuation { continuation in
        outcome.continuation = continuation
        let timer = Task {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            outcome.resume(with: .failure(StillRunning(what: what, seconds: seconds)))
        }
        Task {
            outcome.resume(with: await task.result)
            timer.cancel()
        }
    }
}

/// Resumes a continuation once, whichever of the task and the timer comes first.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: CheckedContinuation<T, any Error>?

    var continuation: CheckedContinuation<T, any Error>? {
        get { lock.withLock { pending } }
        set { lock.withLock { pending = newValue } }
    }

    func resume(with result: Result<T, any Error>) {
        let waiting = lock.withLock { () -> CheckedContinuation<T, any Error>? in
            defer { pending = nil }
            return pending
        }
        waiting?.resume(with: result)
    }
}
