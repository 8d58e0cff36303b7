import Foundation

/// The times the bench reads, in seconds.
enum Clock {
    /// Monotonic wall time.
    static func now() -> Double { read(CLOCK_MONOTONIC) }

    /// CPU time of the calling thread.
    static func threadCPU() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time of the whole process, user and system, every thread.
    static func processCPU() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// Time the calling thread has spent ready to run but waiting for a core, so far (the
    /// second field of Linux's /proc/thread-self/schedstat); nil where the kernel does not say.
    static func threadRunQueueWait() -> Double? {
        let fd = open("/proc/thread-self/schedstat", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = Glibc.read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let nanoseconds = Double(fields[1]) else { return nil }
        return nanoseconds / 1_000_000_000
    }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
