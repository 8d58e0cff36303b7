import APODCore
import Foundation

/// The sky objects of the synthetic archive: the designations and names its titles and
/// explanations mention, as often as the real archive's, and which days name which object, so
/// the objects row can measure recall and precision against what was written.
///
/// The truth is this file's own: its spellings, looked for in each title and explanation in any
/// case (the archive's themes and vocabulary make names of their own, "Andromeda Galaxy",
/// "Saturn Nebula"), not the app's catalogue or finder. A few look-alikes that name nothing ("a
/// Saturn V rocket", "an M4.5 dwarf") are mixed in.
struct SyntheticSky {
    struct Measured {
        /// The id the app gives the object.
        let id: String
        /// The ways the archive writes it.
        let spellings: [String]
        /// Longer names that contain a spelling but name something else.
        var others: [String] = []
    }

    /// The well-known objects the bench measures.
    static let measured: [Measured] = [
        Measured(id: "M31", spellings: ["M31", "M 31", "Messier 31", "NGC 224", "the Andromeda Galaxy"]),
        Measured(
            id: "M42", spellings: ["M42", "Messier 42", "NGC 1976", "the Orion Nebula", "the Great Orion Nebula"]),
        Measured(id: "M45", spellings: ["M45", "the Pleiades", "the Seven Sisters"], others: ["Southern Pleiades"]),
        Measured(id: "M1", spellings: ["M1", "Messier 1", "the Crab Nebula"], others: ["Southern Crab Nebula"]),
        Measured(id: "M101", spellings: ["M101", "the Pinwheel Galaxy"], others: ["Southern Pinwheel Galaxy"]),
        Measured(
            id: "Barnard 33", spellings: ["Barnard 33", "the Horsehead Nebula", "Horsehead"], others: ["Blue Horsehead"]
        ),
        Measured(id: "NGC 7000", spellings: ["NGC 7000", "Caldwell 20", "the North America Nebula"]),
        Measured(id: "Sh2-155", spellings: ["Sh2-155", "Sharpless 155", "the Cave Nebula"]),
        Measured(id: "C/2020 F3", spellings: ["C/2020 F3", "Comet NEOWISE"]),
        Measured(id: "12P", spellings: ["12P/Pons-Brooks", "Comet Pons-Brooks"]),
        Measured(id: "Jupiter", spellings: ["Jupiter"], others: ["Ghost of Jupiter"]),
        Measured(id: "Saturn", spellings: ["Saturn"], others: ["Saturn Nebula", "Saturn V"]),
    ]
    /// Text that looks like an object's designation or name and is not one.
    static let decoys = [
        "a Saturn V rocket", "an M4.5 red dwarf", "the M2-9 jets", "IC chips", "an M1000 lens",
        "an IO port", "the Mercury capsule", "type M5 stars", "the 12P rule",
    ]

    /// Days whose title names the object, and days that name it anywhere, by object id.
    private(set) var inTitles: [String: Set<APODDay>] = [:]
    private(set) var named: [String: Set<APODDay>] = [:]
    private var random = SeededGenerator(seed: 0x5CA7)
    /// The spellings of the object the current entry's title was given, for its explanation.
    private var titleSpellings: [String] = []

    /// An entry's title from its words, now and then after an object ("M31: …").
    mutating func title(_ words: [String]) -> String {
        titleSpellings = []
        guard chance(1, in: 4) else { return words.joined(separator: " ") }
        let (id, spelling) = pick()
        titleSpellings = Self.measured.first { $0.id == id }?.spellings ?? [spelling]
        return spelling.prefix(1).uppercased() + spelling.dropFirst() + ": " + words.joined(separator: " ")
    }

    /// Mentions for an entry's explanation: the title's object again, now and then, and others.
    mutating func explanationMentions() -> [String] {
        var mentions: [String] = []
        if !titleSpellings.isEmpty && chance(3, in: 5) {
            mentions.append(titleSpellings[next(titleSpellings.count)])
        }
        for _ in 0..<next(3) { mentions.append(pick().spelling) }
        if chance(1, in: 12) { mentions.append(Self.decoys[next(Self.decoys.count)]) }
        return mentions
    }

    /// Records which measured objects the finished entry names, in its title and anywhere.
    mutating func note(day: APODDay, title: String, explanation: String) {
        let title = Array(title.lowercased().utf8)
        let explanation = Array(explanation.lowercased().utf8)
        for object in Self.searched {
            if Self.names(object, in: title) {
                inTitles[object.id, default: []].insert(day)
                named[object.id, default: []].insert(day)
            } else if Self.names(object, in: explanation) {
                named[object.id, default: []].insert(day)
            }
        }
    }

    /// The measured objects' spellings (without their "the") and other names, in lower case.
    private static let searched = measured.map { object in
        (
            id: object.id,
            spellings: object.spellings.map {
                Array(($0.hasPrefix("the ") ? String($0.dropFirst(4)) : $0).lowercased().utf8)
            },
            others: object.others.map { Array($0.lowercased().utf8) }
        )
    }

    /// A spelling as whole words, not inside one of the longer names that are other objects.
    private static func names(_ object: (id: String, spellings: [[UInt8]], others: [[UInt8]]), in text: [UInt8]) -> Bool
    {
        let others = object.others.flatMap { wordRanges(of: $0, in: text) }
        return object.spellings.contains { spelling in
            wordRanges(of: spelling, in: text).contains { found in !others.contains { $0.overlaps(found) } }
        }
    }

    /// Where `wanted` stands in `text` as whole words (no ASCII letter or digit on either side).
    private static func wordRanges(of wanted: [UInt8], in text: [UInt8]) -> [Range<Int>] {
        func isWordByte(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 || byte &- 0x61 < 26 }
        guard text.count >= wanted.count, let first = wanted.first else { return [] }
        var ranges: [Range<Int>] = []
        for start in 0...(text.count - wanted.count) where text[start] == first {
            let end = start + wanted.count
            guard text[start..<end].elementsEqual(wanted),
                start == 0 || !isWordByte(text[start - 1]), end == text.count || !isWordByte(text[end])
            else { continue }
            ranges.append(start..<end)
        }
        return ranges
    }

    /// A measured object half the time, otherwise one of some 3,000 others known by their
    /// designation alone, the low numbers more often (as bright objects are).
    private mutating func pick() -> (id: String, spelling: String) {
        if chance(1, in: 2) {
            let object = Self.measured[next(Self.measured.count)]
            return (object.id, object.spellings[next(object.spellings.count)])
        }
        let rank = Int(pow(2400.0, Double(next(1_000_000)) / 1_000_000))
        let designation = rank % 4 == 3 ? "IC \(rank)" : "NGC \(rank + 100)"
        return (designation, designation)
    }

    private mutating func chance(_ times: UInt64, in outOf: UInt64) -> Bool {
        random.next() % outOf < times
    }

    private mutating func next(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }
}
