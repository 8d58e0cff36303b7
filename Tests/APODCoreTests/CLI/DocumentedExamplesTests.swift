import TestSupport
import XCTest

@testable import APODCore

/// Every `apod` example of README.md, docs/cli.md and `man apod` runs, as written, in bash,
/// against a loopback archive with an entry for every day (but the days the real one lacks),
/// in a home with a Pictures folder as a desktop has. Each must exit 0 and print something
/// (or fill the file it writes to), and what docs/cli.md shows under an example (lines without
/// "…") must be what it prints.
final class DocumentedExamplesTests: CoreTestCase, @unchecked Sendable {
    private var home: URL!
    private let root = PackagedDocumentationTests.root

    /// Each document syncs the whole made-up archive (about 460 list requests) once.
    override class var timeLimit: TimeInterval { 600 }

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    struct Example: CustomStringConvertible {
        var place: String
        var command: String
        /// What the document shows it printing.
        var shown: [String] = []
        var description: String { "\(place): \(command)" }
    }

    func testTheReadmesExamplesRun() throws {
        let readme = try text("README.md")
        let section = try XCTUnwrap(readme.components(separatedBy: "## The `apod` command").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```\n").dropFirst().first)
        let examples = lines(block).enumerated().filter { $0.element.hasPrefix("apod ") }.map {
            Example(place: "README.md, example \($0.offset + 1)", command: $0.element)
        }
        XCTAssertGreaterThanOrEqual(examples.count, 6, "the README shows six apod examples")
        try run(examples)
    }

    func testTheCLIPagesExamplesRun() throws {
        let page = try text("docs/cli.md")
        let blocks = page.components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        var examples: [Example] = []
        for (index, line) in blocks.dropFirst().flatMap(lines).enumerated() {
            let place = "docs/cli.md, example line \(index + 1)"
            if line.hasPrefix("$ crontab -l") { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(place: place, command: String(line.dropFirst(2))))
            } else if let match = line.wholeMatch(of: /(?:\S+ ){5}(apod .*)/) {
                examples.append(Example(place: place + " (crontab)", command: String(match.output.1)))
            } else if !examples.isEmpty {
                examples[examples.count - 1].shown.append(line)
            }
        }
        XCTAssertGreaterThanOrEqual(examples.filter { $0.command.hasPrefix("apod ") }.count, 15)
        XCTAssertTrue(examples.contains { $0.shown.contains("2020 Dec. 17 — Gemini's Meteors") }, "\(examples)")
        try run(examples)
    }

    func testTheManPagesExamplesRun() throws {
        let page = try PackagedDocumentationTests.manPage("apod.1")
        let section = try XCTUnwrap(page.components(separatedBy: ".SH EXAMPLES\n.nf\n").dropFirst().first)
        let examples = lines(section.components(separatedBy: "\n.fi").first ?? "").enumerated().map {
            Example(place: "apod.1, example \($0.offset + 1)", command: $0.element)
        }
        XCTAssertGreaterThanOrEqual(examples.count, 4)
        try run(examples)
    }

    // MARK: running them

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private func lines(_ text: String) -> [String] {
        text.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Runs the examples in order in one home, as a reader trying them one after the other.
    private func run(_ examples: [Example]) throws {
        let archive = try GeneratedArchive.start()
        defer { archive.server.stop() }
        let tools = home.appendingPathComponent(".tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("apod"), withDestinationURL: try APODProcess.binary())
        // `display` opens a window: here it keeps what it was given, for the test to look at.
        let display = tools.appendingPathComponent("display")
        try Data("#!/bin/sh\nexec cat > \"$HOME/displayed\"\n".utf8).write(to: display)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: display.path)

        var environment = APODProcess.environment(home: home, ["APOD_API_URL": archive.url.absoluteString])
        environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        let stderr = home.appendingPathComponent(".stderr")
        for example in examples {
            // The example's own comment is dropped so that the redirection below is not in it.
            let command = example.command.replacingOccurrences(of: #"\s+# .*$"#, with: "", options: .regularExpression)
            let outcome = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"),
                ["--norc", "--noprofile", "-o", "pipefail", "-c", "cd ~ && { \(command) ; } 2>\"$HOME/.stderr\""],
                environment: environment, timeout: 150)
            let said = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            XCTAssertFalse(outcome.timedOut, "\(example) did not finish")
            XCTAssertEqual(outcome.status, 0, "\(example): \(said)")
            if let target = command.firstMatch(of: /> *(\S+)$/)?.output.1 {
                if target != "/dev/null" {
                    let size =
                        try? FileManager.default.attributesOfItem(
                            atPath: home.appendingPathComponent(String(target)).path)[.size] as? Int
                    XCTAssertGreaterThan(size ?? 0, 0, "\(example) wrote nothing to \(target)")
                }
            } else if command.hasSuffix("| display") {
                let shown = try Data(contentsOf: home.appendingPathComponent("displayed"))
                XCTAssertTrue(ImageHeader.read(shown) != nil, "\(example) piped no picture")
            } else if !command.hasPrefix("mkdir ") {
                XCTAssertFalse(
                    outcome.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(example) printed nothing"
                )
            }
            for line in example.shown where !line.contains("…") {
                XCTAssertTrue(
                    outcome.output.contains(line), "\(example) does not print \"\(line)\":\n\(outcome.output)")
            }
        }
    }
}

/// An archive as the science route serves it, made up by the test: an entry for every day from
/// 1995-06-16 to today (US Eastern) but the four days the real archive lacks, each with a small
/// PNG on the same server, and a few days whose text the documents' examples search for. It
/// answers at once: what is checked here is what each example prints, not how long it takes.
struct GeneratedArchive {
    let server: FakeHTTPServer
    let url: URL

    static let missing: Set<String> = ["1995-06-17", "1995-06-18", "1995-06-19", "2020-06-10"]
    /// The titles the documents show or search for.
    static let known: [String: (title: String, explanation: String)] = [
        "2020-12-17": (
            "Gemini's Meteors",
            "Meteors of the annual Geminid shower streak from a radiant in the constellation Gemini."
        ),
        "2015-03-20": ("Partial Eclipse over Poznań", "The Moon covers most of the Sun over Poznań, Poland."),
        "2023-10-01": ("Andromeda in Ultraviolet", "The Andromeda Galaxy (M31) as a space telescope saw it."),
        "2022-01-05": (
            "Inside the Orion Nebula", "The Orion Nebula (M42) is a stellar nursery 1,300 light-years away."
        ),
    ]

    static func start() throws -> GeneratedArchive {
        let picture = PlainPNG.make(width: 64, height: 40, red: 30, green: 60, blue: 120)
        let port = Locked<UInt16>(0)
        let server = try FakeHTTPServer { request in
            let route = FakeScienceService.route
            if request.path.hasPrefix("/pictures/") { return .data(picture, contentType: "image/png") }
            let base = "http://127.0.0.1:\(port.value)"
            if request.path == route { return list(request.query, base: base) }
            guard request.path.hasPrefix(route + "/"),
                let day = day(compact: String(request.path.dropFirst(route.count + 1)))
            else { return .json(ScienceFixtures.noRoute, status: 404) }
            guard let body = entry(day, base: base) else { return .json(ScienceFixtures.notFound, status: 404) }
            return .json(body)
        }
        port.value = server.port
        return GeneratedArchive(
            server: server, url: server.baseURL.appendingPathComponent(String(FakeScienceService.route.dropFirst())))
    }

    private static func list(_ query: [String: String], base: String) -> FakeResponse {
        let today = ArchiveCalendar().today
        let from = query["date_from"].flatMap(day(compact:)) ?? ArchiveCalendar.firstDay
        let to = min(query["date_to"].flatMap(day(compact:)) ?? today, today)
        let perPage = min(25, max(1, Int(query["per_page"] ?? "25") ?? 25))
        let page = max(1, Int(query["page"] ?? "1") ?? 1)
        let days =
            from > to
            ? []
            : (from.ordinal...to.ordinal).reversed().map { APODDay(ordinal: $0) }
                .filter { !missing.contains($0.description) }
        let pages = (days.count + perPage - 1) / perPage
        guard page == 1 || page <= pages else { return .json(FakeScienceService.invalidPage, status: 400) }
        let shown = days.dropFirst((page - 1) * perPage).prefix(perPage).compactMap { entry($0, base: base) }
        return .json(
            "[" + shown.joined(separator: ",") + "]",
            headers: ["X-WP-Total": String(days.count), "X-WP-TotalPages": String(pages)])
    }

    private static func entry(_ day: APODDay, base: String) -> String? {
        let date = day.description
        guard !missing.contains(date), ArchiveCalendar.firstDay <= day, day <= ArchiveCalendar().today else {
            return nil
        }
        let text = known[date] ?? ("Sky of \(date)", "A picture of the sky taken on \(date).")
        let fields: [String: String] = [
            "date": date, "title": text.title, "media_type": "image",
            "explanation": "<strong>Explanation: </strong>\(text.explanation)",
            "credit": "<strong>Image Credit &amp; Copyright:</strong> A. Astronomer",
            "permalink": "https://science.nasa.gov/apod/\(date.replacingOccurrences(of: "-", with: "/"))/",
            "hdurl": "\(base)/pictures/\(date).png",
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `201217` → 2020-12-17 (years 95–99 are the 1990s).
    private static func day(compact text: String) -> APODDay? {
        guard text.count == 6, let number = Int(text) else { return nil }
        let year = number / 10000
        return APODDay(year: year >= 95 ? 1900 + year : 2000 + year, month: number / 100 % 100, day: number % 100)
    }
}
