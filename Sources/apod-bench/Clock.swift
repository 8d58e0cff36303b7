import Foundation

/// The times the bench reads, in seconds.
enum Clock {
    /// Monotonic wall time.
    static func now() -> Double { read(CLOCK_MONOTONIC) }

    /// CPU time of the calling thread.
    static func threadCPU() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time of the whole process, user and system, every thread.
    static func processCPU() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
