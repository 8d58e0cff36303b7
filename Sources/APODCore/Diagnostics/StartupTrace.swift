import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `APOD_TRACE=1`: one line on stderr per step of start-up, up to the first frame that shows a
/// picture, timed from the process's own start (the kernel's record of it, so time spent before
/// `main` — the dynamic loader, Swift's runtime — is counted too):
///
///     apod-trace: 0.412 s gtk-init
///
/// A step is printed the first time it happens; a disk sync each time, so every fsync on the way
/// to the first picture is named. Nothing is printed after the first picture's frame but the
/// steps start-up puts off until then (`Step.afterFirstPicture`). The bench's
/// `open` row reads these lines to name the step that regressed.
public enum StartupTrace {
    public enum Step: String, CaseIterable, Sendable {
        case processStart = "process-start"
        case gtkInit = "gtk-init"
        case adwaitaInit = "adwaita-init"
        case rendererChosen = "renderer-chosen"
        /// The main window asked its source for the day (before it is presented).
        case entryAsked = "entry-asked"
        case windowMapped = "window-mapped"
        /// The main window asked for the day's picture, once the entry came.
        case pictureAsked = "picture-asked"
        case firstRequest = "first-request"
        case firstByte = "first-byte"
        case decodeStart = "decode-start"
        case decodeEnd = "decode-end"
        case firstPictureFrame = "first-picture-frame"
        case diskSync = "disk-sync"
        /// Put off until the first picture is on screen, so traced after it.
        case archiveOpened = "archive-opened"
        case historyWritten = "history-written"
        case searchProviderExported = "search-provider-exported"
        /// The child that probes GL for the next start ended (when this start did not know).
        case rendererProbed = "renderer-probed"

        /// The steps start-up puts off until after the first picture: traced after its frame
        /// (each once), to show that they wait for it. Not part of the way to the picture.
        public static let afterFirstPicture: Set<Step> = [
            .archiveOpened, .historyWritten, .searchProviderExported, .rendererProbed,
        ]
    }

    /// The line's prefix, which the bench's parser looks for.
    public static let prefix = "apod-trace: "

    private struct State {
        var seen: Set<Step> = []
        var finished = false
    }

    private static let enabled = ["1", "memory"].contains(ProcessInfo.processInfo.environment["APOD_TRACE"])
    /// `APOD_TRACE=memory`: each line also says the process's resident and peak memory then.
    private static let showsMemory = ProcessInfo.processInfo.environment["APOD_TRACE"] == "memory"
    private static let state = Mutex(State())
    /// Seconds on CLOCK_BOOTTIME at which the kernel started this process.
    private static let processStart: Double? = readProcessStart()

    /// Whether a trace is being printed (so callers can skip building a detail).
    public static var isOn: Bool { enabled }

    /// Records `step`, with an optional `detail` (a renderer's name, a file's name).
    public static func mark(_ step: Step, _ detail: String = "") {
        guard enabled else { return }
        let now = bootTime()
        let shouldPrint = state.withLock { state -> Bool in
            guard !state.finished || Step.afterFirstPicture.contains(step) else { return false }
            if step == .firstPictureFrame { state.finished = true }
            if step == .diskSync { return true }
            return state.seen.insert(step).inserted
        }
        guard shouldPrint else { return }
        let elapsed = now - (processStart ?? now)
        let detail = showsMemory ? [detail, memory()].filter { !$0.isEmpty }.joined(separator: " ") : detail
        let line = prefix + String(format: "%.3f s ", elapsed) + step.rawValue + (detail.isEmpty ? "" : " " + detail)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// One parsed line of a trace, for the bench.
    public struct Line: Equatable, Sendable {
        public let seconds: Double
        public let step: Step
        public let detail: String
    }

    /// The trace lines in `text` (a process's stderr), other lines ignored.
    public static func lines(in text: String) -> [Line] {
        text.split(separator: "\n").compactMap { raw in
            guard raw.hasPrefix(prefix) else { return nil }
            let fields = raw.dropFirst(prefix.count).split(separator: " ", maxSplits: 3)
            guard fields.count >= 3, fields[1] == "s", let seconds = Double(fields[0]),
                let step = Step(rawValue: String(fields[2]))
            else { return nil }
            return Line(seconds: seconds, step: step, detail: fields.count > 3 ? String(fields[3]) : "")
        }
    }

    /// `[rss 91.8 MB, peak 92.0 MB]` from /proc/self/status (VmRSS, VmHWM).
    private static func memory() -> String {
        // Read to the end: procfs files have no size, and a read by size stops early.
        let data = FileHandle(forReadingAtPath: "/proc/self/status")?.readDataToEndOfFile() ?? Data()
        var kilobytes: [String: Double] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            if fields.count >= 2, ["VmRSS", "VmHWM"].contains(fields[0]) {
                kilobytes[String(fields[0])] = Double(fields[1])
            }
        }
        return String(
            format: "[rss %.1f MB, peak %.1f MB]", (kilobytes["VmRSS"] ?? 0) / 1000, (kilobytes["VmHWM"] ?? 0) / 1000)
    }

    private static func bootTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Field 22 of /proc/self/stat: the start time in clock ticks since boot.
    private static func readProcessStart() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
