import TestSupport
import XCTest

@testable import APODCore

/// Issue 14, item 11: `apod random --count 50` under a lowered file or address-space limit
/// either succeeds (the HTTP session queues its transfers on the connections the limit leaves)
/// or fails with one `apod:` line and exit 1; it never traps, aborts or hangs.
final class CLIResourceLimitTests: CoreTestCase {
    private var home: URL!
    private var server: FakeHTTPServer!
    private var routeURL: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var service = FakeScienceService(entries: [:])
        service.override = { request in
            guard let compact = request.path.split(separator: "/").last,
                let day = FakeScienceService.day(compact: String(compact))
            else { return nil }
            return .json(ScienceFixtures.entry(day))
        }
        (server, routeURL) = try service.start()
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `apod ARGUMENTS` through `sh`, which lowers the soft file limit first.
    private func apod(openFiles: Int, _ arguments: [String]) throws -> APODProcess.Result {
        try apod(limit: "-S -n \(openFiles)", arguments)
    }

    /// Runs `apod ARGUMENTS` through `sh`, which applies `ulimit LIMIT` first.
    private func apod(limit: String, _ arguments: [String]) throws -> APODProcess.Result {
        let binary = try APODProcess.binary()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit \(limit) && exec \"$0\" \"$@\"", binary.path] + arguments
        process.environment = APODProcess.environment(
            home: home,
            [
                "APOD_SOURCE": "science", "APOD_TIMEOUT": "5",
                "APOD_API_URL": routeURL.absoluteString,
            ])
        let out = home.appendingPathComponent("out")
        let err = home.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("apod under ulimit \(limit) hung")
        }
        process.waitUntilExit()
        return APODProcess.Result(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            stdoutData: try Data(contentsOf: out),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    func testALowFileLimitEndsInAnswersOrOneLine() throws {
        for limit in [8, 10, 12, 14, 24] {
            let result = try apod(openFiles: limit, ["random", "--count", "50", "--json", "--no-cache"])
            assertExitedWithoutCrash(result.status, limit)
            if result.status == 0 {
                let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
                XCTAssertEqual(array?.count, 50, "ulimit -n \(limit)")
            } else {
                XCTAssertEqual(result.stderrLines.count, 1, "ulimit -n \(limit): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("apod: "), "ulimit -n \(limit): \(result.stderr)")
            }
        }
    }

    /// 24 descriptors leave the session room for a connection or two: 50 answers arrive, queued.
    func testAModestFileLimitStillSucceeds() throws {
        let result = try apod(openFiles: 24, ["random", "--count", "50", "--json", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testALowAddressSpaceLimitEndsInAnswersOrOneLine() throws {
        for kilobytes in [150_000, 400_000] {
            let result = try apod(limit: "-v \(kilobytes)", ["random", "--count", "50", "--json", "--no-cache"])
            // AddressSanitizer reserves terabytes of address space: no limit of this size can hold.
            try XCTSkipIf(result.stderr.contains("AddressSanitizer"), "a sanitized apod cannot run under ulimit -v")
            assertExitedWithoutCrash(result.status, kilobytes)
            if result.status != 0 {
                XCTAssertEqual(
                    result.stderrLines, ["apod: " + APODError.outOfResources.message], "ulimit -v \(kilobytes)")
            }
        }
    }

    private func assertExitedWithoutCrash(
        _ status: Int32, _ limit: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(
            status == 0 || status == 1, "ulimit \(limit): exit \(status) (a crash or a trap)", file: file, line: line)
    }
}
