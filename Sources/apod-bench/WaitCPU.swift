import APODCore
import Foundation
import LoopbackServer

/// The `wait-cpu` row: CPU seconds a process spends while one request waits `seconds` for a
/// server that accepts the connection and never answers. A waiting client should sleep in
/// `poll`; the row's `seconds` column holds those CPU seconds (target <= 0.1 s).
enum WaitCPU {
    static let flag = "--wait-cpu"
    static let rowName = "wait-cpu"
    static let seconds = 10

    struct Measurement: Codable {
        var cpuSeconds: Double
        var peakRSSMegabytes: Double
    }

    /// In the parent: serves a never-answering server and measures a child process waiting on it.
    static func row() throws -> BenchRow {
        let server = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [flag, server.baseURL.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure(description: "the wait-cpu row failed (exit \(process.terminationStatus))")
        }
        let measured = try JSONDecoder().decode(Measurement.self, from: data)
        return BenchRow(
            name: rowName, flavour: "never-answers", seconds: measured.cpuSeconds, mbDownloaded: 0,
            peakRSSMegabytes: measured.peakRSSMegabytes, maxStallMilliseconds: 0)
    }

    /// In the child: one GET with a `seconds` time-out and no retries, timed in CPU seconds.
    static func measure(_ url: URL) async -> Measurement {
        let client = HTTPClient(timeout: seconds, retryPolicy: .none)
        let before = cpuSeconds()
        _ = try? await client.get(url)
        return Measurement(cpuSeconds: cpuSeconds() - before, peakRSSMegabytes: PeakMemory.megabytes())
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
