import TestSupport
import XCTest

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
        let result = try APODProcess.run(
            ["show", "2024-01-01"],
            environment: APODProcess.environment(home: home, ["APOD_API_URL": url.absoluteString]),
            in: home)
        XCTAssertEqual(result.status, 0, result.stderr)
        let unsafe = result.stdout.unicodeScalars.filter { ControlCharacters.isUnsafe($0, keepingLayout: true) }
        XCTAssertEqual(unsafe.map(\.value), [])
        XCTAssertTrue(result.stdout.hasPrefix("2024 Jan. 1 — ]0;ownedTitle[2Jcut[1m gpj.exe\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("© Jane Doe\n"), result.stdout)
    }

    /// `search`, `on-this-day` and `favorites` print what a tampered index or library holds
    /// through the same cleaning as `show`: no escape or bidi override reaches the terminal,
    /// in text or JSON (where they stay, escaped).
    func testEveryCommandCleansWhatItPrints() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let (server, url) = try FakeScienceService(entries: [:]).start()
        defer { server.stop() }
        let hostile = "Moon \u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}gpj.exe\u{9B}31m"
        let data = DataFolder(root: home.appendingPathComponent(".local/share/apod-viewer"))
        let entries = ["2019-07-04", "2020-07-04"].map {
            APODEntry(
                date: APODDay($0)!, title: hostile + " " + $0, explanation: "Tampered \u{2066}text\u{2069}.",
                copyright: "\u{1B}[31mRed")
        }
        try data.openIndex(for: SourceConfiguration(kind: .science, apiURL: url, cacheDirectory: home)).store(entries)
        try data.openLibrary().addFavourite(entries[0])
        let environment = APODProcess.environment(home: home, ["APOD_API_URL": url.absoluteString])
        for arguments in [
            ["search", "moon"], ["search", "moon", "--json"], ["on-this-day", "07-04"],
            ["on-this-day", "07-04", "--json"], ["favorites"], ["favorites", "--json"],
            ["search", "nothing\u{1B}[2Jhere"],
        ] {
            let result = try APODProcess.run(arguments, environment: environment, in: home, timeout: 60)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stdout.contains("2019-07-04") || arguments.last!.hasSuffix("here"),
                "\(arguments): \(result.stdout)")
            for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                let unsafe = text.unicodeScalars.filter { ControlCharacters.isUnsafe($0, keepingLayout: true) }
                XCTAssertEqual(unsafe.map(\.value), [], "\(arguments) \(name)")
            }
            if arguments.contains("--json") {
                let parsed = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
                XCTAssertTrue(
                    parsed?.contains { $0["title"] as? String == entries[0].title } == true,
                    "\(arguments): the JSON keeps the text, escaped")
            }
        }
    }
}
