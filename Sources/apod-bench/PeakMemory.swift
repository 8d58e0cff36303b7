import Foundation

/// This process's resident memory from /proc/self/status, in MiB.
enum PeakMemory {
    /// The process's peak resident memory (VmHWM).
    static func megabytes() -> Double { status("VmHWM:") }

    /// The process's resident memory now (VmRSS).
    static func residentMegabytes() -> Double { status("VmRSS:") }

    private static func status(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return 0 }
        return kilobytes / 1024
    }
}
