import APODCore
import Foundation

/// Writes to stdout and stderr through FileHandle (Swift 6 forbids touching the C `stdout`
/// global from concurrent code).
enum Output {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// JSON (one object for `show`, an array otherwise) or readable blocks separated by blank lines.
    static func entries(_ entries: [APODEntry], json: Bool, asArray: Bool) throws {
        if json {
            let data = asArray || entries.count != 1
                ? try EntryJSON.encoded(entries.map(EntryJSON.init))
                : try EntryJSON.encoded(EntryJSON(entries[0]))
            print(String(decoding: data, as: UTF8.self))
        } else {
            guard !entries.isEmpty else { return }
            print(entries.map(EntryFormatter.block(for:)).joined(separator: "\n\n"))
        }
    }
}
