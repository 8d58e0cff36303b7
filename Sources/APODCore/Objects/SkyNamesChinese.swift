import Foundation

/// The Traditional Chinese names of sky objects (data/sky-names-zh_TW.txt, embedded as
/// `SkyNamesChineseText`): 仙女座星系 is M31, so searching it finds what "M31" finds and a chip
/// reads 「M31 · 仙女座星系」 in zh_TW; 獵戶座, which the catalogue has no object for, searches
/// the English word "Orion" besides the Chinese text.
public final class SkyNamesChinese: Sendable {
    public static let shared = SkyNamesChinese(text: SkyNamesChineseText.text, catalogue: .shared)

    /// What a Chinese name stands for.
    public enum Meaning: Equatable, Sendable {
        /// An object of the catalogue, by its id.
        case object(String)
        /// English words to search, as an FTS5 phrase (`"canis major"`, `"perseid"*`).
        case words(String)
    }

    private let meanings: [String: Meaning]
    private let namesByID: [String: String]
    /// The first characters of the objects' names and the longest name: what `objects(in:)`
    /// tries at each character of a text.
    private let firstCharacters: Set<Character>
    private let longestName: Int
    /// Lines that could not be read, unknown ids, and names given twice (a test keeps this empty).
    let problems: [String]
    /// How many objects and constellations or showers have names.
    public let objectCount: Int
    public let wordsCount: Int

    init(text: String, catalogue: SkyCatalogue) {
        var meanings: [String: Meaning] = [:]
        var namesByID: [String: String] = [:]
        var problems: [String] = []
        var objects = 0
        var words = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            let fields = content.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let names =
                fields.count == 2 ? fields[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
            guard fields.count == 2, !fields[0].isEmpty, !names.isEmpty, names.allSatisfy(CJKText.containsHan) else {
                problems.append("line \(number + 1): expected KEY | Chinese names")
                continue
            }
            let meaning: Meaning
            if fields[0].hasPrefix("words:") {
                let english = fields[0].dropFirst("words:".count).trimmingCharacters(in: .whitespaces)
                let prefix = english.hasSuffix("*")
                let phrase = english.trimmingCharacters(in: CharacterSet(charactersIn: "*")).lowercased()
                meaning = .words("\"" + phrase + "\"" + (prefix ? "*" : ""))
                words += 1
            } else {
                guard let object = catalogue.object(named: fields[0]), catalogue.knows(object.id) else {
                    problems.append("line \(number + 1): \(fields[0]) is not in data/sky-objects.txt")
                    continue
                }
                meaning = .object(object.id)
                if namesByID[object.id] != nil { problems.append("line \(number + 1): \(object.id) appears twice") }
                namesByID[object.id] = names[0]
                objects += 1
            }
            for name in names {
                let key = Self.key(name)
                if meanings[key] != nil { problems.append("line \(number + 1): \(name) is named twice") }
                meanings[key] = meaning
            }
        }
        self.meanings = meanings
        self.namesByID = namesByID
        let objectNames = meanings.filter { if case .object = $0.value { true } else { false } }.keys
        firstCharacters = Set(objectNames.compactMap(\.first))
        longestName = objectNames.map(\.count).max() ?? 0
        self.problems = problems
        objectCount = objects
        wordsCount = words
    }

    /// What the typed text means when it is (only) a Chinese name: spaces and a trailing
    /// full-width punctuation mark are ignored.
    public func meaning(of query: String) -> Meaning? {
        guard CJKText.containsHan(query) else { return nil }
        return meanings[Self.key(query)]
    }

    /// The catalogue objects a Chinese text names, by id, in the order it first names them: at
    /// each character the longest name there (仙女座大星雲 before 仙女座), two characters at
    /// least, so the mirror's translations find their objects as NASA's English does.
    public func objects(in text: String) -> [String] {
        let characters = Array(text.lowercased())
        var found: [String] = []
        var position = 0
        while position < characters.count {
            var advance = 1
            if firstCharacters.contains(characters[position]) {
                for length in stride(from: min(longestName, characters.count - position), through: 2, by: -1) {
                    let candidate = String(characters[position..<position + length])
                    guard case .object(let id) = meanings[candidate] else { continue }
                    if !found.contains(id) { found.append(id) }
                    advance = length
                    break
                }
            }
            position += advance
        }
        return found
    }

    /// The Chinese name shown for an object, if it has one.
    public func name(of object: SkyObject) -> String? {
        namesByID[object.id]
    }

    private static func key(_ name: String) -> String {
        String(name.filter { !$0.isWhitespace && !"。，、！？「」".contains($0) }).lowercased()
    }
}

extension SkyObject {
    /// `M31 · 仙女座星系` when the interface speaks Chinese and the object has a Chinese name,
    /// else `label`.
    public func label(chinese: Bool) -> String {
        guard chinese, let name = SkyNamesChinese.shared.name(of: self) else { return label }
        return "\(id) · \(name)"
    }
}
