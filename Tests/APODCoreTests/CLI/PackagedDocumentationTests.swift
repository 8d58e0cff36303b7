import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// What the package installs beside `apod` stays true to it: the man page and the bash
/// completion name every command and option `apod --help` prints, and the package's version
/// is the programs' own.
final class PackagedDocumentationTests: CoreTestCase, @unchecked Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
        .standardized

    /// The options (`--json`, `-o`) and commands of a usage text.
    static func words(ofUsage usage: String) -> (options: Set<String>, commands: Set<String>) {
        (UsageWords.options(in: usage), UsageWords.commands(in: usage))
    }

    /// A man page's text with troff's escaped hyphens as plain ones.
    static func manPage(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("docs/man/\(name)"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
    }

    private func help() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-doc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try APODProcess.run(["--help"], environment: APODProcess.environment(home: home))
        XCTAssertEqual(result.status, 0)
        return result.stdout
    }

    func testTheManPageNamesEveryCommandAndOptionOfTheHelp() throws {
        let (options, commands) = Self.words(ofUsage: try help())
        XCTAssertTrue(commands.isSuperset(of: ["show", "download", "today", "sync", "on-this-day"]), "\(commands)")
        XCTAssertTrue(options.isSuperset(of: ["--json", "-o", "--wallpaper", "--data-dir", "--version"]), "\(options)")
        let page = try Self.manPage("apod.1")
        for word in options.union(commands) {
            XCTAssertTrue(page.contains(word), "apod.1 lacks \(word)")
        }
        XCTAssertTrue(page.hasPrefix(".TH APOD 1 \""), "a man page header")
        XCTAssertTrue(page.contains("\"apod \(AppVersion.current)\""), "apod.1 is for this version")
    }

    /// One declaration (`CommonArguments.environmentVariables`) names the variables in
    /// `--help`; both man pages' ENVIRONMENT sections name each of them too.
    func testTheHelpAndBothManPagesNameEveryVariableRead() throws {
        let help = try help()
        for page in ["apod.1", "apod-viewer.1"] {
            let text = try Self.manPage(page)
            let environment =
                try XCTUnwrap(text.components(separatedBy: ".SH ENVIRONMENT").dropFirst().first)
                .components(separatedBy: ".SH ").first ?? ""
            for variable in CommonArguments.environmentVariables {
                XCTAssertTrue(environment.contains(variable), "\(page)'s ENVIRONMENT lacks \(variable)")
                XCTAssertTrue(help.contains(variable), "apod --help lacks \(variable)")
            }
        }
        XCTAssertTrue(CommonArguments.environmentVariables.contains("APOD_VIMEO_OEMBED_URL"))
    }

    func testTheBashCompletionOffersEveryCommandAndOptionOfTheHelp() throws {
        let (options, commands) = Self.words(ofUsage: try help())
        let script = Self.root.appendingPathComponent("data/completions/apod").path
        // What bash offers after `apod ` and after `apod <command> -` for each command.
        var offered = try complete(script, ["apod", ""])
        for command in commands { offered += try complete(script, ["apod", command, "-"]) }
        offered += try complete(script, ["apod", "favorites", ""])
        for word in options.union(commands).subtracting(["-h"]) {
            XCTAssertTrue(offered.contains(word), "the completion never offers \(word)")
        }
        XCTAssertEqual(try complete(script, ["apod", "--source", "l"]), ["legacy"])
        XCTAssertEqual(try complete(script, ["apod", "--data-dir", "/tmp", "sea"]), ["search"])
    }

    /// COMPREPLY after the completion function ran on `words` (the last one being typed).
    private func complete(_ script: String, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program =
            "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _apod; printf '%s\\n' \"${COMPREPLY[@]}\""
        let outcome = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", program], timeout: 10)
        XCTAssertEqual(outcome.status, 0, outcome.output)
        return outcome.output.split(separator: "\n").map(String.init)
    }

    /// Every Debian package Package.swift's system libraries name is in debian/control: the
    /// headers (`-dev`) in Build-Depends, run-time modules (glib-networking) in Depends, so a
    /// library added to the build (libadwaita) cannot be left out of the package.
    func testDebianControlNamesEverySystemLibraryOfThePackage() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let control = try String(contentsOf: Self.root.appendingPathComponent("debian/control"), encoding: .utf8)
        let providers = manifest.matches(of: /\.apt\(\[([^\]]*)\]\)/).flatMap { match in
            match.output.1.matches(of: /"([^"]+)"/).map { String($0.output.1) }
        }
        XCTAssertTrue(providers.contains("libgtk-4-dev"), "\(providers)")
        let source = try XCTUnwrap(control.components(separatedBy: "\n\n").first)
        let binary = try XCTUnwrap(control.components(separatedBy: "\n\n").last)
        func words(_ stanza: String) -> Set<String> {
            Set(stanza.split(whereSeparator: { " ,\n".contains($0) }).map(String.init))
        }
        for provider in providers {
            let isHeaders = provider.hasSuffix("-dev")
            XCTAssertTrue(
                words(isHeaders ? source : binary).contains(provider),
                "debian/control lacks \(provider) in \(isHeaders ? "Build-Depends" : "Depends")")
        }
    }

    /// debian/changelog's newest entry is the version both programs report.
    func testThePackageVersionIsTheAppVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("debian/changelog"), encoding: .utf8)
        XCTAssertTrue(changelog.hasPrefix("apod-viewer (\(AppVersion.current)) "), String(changelog.prefix(40)))
    }
}
