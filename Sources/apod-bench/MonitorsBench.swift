import APODCore
import APODViewer
import Foundation
import GtkKit
import WallpaperComposition

/// The `monitors` row (issue 31): composing one spanned background for 1, 2 and 3 monitors
/// (1920×1080, 1080×1920, 3840×2160@2) from a cached 6000×4000 picture, each in a fresh process
/// so its peak RSS is its own, against composing the largest monitor alone in the same run.
/// Rounds interleave the cases; each case's time is the median of its rounds.
enum MonitorsBench {
    static let flag = "--monitors-case"
    static let stallFlag = "--monitors-stall"
    static let rounds = 3
    /// The main loop's longest stall while the app rebuilds a background.
    static let stallTarget = 50.0

    struct Case: Sendable {
        var name: String
        var layout: String
        var monitors: Int
    }

    static let cases = [
        Case(name: "largest alone", layout: "3840x2160@2+0+0", monitors: 1),
        Case(name: "1 monitor", layout: "1920x1080@1+0+0", monitors: 1),
        Case(name: "2 monitors", layout: "1920x1080@1+0+0,1080x1920@1+1920+0", monitors: 2),
        Case(name: "3 monitors", layout: "1920x1080@1+0+0,1080x1920@1+1920+0,3840x2160@2+3000+0", monitors: 3),
    ]

    struct Measurement: Codable, Sendable {
        var seconds: Double
        var peakRSSMegabytes: Double
        var canvas: String
    }

    /// In the child process: composes `layout` once from the picture at `path` (read before the
    /// clock starts, as from the cache) and prints the measurement as JSON.
    static func measureCase(_ arguments: [String]) -> Never {
        guard arguments.count == 3, let layout = try? MonitorLayout.parse(arguments[1]),
            let picture = FileManager.default.contents(atPath: arguments[2])
        else { fail("bad monitors-case arguments") }
        let caption = Caption(title: "A Nebula for Every Screen", details: "2026 Dec. 2 · © APOD Viewer bench")
        let screens = layout.monitors.map { _ in SpannedComposer.Screen(picture: picture, caption: caption) }
        let start = Clock.now()
        do {
            let span = try SpannedComposer.compose(layout, screens: screens)
            let measurement = Measurement(
                seconds: Clock.now() - start, peakRSSMegabytes: PeakMemory.megabytes(), canvas: span.size.description)
            FileHandle.standardOutput.write((try? JSONEncoder().encode(measurement)) ?? Data())
            exit(0)
        } catch {
            fail("monitors \(arguments[1]): \(error)")
        }
    }

    /// The rebuild the app makes when the monitors change, from two monitors to three.
    struct Rebuild: Codable, Sendable {
        var seconds: Double
        var stall: StallMonitor.Stall
        /// The longest stall of the same timer for as long again with nothing to do: the
        /// machine's own share (other programs taking the cores).
        var idleStall: StallMonitor.Stall
    }

    /// In the child process: the app's automatic background made for `cases[2]`'s layout and set,
    /// then, with a 10 ms timer ticking on the main loop, made again for `cases[3]`'s as after a
    /// change of the monitors (its WorkSlot, off the main thread); prints the rebuild's time and
    /// the main loop's longest stall meanwhile as JSON.
    static func measureStall(_ arguments: [String]) -> Never {
        guard arguments.count == 2, let picture = FileManager.default.contents(atPath: arguments[1]),
            let two = try? MonitorLayout.parse(cases[2].layout), let three = try? MonitorLayout.parse(cases[3].layout)
        else { fail("bad monitors-stall arguments") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-rebuild-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result: Rebuild? = MainActor.assumeIsolated {
            let loop = MainLoop()
            let stalls = StallMonitor()
            var result: Rebuild?
            guard let bench = try? MonitorRebuildBench(picture: picture, layout: two, folder: folder) else {
                return nil
            }
            bench.setFirst { taken in
                guard taken else { return loop.quit() }
                stalls.start()
                let start = Clock.now()
                bench.rebuild(for: three) {
                    let seconds = Clock.now() - start
                    stalls.stop()
                    let idle = StallMonitor()
                    idle.start()
                    _ = Timeout(milliseconds: Int(seconds * 1000)) {
                        idle.stop()
                        if bench.compositionsMade == 2 {
                            result = Rebuild(seconds: seconds, stall: stalls.worst, idleStall: idle.worst)
                        }
                        loop.quit()
                    }
                }
            }
            loop.run()
            return result
        }
        guard let result else { fail("monitors-stall: the rebuild did not finish") }
        FileHandle.standardOutput.write((try? JSONEncoder().encode(result)) ?? Data())
        exit(0)
    }

    /// Runs every case in its own process, `rounds` times interleaved, and prints the table.
    static func run() -> Never {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-monitors-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let picture = folder.appendingPathComponent("picture.jpg")
            try Pixbufs.jpeg(Pixbufs.openPicture(width: 6000, height: 4000)).write(to: picture)
            var measured: [Int: [Measurement]] = [:]
            var rebuilds: [Rebuild] = []
            for _ in 0..<rounds {
                for (index, item) in cases.enumerated() {
                    measured[index, default: []].append(try child(item.layout, picture: picture.path))
                }
                rebuilds.append(try stallChild(picture: picture.path))
            }
            print(table(measured))
            print(stallLine(rebuilds))
            exit(0)
        } catch {
            fail("monitors: \(error)")
        }
    }

