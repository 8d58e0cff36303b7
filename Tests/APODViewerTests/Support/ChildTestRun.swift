import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// Runs `test`, a test method of this class, again and alone in a child process of this
    /// test bundle with `environment`, and fails here unless it passed there (quoting the
    /// child's errors). For what GTK and GLib read once per process: `GDK_DEBUG`, the XDG folders.
    func runAloneInChildProcess(
        _ test: String, environment: [String: String], timeout: TimeInterval = 100,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let name = "\(String(reflecting: type(of: self)))/\(test.prefix { $0 != "(" })"
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        let outcome = try ChildProcess.run(bundle, [name], environment: environment, timeout: timeout)
        let report = outcome.output.split(separator: "\n")
            .filter { line in ["error", "skipped", "executed", "watchdog"].contains { line.lowercased().contains($0) } }
            .joined(separator: "\n")
        XCTAssertFalse(outcome.timedOut, "\(name) did not end within \(Int(timeout)) s", file: file, line: line)
        XCTAssertTrue(
            outcome.status == 0 && outcome.output.contains("Executed 1 test, with 0 failures"),
            "\(name) in a child process (status \(outcome.status)):\n\(report)", file: file, line: line)
    }
}
