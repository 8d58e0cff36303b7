import TestSupport
import XCTest

@testable import APODCore

/// The grammar of `apod` is written once, in its command table: the bash completion, the man
/// page's headings and docs/cli.md's summary are what the table writes, and fail here when
/// someone edits one by hand or changes the table without regenerating them.
final class CommandTableTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!
    private let root = PackagedDocumentationTests.root

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String], _ env: [String: String] = [:]) throws -> APODProcess.Result {
        try APODProcess.run(arguments, environment: APODProcess.environment(home: home, env), in: home)
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheBashCompletionIsTheOneTheTableWrites() throws {
        let generated = try apod(["--generate-completion-script", "bash"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(
            try text("data/completions/apod"), generated.stdout,
            "regenerate it: apod --generate-completion-script bash > data/completions/apod")
        XCTAssertEqual(try apod(["--generate-completion-script", "zsh"]).status, 2)
    }

    /// Each `.TP` heading of the man page's COMMANDS and OPTIONS, in order, is the table's.
    func testTheManPageHeadingsAreTheTables() throws {
        let generated = try apod(["--generate-manual-headings"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let page = try text("docs/man/apod.1")
        var headings: [String] = []
        for section in ["COMMANDS", "OPTIONS"] {
            headings.append(".SH \(section)")
            let body = try XCTUnwrap(page.components(separatedBy: ".SH \(section)\n").dropFirst().first)
            let lines = (body.components(separatedBy: "\n.SH ").first ?? "").components(separatedBy: "\n")
            headings += zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.map(\.1)
        }
        XCTAssertEqual(
            headings.joined(separator: "\n") + "\n", generated.stdout, "docs/man/apod.1 drifted from the table")
    }

    /// docs/cli.md opens with `apod --help` as it is.
    func testTheCLIPageOpensWithTheHelp() throws {
        let help = try apod(["--help"])
        let page = try text("docs/cli.md")
        let block = try XCTUnwrap(page.components(separatedBy: "```\n").dropFirst().first)
        XCTAssertEqual(block, help.stdout, "docs/cli.md's first block must be apod --help (LANG=C.UTF-8)")
    }

    /// A command or option added to the table is offered, parsed and documented: every form's
    /// synopsis is in the help, and each option of the help is offered after its command.
    func testEveryCommandOfTheHelpIsOfferedByTheCompletion() throws {
        let help = try apod(["--help"]).stdout
        for command in ["show", "today", "random", "range", "download", "sync", "search", "favorites", "on-this-day"] {
            XCTAssertTrue(help.contains("\n  \(command)"), "the help lacks \(command)")
        }
        XCTAssertTrue(help.contains("  today [--json]"), help)
        XCTAssertTrue(help.contains("  favorites add DATE"), help)
    }

    // MARK: today

    func testTodayWithoutAWallpaperPrintsTheLatestEntryAsShowDoes() throws {
        let service = FakeScienceService(entries: [
            "2024-01-01": ScienceFixtures.image, "2023-07-04": ScienceFixtures.videoWithPoster,
        ])
        let (server, url) = try service.start()
        defer { server.stop() }
        let env = ["APOD_API_URL": url.absoluteString]
        let today = try apod(["today"], env)
        XCTAssertEqual(today.status, 0, today.stderr)
        XCTAssertTrue(today.stdout.hasPrefix("2024 Jan. 1 — Aurora & the \u{2019}Moon\u{2019}\n"), today.stdout)
        XCTAssertEqual(today.stdout, try apod(["show"], env).stdout)
        let json = try apod(["today", "--json"], env)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stdout, try apod(["show", "--json"], env).stdout)
    }

    /// An option of the command's other form is named with that form, not as unknown.
    func testAnOptionOfTheOtherFormSaysWhichFormTakesIt() throws {
        let width = try apod(["today", "--width", "800"])
        XCTAssertEqual(width.status, 2)
        XCTAssertEqual(
            width.stderrLines.first, "apod: --width only goes with today --wallpaper PATH [WALLPAPER OPTIONS].")
        let favorites = try apod(["random", "--favorites"])
        XCTAssertEqual(favorites.status, 2)
        XCTAssertTrue(favorites.stderrLines.first?.contains("random --wallpaper PATH") == true, favorites.stderr)
        XCTAssertEqual(
            try apod(["favorites", "frob"]).stderrLines.first,
            "apod: favorites does not take \"frob\": use favorites add DATE, favorites remove DATE.")
        XCTAssertEqual(try apod(["show", "--json=yes"]).stderrLines.first, "apod: --json takes no value.")
        XCTAssertEqual(
            try apod(["today", "--wallpaper", "x.png", "--json"]).stderrLines.first,
            "apod: today --wallpaper does not take --json.")
    }
}
