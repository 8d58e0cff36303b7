import Foundation
import XCTest

/// The `apod-viewer` executable the tests run as a real process: it sits next to the test
/// bundle in the build products folder. Skips the test when it was not built.
enum BuiltViewer {
    static func url() throws -> URL {
        let folders = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.deletingLastPathComponent() }
        for folder in folders {
            let binary = folder.appendingPathComponent("apod-viewer")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        throw XCTSkip("apod-viewer is not built next to the tests (looked in \(folders.map(\.path)))")
    }
}
