import Foundation
import XCTest

/// The `apod-viewer` executable the tests run as a real process: it sits next to the test
/// bundle in the build products folder. A missing binary fails the test: a broken build must
/// not pass as a skip.
enum BuiltViewer {
    static func url() throws -> URL {
        let folders = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.deletingLastPathComponent() }
        for folder in folders {
            let binary = folder.appendingPathComponent("apod-viewer")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        throw BinaryMissing(name: "apod-viewer", folders: folders)
    }
}

/// A program the tests run was not built next to them (`swift build --build-tests` builds it).
struct BinaryMissing: Error, CustomStringConvertible {
    var name: String
    var folders: [URL]
    var description: String { "\(name) is not built next to the tests (looked in \(folders.map(\.path)))" }
}