    private static func child(_ layout: String, picture: String) throws -> Measurement {
        try runSelf([flag, layout, picture], what: "the \(layout) composition")
    }

    private static func stallChild(picture: String) throws -> Rebuild {
        try runSelf([stallFlag, picture], what: "the rebuild")
    }

    /// Runs this bench again with `arguments` in a process of its own (for its own peak RSS)
    /// and decodes the JSON it prints.
    private static func runSelf<Result: Decodable>(_ arguments: [String], what: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Pixbufs.Failure(description: "\(what) failed (\(process.terminationStatus))")
        }
        return try JSONDecoder().decode(Result.self, from: data)
    }

    /// The rebuild's median time and its worst stall over the rounds, against the target.
    static func stallLine(_ rebuilds: [Rebuild]) -> String {
        let worst = rebuilds.map(\.stall).max { $0.milliseconds < $1.milliseconds } ?? StallMonitor.Stall()
        let idle = rebuilds.map(\.idleStall).max { $0.milliseconds < $1.milliseconds } ?? StallMonitor.Stall()
        let seconds = median(rebuilds.map(\.seconds))
        return String(
            format:
                "rebuild 2 → 3 monitors in the app (off the main thread): %.3f s; main loop's longest stall %.1f ms (main thread CPU %.1f ms, waiting for a core %.1f ms; as long idle: %.1f ms), target ≤ %.0f ms: ",
            seconds, worst.milliseconds, worst.mainThreadCPUMilliseconds, worst.runQueueWaitMilliseconds,
            idle.milliseconds, stallTarget)
            + (worst.milliseconds <= stallTarget ? "met" : "MISSED")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Time per monitor against the largest monitor alone (goal ≤ 1.3×) and the three
    /// monitors' peak RSS (goal ≤ 350 MB).
    static func table(_ measured: [Int: [Measurement]]) -> String {
        let baseline = median(measured[0, default: []].map(\.seconds))
        var lines = [
            "monitors: one spanned background from a cached 6000×4000 JPEG, median of \(rounds) interleaved rounds",
            "case            canvas        seconds  per monitor vs largest  peak RSS",
        ]
        var met = true
        for (index, item) in cases.enumerated() {
            let runs = measured[index, default: []]
            let seconds = median(runs.map(\.seconds))
            let rss = runs.map(\.peakRSSMegabytes).max() ?? 0
            let ratio = baseline > 0 ? seconds / Double(item.monitors) / baseline : 0
            if index > 1 && ratio > 1.3 { met = false }
            if item.monitors == 3 && rss > 350 { met = false }
            lines.append(
                item.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + (runs.first?.canvas ?? "").padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(format: "%7.3f  %10.2f×              %6.1f MB", seconds, ratio, rss))
        }
        lines.append(
            "goal: ≤ 1.3× the largest monitor's time per monitor, ≤ 350 MB for three: \(met ? "met" : "MISSED")")
        return lines.joined(separator: "\n")
    }
}
