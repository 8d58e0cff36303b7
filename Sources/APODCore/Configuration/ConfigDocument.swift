import Foundation

/// The preferences file's text as lines, edited in place: a change rewrites only the line of
/// the key it changes, so comments, blank lines, unknown keys and their order survive a save.
///
/// Why not GKeyFile: the file has always been plain `key=value` lines without a `[group]`
/// header, which GKeyFile refuses ("Key file does not start with a group"), and GKeyFile
/// cannot say on which line a value stands, which every warning about a bad value names.
/// Keeping the format needs about fifty lines of Swift and no C library in the core.
struct ConfigDocument: Equatable {
    /// One `key=value` line, numbered from 1 as an editor shows it.
    struct Entry: Equatable {
        var key: String
        var value: String
        var line: Int
    }

    private(set) var lines: [String]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
    }

    /// Every `key=value` line; a key set twice appears twice (the last one wins when read).
    var entries: [Entry] {
        lines.enumerated().compactMap { index, line in
            Self.parse(line).map { Entry(key: $0.key, value: $0.value, line: index + 1) }
        }
    }

    /// Lines that are neither blank, a `#` comment, nor `key=value`, with their numbers.
    var unreadableLines: [Int] {
        lines.enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty || trimmed.hasPrefix("#") || Self.parse(line) != nil ? nil : index + 1
        }
    }

    var text: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Sets `key` on the line where it stands (dropping any earlier copies) or appends it;
    /// nil removes every line of that key.
    mutating func set(_ key: String, to value: String?) {
        let positions = lines.indices.filter { Self.parse(lines[$0])?.key == key }
        guard let value else {
            for index in positions.reversed() { lines.remove(at: index) }
            return
        }
        let line = "\(key)=\(value)"
        guard let last = positions.last else {
            lines.append(line)
            return
        }
        lines[last] = line
        for index in positions.dropLast().reversed() { lines.remove(at: index) }
    }

    private static func parse(_ line: String) -> (key: String, value: String)? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.hasPrefix("#"), let eq = trimmed.firstIndex(of: "=") else { return nil }
        let key = trimmed[..<eq].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { return nil }
        return (key, trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
