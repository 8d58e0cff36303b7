import Foundation

/// The sky objects the app knows by name and their cross-designations, read once from
/// data/sky-objects.txt (embedded as `SkyCatalogueText`): which designations are the same
/// object (NGC 224 is M31), which names mean it (Andromeda Galaxy), and what a user's query
/// stands for. Objects known by a designation alone need no entry: "NGC 3717" is an object
/// of its own.
public final class SkyCatalogue: Sendable {
    public static let shared = SkyCatalogue(text: SkyCatalogueText.text)

    /// Changes with the catalogue and with the way texts are read: an index whose objects were
    /// found with another version finds them again on opening.
    public let version: String
    /// Objects, common names, and designations (ids and cross-designations) in the catalogue.
    public var objectCount: Int { objects.count }
    public let nameCount: Int
    public let designationCount: Int
    /// Lines that could not be read, and names or designations given to two objects (a test
    /// keeps this empty).
    let problems: [String]

    /// A name as the finder matches it: its words in lower case, longest names first.
    struct NamePattern: Sendable {
        let words: [String]
        /// As written in the catalogue: a one-word name must appear exactly so ("Io", not "IO").
        let spelling: String
        let id: String
    }

    struct Options: Sendable {
        /// Only a title naming it counts ("Earth" is in most explanations).
        var titleOnly = false
        /// Not when the word before is one of these ("Martian Moon Phobos").
        var notAfter: Set<String> = []
        /// Not when one of the four words before is one of these, in any case ("the angular
        /// size of the full Moon" measures something else).
        var notShortlyAfter: Set<String> = []
        /// Not when another object's name follows ("Moon Io").
        var notBeforeName = false
    }

    private let objects: [String: SkyObject]
    private let idsByDesignation: [String: String]
    /// First word (lower case) → the names starting with it, longest first.
    let namesByFirstWord: [String: [NamePattern]]
    /// A name's words in lower case, joined by spaces → its object's id.
    private let idsByName: [String: String]
    private let spellingsByID: [String: [String]]
    private let optionsByID: [String: Options]

    /// Bumped when the finder reads texts differently, so indexes find their objects again.
    static let finderRevision = 1

    init(text: String) {
        var objects: [String: SkyObject] = [:]
        var idsByDesignation: [String: String] = [:]
        var patterns: [String: [NamePattern]] = [:]
        var idsByName: [String: String] = [:]
        var spellings: [String: [String]] = [:]
        var options: [String: Options] = [:]
        var problems: [String] = []
        var names = 0

        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            let fields = content.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 4, !fields[0].isEmpty else {
                problems.append("line \(number + 1): expected ID | designations | names | options")
                continue
            }
            let idDesignation = Self.designation(fields[0])
            let id = idDesignation?.canonical ?? fields[0]
            guard objects[id] == nil else {
                problems.append("line \(number + 1): \(id) appears twice")
                continue
            }
            let designations =
                (idDesignation.map { [$0] } ?? [])
                + Self.list(fields[1]).compactMap { text -> SkyDesignation? in
                    let designation = Self.designation(text)
                    if designation == nil { problems.append("line \(number + 1): \"\(text)\" is not a designation") }
                    return designation
                }
            var objectNames = Self.list(fields[2])
            if idDesignation == nil && !objectNames.contains(id) { objectNames.insert(id, at: 0) }
            objects[id] = SkyObject(id: id, name: objectNames.first { $0 != id })

            for designation in designations {
                if let other = idsByDesignation[designation.canonical] {
                    problems.append("line \(number + 1): \(designation.canonical) is already \(other)")
                }
                idsByDesignation[designation.canonical] = id
                spellings[id, default: []] += designation.spellings
            }
            for name in objectNames {
                let words = TextWords(name).words.map { $0.text.lowercased() }
                guard let first = words.first else { continue }
                let key = words.joined(separator: " ")
                if let other = idsByName[key] {
                    problems.append("line \(number + 1): the name \(name) is already \(other)'s")
                    continue
                }
                idsByName[key] = id
                patterns[first, default: []].append(NamePattern(words: words, spelling: name, id: id))
                spellings[id, default: []].append(name)
                names += 1
            }
            options[id] = Self.options(fields[3], line: number + 1, problems: &problems)
        }

