import APODCore
import Foundation
import XCTest

/// Switches this test process to Traditional Chinese and back: compiles po/zh_TW.po and a
/// zh_TW.UTF-8 locale into a temporary folder (a private LOCPATH, so no system-wide locale is
/// needed), points gettext at them, and on `restore()` puts back the locale, the environment
/// and the catalogue binding. Tests that use it run on the main thread, between other tests,
/// while no background work is translating text.
final class ChineseLocale {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zh-\(UUID().uuidString)")
    private let previousLocale: String
    private let previousVariables: [String: String?]
    private static let variables = ["LC_ALL", "LANGUAGE", "LOCPATH"]

    init() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../..").standardized
        let messages = folder.appendingPathComponent("locale/zh_TW/LC_MESSAGES")
        let locales = folder.appendingPathComponent("locales")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        try XCTSkipUnless(Self.run("msgfmt", ["--check", "-o", messages.appendingPathComponent("apod-viewer.mo").path,
                                              packageRoot.appendingPathComponent("po/zh_TW.po").path]),
                          "msgfmt (gettext) is not installed")
        _ = Self.run("localedef", ["-i", "zh_TW", "-f", "UTF-8", locales.appendingPathComponent("zh_TW.UTF-8").path])
        try XCTSkipUnless(FileManager.default.fileExists(atPath: locales.appendingPathComponent("zh_TW.UTF-8/LC_CTYPE").path),
                          "localedef could not build zh_TW.UTF-8")

        previousLocale = String(cString: setlocale(LC_ALL, nil))
        let environment = ProcessInfo.processInfo.environment
        previousVariables = Dictionary(uniqueKeysWithValues: Self.variables.map { ($0, environment[$0]) })
        setenv("LOCPATH", locales.path, 1)
        setenv("LC_ALL", "zh_TW.UTF-8", 1)
        setenv("LANGUAGE", "zh_TW", 1)
        Localization.setUp(environment: ["APOD_LOCALEDIR": folder.appendingPathComponent("locale").path])
    }

    func restore() {
        for (name, value) in previousVariables {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        Localization.setUp(environment: ProcessInfo.processInfo.environment)
        setlocale(LC_ALL, previousLocale)
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
