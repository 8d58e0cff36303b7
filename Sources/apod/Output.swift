import APODCore
import Foundation

/// The one way `apod` writes: to stdout and stderr through FileHandle (Swift 6 forbids touching
/// the C `stdout` global from concurrent code), and never a terminal control or bidi override,
/// whatever the command and wherever the text came from (a service, a tampered index or
/// library, a query echoed back): readable text loses them, JSON carries them escaped.
enum Output {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((ControlCharacters.strip(text) + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((ControlCharacters.strip(text) + "\n").utf8))
    }

    /// JSON (one object for `show`, an array otherwise) or readable blocks separated by blank lines.
    static func entries(_ entries: [APODEntry], json: Bool, asArray: Bool) throws {
        if json {
            let data =
                asArray || entries.count != 1
                ? try EntryJSON.encoded(entries.map(EntryJSON.init))
                : try EntryJSON.encoded(EntryJSON(entries[0]))
            FileHandle.standardOutput.write(Data((escapingControls(String(decoding: data, as: UTF8.self)) + "\n").utf8))
        } else {
            guard !entries.isEmpty else { return }
            print(entries.map { EntryFormatter.block(for: $0) }.joined(separator: "\n\n"))
        }
    }

    /// One entry with the Chinese mirror's text: in JSON, the entry's fields and `title_zh`,
    /// `explanation_zh`, `translation_url` and `translator` (null without a translation);
    /// readable, the Chinese title and explanation in place of the English, with the
    /// translator's line and the mirror's page.
    static func entry(_ entry: APODEntry, translation: Translation?, json: Bool) throws {
        if json {
            let base = try JSONSerialization.jsonObject(with: try EntryJSON.encoded(EntryJSON(entry)))
            guard var object = base as? [String: Any] else { return }
            object["title_zh"] = translation.map { $0.title.isEmpty ? entry.title : $0.title } ?? NSNull()
            object["explanation_zh"] = translation?.explanation ?? NSNull()
            object["translation_url"] = translation?.pageURL.absoluteString ?? NSNull()
            object["translator"] = translation?.translator ?? NSNull()
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            FileHandle.standardOutput.write(Data((escapingControls(String(decoding: data, as: UTF8.self)) + "\n").utf8))
            return
        }
        guard let translation else { return print(EntryFormatter.block(for: entry)) }
        var shown = entry
        if !translation.title.isEmpty { shown.title = translation.title }
        shown.explanation = translation.explanation
        var lines = [EntryFormatter.block(for: shown, wrappingCharacters: true)]
        lines.append("")
        if let translator = translation.translator { lines.append(translator) }
        lines.append(tr("Chinese page") + ": " + translation.pageURL.absoluteString)
        print(lines.joined(separator: "\n"))
    }

    /// JSON text with the controls and bidi overrides JSONEncoder leaves raw (C1 controls,
    /// U+202A…U+202E, U+2066…U+2069) written as `\uXXXX`: the same strings for a script, and
    /// nothing a terminal acts on. They can only stand inside strings, where the escape is valid.
    static func escapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { ControlCharacters.isUnsafe($0, keepingLayout: true) }) else {
            return json
        }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if ControlCharacters.isUnsafe(scalar, keepingLayout: true) {
                escaped.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
