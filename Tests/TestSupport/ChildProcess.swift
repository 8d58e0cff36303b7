import Foundation

/// Runs a helper program for a test (gdbus, gapplication, msgfmt, the built viewer): its
/// stdout and stderr are collected together while it runs, so a chatty child never blocks on a
/// full pipe, and it is ended once `timeout` has passed.
public enum ChildProcess {
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: String
        /// Whether the child was still running at the deadline and was ended.
        public let timedOut: Bool
    }

    /// - Parameters:
    ///   - environment: the child's whole environment; by default this process's.
    ///   - whileWaiting: called over and over until the child ends (a GUI test turns its main
    ///     loop here so the application can answer the child).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: TimeInterval = 60, whileWaiting: () -> Void = {}
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let collected = Collected()
        let reader = DispatchGroup()
        reader.enter()
        DispatchQueue.global().async {
            collected.data = pipe.fileHandleForReading.readDataToEndOfFile()
            reader.leave()
        }
        do {
            try process.run()
        } catch {
            try? pipe.fileHandleForWriting.close()
            reader.wait()
            throw error
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            whileWaiting()
            usleep(2_000)
        }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        try? pipe.fileHandleForWriting.close()
        reader.wait()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: collected.data, as: UTF8.self),
            timedOut: timedOut)
    }

    /// Whether `tool`, looked up in PATH, runs and exits 0 (false when it is not installed).
    public static func succeeds(_ tool: String, _ arguments: [String]) -> Bool {
        let outcome = try? run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
        return outcome?.status == 0 && outcome?.timedOut == false
    }

    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
