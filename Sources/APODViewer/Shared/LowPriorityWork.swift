import Foundation
import Glibc

/// Long drawing nobody waits for (a background made again after the monitors changed) on a
/// thread of its own at a lower priority (`nice` 10 more than the caller's), so that on a busy machine the main
/// thread, which draws the windows and answers input, gets a core first. The thread ends with
/// the work: a thread of Swift's pool, once lowered, could not be raised again without
/// privileges.
enum LowPriorityWork {
    static let niceness: Int32 = 10

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                // On Linux the nice value is a thread's own, and 0 names the calling thread.
                let which = __priority_which_t(PRIO_PROCESS.rawValue)
                _ = setpriority(which, 0, min(19, getpriority(which, 0) + niceness))
                continuation.resume(with: Result { try work() })
            }
            thread.name = "apod-low-priority"
            thread.start()
        }
    }
}