        self.objects = objects
        self.idsByDesignation = idsByDesignation
        self.namesByFirstWord = patterns.mapValues { $0.sorted { $0.words.count > $1.words.count } }
        self.idsByName = idsByName
        self.spellingsByID = spellings
        self.optionsByID = options
        self.problems = problems
        nameCount = names
        designationCount = idsByDesignation.count
        version = "\(Self.fnv1a(text))-\(Self.finderRevision)"
    }

    // MARK: Looking up

    /// The object with this id: as the catalogue describes it, or known by its designation alone.
    public func object(id: String) -> SkyObject {
        objects[id] ?? SkyObject(id: id)
    }

    /// Whether the catalogue describes the object with this id (rather than knowing it by its
    /// designation alone).
    func knows(_ id: String) -> Bool {
        objects[id] != nil
    }

    /// The object a user's query means, whatever its spelling: "M31", "m 31", "Messier 31",
    /// "NGC 224", "andromeda galaxy" and "the Andromeda Galaxy" are M31; "NGC 3717" is NGC 3717.
    /// `nil` when the query is not (only) an object's name or designation.
    public func object(named query: String) -> SkyObject? {
        var text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.lowercased().hasPrefix("the ") { text = String(text.dropFirst(4)) }
        let words = TextWords(text)
        guard words.count > 0 else { return nil }
        let key = words.words.map { $0.text.lowercased() }.joined(separator: " ")
        if let id = idsByName[key] { return object(id: id) }
        for start in words[0].text.lowercased() == "comet" ? [0, 1] : [0] where start < words.count {
            let reader = DesignationReader(words: words, ignoringCase: true, bareComets: .all)
            if let (found, next) = reader.read(at: start), next == words.count, found.count == 1 {
                return object(id: id(of: found[0]))
            }
        }
        return nil
    }

    /// The id of the object a designation names (`NGC 224` → `M31`).
    func id(of designation: SkyDesignation) -> String {
        idsByDesignation[designation.canonical] ?? designation.canonical
    }

    /// The id of the object a name means, given as its words in lower case.
    func id(forNameWords words: [String]) -> String? {
        idsByName[words.joined(separator: " ")]
    }

    /// Every way texts name the object: its designations' spellings and its names.
    func spellings(of object: SkyObject) -> [String] {
        if let known = spellingsByID[object.id] { return known }
        let words = TextWords(object.id)
        let reader = DesignationReader(words: words, ignoringCase: false, bareComets: .all)
        if let (found, next) = reader.read(at: 0), next == words.count, found.count == 1 { return found[0].spellings }
        return [object.id]
    }

    func options(of id: String) -> Options? {
        optionsByID[id]
    }

    // MARK: Reading the file

    private static func list(_ field: String) -> [String] {
        field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A designation as the catalogue file writes it, the whole text and nothing else.
    private static func designation(_ text: String) -> SkyDesignation? {
        let words = TextWords(text)
        guard words.count > 0 else { return nil }
        let reader = DesignationReader(words: words, ignoringCase: false, bareComets: .all)
        guard let (found, next) = reader.read(at: 0), next == words.count, found.count == 1 else { return nil }
        return found[0]
    }

    private static func options(_ field: String, line: Int, problems: inout [String]) -> Options {
        var options = Options()
        for option in field.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !option.isEmpty
        {
            if option == "title-only" {
                options.titleOnly = true
            } else if option == "not-before-name" {
                options.notBeforeName = true
            } else if option.hasPrefix("not-shortly-after=") {
                options.notShortlyAfter = Set(
                    option.dropFirst("not-shortly-after=".count).split(separator: " ").map { $0.lowercased() })
            } else if option.hasPrefix("not-after=") {
                options.notAfter = Set(option.dropFirst("not-after=".count).split(separator: " ").map(String.init))
            } else {
                problems.append("line \(line): unknown option \(option)")
            }
        }
        return options
    }

    /// FNV-1a, 64 bits, in hex: the same on every run and machine (unlike `Hasher`).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
