import APODCore
import Foundation
import TestSupport
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
        let catalogue: ChineseCatalogue
        do {
            catalogue = try ChineseCatalogue(in: folder, packageRoot: packageRoot)
        } catch let unavailable as ChineseCatalogue.Unavailable {
            throw XCTSkip(unavailable.reason)
        }
        previousLocale = String(cString: setlocale(LC_ALL, nil))
        let environment = ProcessInfo.processInfo.environment
        previousVariables = Dictionary(uniqueKeysWithValues: Self.variables.map { ($0, environment[$0]) })
        setenv("LOCPATH", catalogue.locales.path, 1)
        setenv("LC_ALL", "zh_TW.UTF-8", 1)
        setenv("LANGUAGE", "zh_TW", 1)
        Localization.setUp(environment: ["APOD_LOCALEDIR": catalogue.localeDirectory.path])
    }

    func restore() {
        for (name, value) in previousVariables {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        Localization.setUp(environment: ProcessInfo.processInfo.environment)
        setlocale(LC_ALL, previousLocale)
        try? FileManager.default.removeItem(at: folder)
    }
}
