import XCTest
import TestSupport
@testable import APODCore

/// `apod show` printed a service's escape sequences, BEL, backspaces, NUL and bidi overrides
/// straight to the terminal.
final class TerminalSafeOutputTests: CoreTestCase, @unchecked Sendable {
    func testShowPrintsNoControlsOrBidiOverrides() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let hostile = #"""
        {"date":"2024-01-01","title":"\u001b]0;owned\u0007Title\u001b[2J\u0000cut&#27;[1m \u202egpj.exe",
         "media_type":"image","explanation":"Explanation: \u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\ back\b\b\u2066iso\u2069 &#x9b;31m",
         "credit":"<strong>Image Credit:</strong> Jane\u0085 \u202dDoe",
         "permalink":"https://science.nasa.gov/apod/2024/01/01/x/",
         "hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2024/01/x.jpg"}
        """#
        let (server, url) = try FakeScienceService(entries: ["2024-01-01": hostile]).start()
        defer { server.stop() }
        let result = try APODProcess.run(["show", "2024-01-01"],
                                         environment: APODProcess.environment(home: home, ["APOD_API_URL": url.absoluteString]),
                                         in: home)
        XCTAssertEqual(result.status, 0, result.stderr)
        let unsafe = result.stdout.unicodeScalars.filter { ControlCharacters.isUnsafe($0, keepingLayout: true) }
        XCTAssertEqual(unsafe.map(\.value), [])
        XCTAssertTrue(result.stdout.hasPrefix("2024 Jan. 1 — ]0;ownedTitle[2Jcut[1m gpj.exe\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("© Jane Doe\n"), result.stdout)
    }
}
