import APODCore
import Foundation
import WallpaperComposition

/// The `monitors` row (issue 31): composing one spanned background for 1, 2 and 3 monitors
/// (1920×1080, 1080×1920, 3840×2160@2) from a cached 6000×4000 picture, each in a fresh process
/// so its peak RSS is its own, against composing the largest monitor alone in the same run.
/// Rounds interleave the cases; each case's time is the median of its rounds.
enum MonitorsBench {
    static let flag = "--monitors-case"
    static let rounds = 3

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

    /// Runs every case in its own process, `rounds` times interleaved, and prints the table.
    static func run() -> Never {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-monitors-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let picture = folder.appendingPathComponent("picture.jpg")
            try Pixbufs.jpeg(Pixbufs.openPicture(width: 6000, height: 4000)).write(to: picture)
            var measured: [Int: [Measurement]] = [:]
            for _ in 0..<rounds {
                for (index, item) in cases.enumerated() {
                    measured[index, default: []].append(try child(item.layout, picture: picture.path))
                }
            }
            print(table(measured))
            exit(0)
        } catch {
            fail("monitors: \(error)")
        }
    }

    private static func child(_ layout: String, picture: String) throws -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [flag, layout, picture]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Pixbufs.Failure(description: "the \(layout) composition failed (\(process.terminationStatus))")
        }
        return try JSONDecoder().decode(Measurement.self, from: data)
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
