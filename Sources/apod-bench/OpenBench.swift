import APODCore
import Foundation
import GtkKit
import LoopbackServer

/// The `open` row (issue 34): the time from exec to a 6000×4000 JPEG on screen, for the viewer
/// with its caches filled (`warm`), with empty caches against a loopback server at the bench's
/// CDN profile (`cold`), and for Eye of GNOME opening the same file. Each program runs on the
/// row's own Xvfb (1600×1000) and a private bus, in a process group the bench ends before the
/// next run; the three are interleaved, four runs of each per measurement, three measurements.
/// "On screen" is read from the screen itself (`ScreenWatch`), the same way for both programs.
enum OpenBench {
    enum Program: String, CaseIterable, Codable {
        case warm
        case cold
        case eog
    }

    struct Options {
        var measurements = 3
        var runsPerMeasurement = 4
        /// Metadata and picture over one round trip and a per-connection rate, no think time:
        /// the cold target adds only the transfer at this rate.
        var network = NetworkProfile.realisticCDN
        var width = 1600
        var height = 1000
        /// A run that shows nothing by then counts as missing.
        var deadline: TimeInterval = 30
    }

    struct Run: Codable {
        var program: Program
        var measurement: Int
        /// Exec to the picture on screen; nil when it never showed.
        var seconds: Double?
        var peakRSSMegabytes: Double
        /// The viewer's `APOD_TRACE` timeline, seconds by step (disk syncs counted apart).
        var steps: [String: Double]
        var diskSyncs: Int
    }

    struct Report: Codable {
        var pictureMegabytes: Double
        var transferSeconds: Double
        var runs: [Run]
    }

    static let day = "2019-06-01"
    static let pictureWidth = 6000
    static let pictureHeight = 4000

