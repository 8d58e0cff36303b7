import Foundation

/// The times the bench reads, in seconds.
enum Clock {
    /// Monotonic wall time.
    static func now() -> Double { read(CLOCK_MONOTONIC) }

    /// CPU time of the calling thread.
    static func threadCPU() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time of the whole process, user and system, every thread.
    static func processCPU() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// How often the calling thread was taken off its core while it could have run
    /// (involuntary context switches), so far.
    static func threadPreemptions() -> Int {
        var usage = rusage()
        getrusage(Self.thisThread, &usage)
        return usage.ru_nivcsw
    }

    /// Linux's RUSAGE_THREAD, which Glibc's Swift module does not export (it needs _GNU_SOURCE).
    private static let thisThread: __rusage_who_t = __rusage_who_t(1)

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
