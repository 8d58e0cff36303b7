import Foundation
import XCTest

/// Fails unless the marker `key` is absent from the run's stdout and stderr and from every file
/// name and file under `folder` (the run's HOME, so caches and saved pictures included).
func assertKeyNowhere(
    _ key: String, in result: APODProcess.Result, under folder: URL, _ name: String,
    file: StaticString, line: UInt
) {
    XCTAssertFalse(result.stdout.contains(key), "\(name): key on stdout", file: file, line: line)
    XCTAssertFalse(result.stderr.contains(key), "\(name): key on stderr", file: file, line: line)
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return }
    for case let url as URL in files {
        XCTAssertFalse(url.lastPathComponent.contains(key), "\(name): key in a file name", file: file, line: line)
        if let data = try? Data(contentsOf: url) {
            XCTAssertNil(
                data.range(of: Data(key.utf8)), "\(name): key inside \(url.lastPathComponent)",
                file: file, line: line)
        }
    }
}