    static func run(_ options: Options, log: (String) -> Void) throws -> Report {
        let viewer = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("apod-viewer")
        guard FileManager.default.isExecutableFile(atPath: viewer.path) else {
            throw OpenSession.Failure(description: "no apod-viewer beside apod-bench (make bench builds both)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/eog") else {
            throw OpenSession.Failure(description: "no /usr/bin/eog: run scripts/install-deps bench (make bench does)")
        }
        log("open: making the \(pictureWidth)×\(pictureHeight) JPEG")
        let picture = try Pixbufs.jpeg(Pixbufs.openPicture(width: pictureWidth, height: pictureHeight), quality: 90)
        let session = try OpenSession(width: options.width, height: options.height)
        let file = session.folder.appendingPathComponent("open.jpg")
        try picture.write(to: file)
        let server = try FakeHTTPServer { request in
            request.path == "/open.jpg"
                ? .data(picture, contentType: "image/jpeg") : .html("<html><body>Not found</body></html>", status: 404)
        }
        defer { server.stop() }
        server.profile = options.network
        let pictureURL = server.baseURL.appendingPathComponent("open.jpg").absoluteString
        let service = try FakeHTTPServer { request in
            .json(metadata(pictureURL: pictureURL, day: request.query["date"] ?? day))
        }
        defer { service.stop() }
        service.profile = options.network
        let screen = try ScreenWatch(display: session.display, width: options.width, height: options.height)
        let route = service.baseURL.appendingPathComponent("planetary/apod").absoluteString
        let viewerArguments = [viewer.path, "--source", "legacy", "--api-url", route, "--date", day]
        let warmHome = session.folder.appendingPathComponent("home-warm")
        let eogHome = session.folder.appendingPathComponent("home-eog")

        log("open: filling the warm cache")
        _ = try once(
            .cold, viewerArguments, home: warmHome, session: session, screen: screen, options: options, measurement: 0)
        var runs: [Run] = []
        for measurement in 1...options.measurements {
            for round in 1...options.runsPerMeasurement {
                for program in Program.allCases {
                    let coldHome = session.folder.appendingPathComponent("home-cold")
                    defer { if program == .cold { try? FileManager.default.removeItem(at: coldHome) } }
                    let arguments = program == .eog ? ["/usr/bin/eog", file.path] : viewerArguments
                    let home = program == .warm ? warmHome : program == .cold ? coldHome : eogHome
                    let run = try once(
                        program, arguments, home: home, session: session, screen: screen, options: options,
                        measurement: measurement)
                    runs.append(run)
                    log(
                        "open: measurement \(measurement) run \(round) \(program.rawValue) "
                            + (run.seconds.map { String(format: "%.2f s", $0) } ?? "never shown"))
                }
            }
        }
        return Report(
            pictureMegabytes: Double(picture.count) / 1_000_000,
            transferSeconds: options.network.transferTime(bytes: picture.count), runs: runs)
    }

    /// One program's run: started in its own group, watched until the picture shows, left a
    /// second longer (its peak memory with the picture drawn), then ended with its group.
    private static func once(
        _ program: Program, _ arguments: [String], home: URL, session: OpenSession, screen: ScreenWatch,
        options: Options, measurement: Int
    ) throws -> Run {
        let clear = Clock.now() + 5
        while screen.showsPicture(), Clock.now() < clear { usleep(20_000) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = nil
        environment["GDK_DEBUG"] = nil
        environment["HOME"] = home.path
        for (name, folder) in [
            ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data"),
            ("XDG_STATE_HOME", "state"),
        ] {
            environment[name] = home.appendingPathComponent(folder).path
        }
        environment["APOD_CACHE_DIR"] = nil
        environment["APOD_DATA_DIR"] = nil
        environment["NASA_API_KEY"] = "BENCHKEY"
        // `APOD_TRACE=memory apod-bench --open-only`: the viewer's trace with its memory at each
        // step, printed per run (where the peak RSS goes).
        let tracesMemory = ProcessInfo.processInfo.environment["APOD_TRACE"] == "memory"
        environment["APOD_TRACE"] = program == .eog ? nil : tracesMemory ? "memory" : "1"
        let errors = home.appendingPathComponent("stderr.txt").path
        let group = try session.start(arguments, environment: environment, standardError: errors)
        defer { session.end(group) }
        var seconds: Double?
        while Clock.now() - group.started < options.deadline {
            if screen.showsPicture() {
                seconds = Clock.now() - group.started
                break
            }
            usleep(5_000)
        }
        if seconds != nil { usleep(1_000_000) }
        let name = program == .eog ? "eog" : "apod-viewer"
        let peak =
            session.members(of: group).filter { $0.name == name }
            .map { OpenSession.peakMegabytes(of: $0.pid) }.max() ?? 0
        let trace = StartupTrace.lines(in: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        if tracesMemory, program != .eog {
            let text = trace.map { String(format: "  %.3f s %@ %@", $0.seconds, $0.step.rawValue, $0.detail) }
            FileHandle.standardError.write(
                Data(("open: \(program.rawValue) trace\n" + text.joined(separator: "\n") + "\n").utf8))
        }
        var steps: [String: Double] = [:]
        for line in trace where line.step != .diskSync && steps[line.step.rawValue] == nil {
            steps[line.step.rawValue] = line.seconds
        }
        return Run(
            program: program, measurement: measurement, seconds: seconds, peakRSSMegabytes: peak, steps: steps,
            diskSyncs: trace.filter { $0.step == .diskSync }.count)
    }

    private static func metadata(pictureURL: String, day: String = day) -> String {
        #"{"date":"\#(day)","title":"A Magenta Nebula","explanation":"The bench's 6000 by 4000 picture.","url":"\#(pictureURL)","hdurl":"\#(pictureURL)","media_type":"image","service_version":"v1"}"#
    }
}

/// The `open` row as a table: each program's median per measurement and over every run, the
/// ratio to eog, peak RSS, the viewer's timeline by step, and the targets.
enum OpenBenchTable {
    static func render(_ report: OpenBench.Report, network: NetworkProfile) -> String {
        var lines = [
            "",
            String(
                format: "open: exec to a 6000×4000 JPEG (%.1f MB) on screen, Xvfb 1600×1000, GTK's default renderer; "
                    + "cold over %@",
                report.pictureMegabytes, network.summary),
            "program  per measurement (median of its runs)   median   range          peak RSS MB",
        ]
        func seconds(_ program: OpenBench.Program, measurement: Int? = nil) -> [Double] {
            report.runs.filter { $0.program == program && (measurement == nil || $0.measurement == measurement) }
                .compactMap(\.seconds)
        }
        let measurements = Set(report.runs.map(\.measurement)).sorted()
        var medians: [OpenBench.Program: Double] = [:]
        var peaks: [OpenBench.Program: Double] = [:]
        for program in OpenBench.Program.allCases {
            let all = seconds(program)
            let perMeasurement = measurements.map { median(seconds(program, measurement: $0)) }
            medians[program] = median(all)
            peaks[program] = median(report.runs.filter { $0.program == program }.map(\.peakRSSMegabytes))
            let missing = report.runs.filter { $0.program == program && $0.seconds == nil }.count
            lines.append(
                pad(program.rawValue, 9)
                    + pad(perMeasurement.map { format($0) }.joined(separator: " / "), 39)
                    + pad(format(medians[program]), 9)
                    + pad(all.isEmpty ? "–" : format(all.min()) + "–" + format(all.max()), 15)
                    + format(peaks[program], 1)
                    + (missing > 0 ? "  (\(missing) never shown)" : ""))
        }
        lines.append("")
        lines.append("viewer timeline, median seconds since exec:")
        lines.append("step                  warm     cold")
        let stepNames = StartupTrace.Step.allCases.filter { $0 != .diskSync }.map(\.rawValue)
        func stepMedian(_ program: OpenBench.Program, _ step: String) -> Double? {
            median(report.runs.filter { $0.program == program }.compactMap { $0.steps[step] })
        }
        for step in stepNames where stepMedian(.warm, step) != nil || stepMedian(.cold, step) != nil {
            lines.append(pad(step, 20) + pad(format(stepMedian(.warm, step)), 9) + format(stepMedian(.cold, step)))
        }
        let syncs = { (program: OpenBench.Program) in
            median(report.runs.filter { $0.program == program }.map { Double($0.diskSyncs) }) ?? 0
        }
        lines.append(
            pad("disk syncs (count)", 20) + pad(String(format: "%.0f", syncs(.warm)), 9)
                + String(format: "%.0f", syncs(.cold)))
        lines.append("")
        let warm = medians[.warm] ?? .infinity
        let cold = medians[.cold] ?? .infinity
        let eog = medians[.eog] ?? 0
        let warmMet = warm <= 0.8 * eog
        lines.append(
            verdict(
                warmMet,
                String(format: "open warm %.2f s = %.2fx eog's %.2f s (target <= 0.8x)", warm, warm / eog, eog)
                    + (warmMet ? "" : "; longest step " + longestStep(.warm, stepMedian))))
        let bound = warm + report.transferSeconds + 0.2
        let coldMet = cold <= bound
        lines.append(
            verdict(
                coldMet,
                String(
                    format: "open cold %.2f s (target <= warm %.2f s + transfer %.2f s + 0.2 s = %.2f s)", cold, warm,
                    report.transferSeconds, bound) + (coldMet ? "" : "; longest step " + longestStep(.cold, stepMedian))
            ))
        let rss = max(peaks[.warm] ?? 0, peaks[.cold] ?? 0)
        lines.append(
            verdict(
                rss <= 120,
                String(
                    format: "open peak RSS %.1f MB warm, %.1f MB cold (target <= 120 MB; eog %.1f MB)",
                    peaks[.warm] ?? 0,
                    peaks[.cold] ?? 0, peaks[.eog] ?? 0)))
        return lines.joined(separator: "\n")
    }

    /// The step of the timeline that took longest (from the step before it), with its figure,
    /// so a miss names where the time went.
    private static func longestStep(
        _ program: OpenBench.Program, _ stepMedian: (OpenBench.Program, String) -> Double?
    ) -> String {
        let timeline = StartupTrace.Step.allCases
            .filter { $0 != .diskSync && !StartupTrace.Step.afterFirstPicture.contains($0) }
            .compactMap { step in stepMedian(program, step.rawValue).map { (step.rawValue, $0) } }
            .sorted { $0.1 < $1.1 }
        var longest = ("process-start", timeline.first?.1 ?? 0)
        for (previous, next) in zip(timeline, timeline.dropFirst()) where next.1 - previous.1 > longest.1 {
            longest = (next.0, next.1 - previous.1)
        }
        return String(format: "%@ %.2f s", longest.0, longest.1)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private static func format(_ value: Double?, _ digits: Int = 2) -> String {
        value.map { String(format: "%.\(digits)f", $0) } ?? "–"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func verdict(_ met: Bool, _ text: String) -> String {
        (met ? "met     " : "MISSED  ") + text
    }
}
