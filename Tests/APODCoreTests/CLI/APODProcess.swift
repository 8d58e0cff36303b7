import Foundation
import XCTest

/// Runs the built `apod` binary as a child process, with a clean environment.
struct APODProcess {
    struct Result {
        var status: Int32
        /// Whether `status` is the signal that ended the process rather than its exit status.
        var signaled = false
        var stdoutData: Data
        var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        var stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// `apod` sits next to the test bundle in the build products folder.
    static func binary() throws -> URL {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders.append(Bundle(for: BundleAnchor.self).bundleURL.deletingLastPathComponent())
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("apod")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        // A failure, not a skip: a broken build must not pass.
        throw BinaryMissing(folders: folders)
    }

    struct BinaryMissing: Error, CustomStringConvertible {
        var folders: [URL]
        var description: String { "apod is not built next to the tests (looked in \(folders.map(\.path)))" }
    }

    /// A private HOME/cache and no inherited APOD_*, NASA_* or XDG_* variables.
    static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "APOD_SAMPLE_DIR": home.appendingPathComponent("no-sample").path,
            "APOD_TIMEOUT": "5", "LANG": "C.UTF-8",
        ]
        // PATH, the sanitizer settings of `make test-asan` (the child is sanitized too), and
        // where `make coverage` collects profiles (else the child's coverage is lost).
        for name in ["PATH", "ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "LLVM_PROFILE_FILE"] {
            if let value = ProcessInfo.processInfo.environment[name] { env[name] = value }
        }
        // The suppression summary would be an extra stderr line; the tests count those lines.
        if let lsan = env["LSAN_OPTIONS"] { env["LSAN_OPTIONS"] = lsan + ":print_suppressions=0" }
        env.merge(extra) { $1 }
        return env
    }

    /// - Parameter unprivileged: run as `nobody` when the tests run as root, for whom file
    ///   permissions do not apply (a write-protected file is only write-protected for others).
    static func run(
        _ arguments: [String], environment: [String: String], in folder: URL? = nil,
        timeout: TimeInterval = 30, unprivileged: Bool = false
    ) throws -> Result {
        let process = Process()
        if unprivileged && geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try binary().path] + arguments
        } else {
            process.executableURL = try binary()
            process.arguments = arguments
        }
        process.environment = environment
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isOut: isOut)
                group.leave()
            }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("apod \(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdoutData: collected.data(isOut: true),
            stderr: String(decoding: collected.data(isOut: false), as: UTF8.self))
    }

    private final class BundleAnchor {}

    private final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()

        func set(_ data: Data, isOut: Bool) { lock.withLock { if isOut { out = data } else { err = data } } }

        func data(isOut: Bool) -> Data { lock.withLock { isOut ? out : err } }
    }
}
