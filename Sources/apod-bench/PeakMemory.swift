import Foundation

/// This process's peak resident set ("VmHWM" in /proc/self/status), in MiB.
enum PeakMemory {
    static func megabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return 0 }
        return kilobytes / 1024
    }
}
