/// One object an entry names, and whether its title does.
struct ObjectMention: Hashable, Sendable {
    let id: String
    let inTitle: Bool
}

/// Finds the sky objects an entry is about in its title and explanation: designations of the
/// catalogues `DesignationReader` knows, and the catalogue's names.
///
/// Precision comes first: a designation must be written as catalogues write it ("M1" is not in
/// "M100", "M2-9" is not Messier 2, "IC" needs its number); a one-word name must be spelt
/// exactly ("Io", not "IO"); "Saturn V" is a rocket and "Martian Moon" not ours; a name
/// inside a longer one ("Jupiter" in "Ghost of Jupiter") is not counted; and the notice that
/// closes many explanations ("News: New Horizons Passes Ultima Thule") is not read.
struct SkyObjectFinder: Sendable {
    let catalogue: SkyCatalogue

    init(catalogue: SkyCatalogue = .shared) {
        self.catalogue = catalogue
    }

    /// After a name, words that make it a rocket or a programme ("Saturn V", "Mercury capsule");
    /// "Project Mercury" is one too.
    private static let vehicleWords: Set<Substring> = [
        "rocket", "rockets", "booster", "boosters", "launcher", "capsule",
        "capsules", "program", "programme", "V", "IB", "II", "III", "IV",
    ]
    /// Closing notices start this close to the end of an explanation (UTF-8 bytes).
    private static let noticeWindow = 320

    /// Objects kept for one entry. The most any real entry names is 9 (2019-12-26, of the 2019
    /// sample); one listing every NGC and IC number named 13,225, and a year of them wrote 2.86
    /// million rows.
    static let maxObjectsPerEntry = 64

    /// The objects the entry names, each once: the title's first, then the explanation's, in
    /// the order they are named; at most `maxObjectsPerEntry`.
    func objects(title: String, explanation: String) -> [ObjectMention] {
        let titleWords = TextWords(title)
        let explanationWords = TextWords(explanation)
        let comets = Self.cometsWrittenInFull(titleWords).union(Self.cometsWrittenInFull(explanationWords))
        var seen = Set<String>()
        var found: [ObjectMention] = []
        for id in ids(in: titleWords, through: titleWords.count, comets: comets) where seen.insert(id).inserted {
            found.append(ObjectMention(id: id, inTitle: true))
        }
        let end = Self.noticeStart(explanationWords)
        for id in ids(in: explanationWords, through: end, comets: comets)
        where catalogue.options(of: id)?.titleOnly != true && seen.insert(id).inserted {
            found.append(ObjectMention(id: id, inTitle: false))
            if found.count >= Self.maxObjectsPerEntry { break }
        }
        return Array(found.prefix(Self.maxObjectsPerEntry))
    }

    /// The periodic comets a text writes in full ("67P/Churyumov-Gerasimenko", "Comet 67P"): a
    /// bare "67P" elsewhere in the entry is that comet too, but "the 12P rule" alone is not.
    private static func cometsWrittenInFull(_ words: TextWords) -> Set<String> {
        var comets = Set<String>()
        for index in 0..<words.count {
            let word = words[index].text
            guard (2...4).contains(word.utf8.count), word.last == "P", word.dropLast().number(maxDigits: 3) != nil,
                DesignationReader.isWrittenInFull(words, at: index)
            else { continue }
            comets.insert(String(word))
        }
        return comets
    }

    private func ids(in words: TextWords, through end: Int, comets: Set<String>) -> [String] {
        let reader = DesignationReader(words: words, ignoringCase: false, bareComets: .known(comets))
        var ids: [String] = []
        var index = 0
        while index < end {
            if let (designations, next) = reader.read(at: index) {
                ids += designations.map(catalogue.id(of:))
                index = next
            } else if let (id, next) = name(at: index, in: words, reader: reader) {
                ids.append(id)
                index = next
            } else {
                if let id = coordinatedName(at: index, in: words) { ids.append(id) }
                index += 1
            }
        }
        return ids
    }

    // MARK: Names

    private func name(at index: Int, in words: TextWords, reader: DesignationReader) -> (String, next: Int)? {
        guard let patterns = catalogue.namesByFirstWord[words[index].lower] else { return nil }
        for pattern in patterns {
            guard let next = end(of: pattern, at: index, in: words),
                !isExcluded(pattern.id, at: index, next: next, in: words, reader: reader)
            else { continue }
            return (pattern.id, next)
        }
        return nil
    }

    /// Where the name ends if the text has it at `index`: one word spelt exactly, or several in
    /// any case with a capital among them, only spaces, dashes and apostrophes between, the last
    /// one perhaps plural ("Horsehead and Orion Nebulas").
    private func end(of pattern: SkyCatalogue.NamePattern, at index: Int, in words: TextWords) -> Int? {
        let count = pattern.words.count
        guard index + count <= words.count else { return nil }
        if count == 1 { return words[index].text == pattern.spelling ? index + 1 : nil }
        var capital = false
        for offset in 0..<count {
            let word = words[index + offset]
            if offset > 0 && !word.gap.isSoftGap { return nil }
            guard
                word.lower == pattern.words[offset]
                    || (offset == count - 1 && Self.singular(of: word.lower) == pattern.words[offset])
            else { return nil }
            capital = capital || word.text != word.lower
        }
        return capital ? index + count : nil
    }

    private func isExcluded(_ id: String, at index: Int, next: Int, in words: TextWords, reader: DesignationReader)
        -> Bool
    {
        if next < words.count, words[next].gap.isSingleSpace, Self.vehicleWords.contains(words[next].text) {
            return true
        }
        if index > 0, words[index - 1].text == "Project" { return true }
        guard let options = catalogue.options(of: id) else { return false }
        if index > 0, words[index].gap.isSingleSpace, options.notAfter.contains(String(words[index - 1].text)) {
            return true
        }
        if !options.notShortlyAfter.isEmpty,
            (max(0, index - 4)..<index).contains(where: { options.notShortlyAfter.contains(words[$0].lower) })
        {
            return true
        }
        if options.notBeforeName, next < words.count, words[next].gap.isSingleSpace,
            reader.read(at: next) != nil || name(at: next, in: words, reader: reader) != nil
        {
            return true
        }
        return false
    }

    /// "Heart and Soul Nebulas" names the Heart Nebula too; "Large and Small Magellanic
    /// Clouds" the Large Magellanic Cloud.
    private func coordinatedName(at index: Int, in words: TextWords) -> String? {
        guard index + 3 < words.count, words[index + 1].lower == "and", words[index].text.startsUppercase,
            words[index + 1].gap.isSingleSpace, words[index + 2].gap.isSingleSpace
        else { return nil }
        for head in (index + 3)..<min(index + 6, words.count) {
            guard words[head].gap.isSoftGap else { return nil }
            guard let singular = Self.singular(of: words[head].lower) else { continue }
            return catalogue.id(
                forNameWords: [words[index].lower] + words.words[(index + 3)..<head].map(\.lower) + [singular])
        }
        return nil
    }

    /// The singular of the plural kinds of object names end with ("nebulas", "nebulae" → "nebula").
    private static func singular(of word: String) -> String? {
        switch word {
        case "nebulas", "nebulae": return "nebula"
        case "galaxies": return "galaxy"
        case "clusters": return "cluster"
        case "clouds": return "cloud"
        default: return nil
        }
    }

    // MARK: Closing notices

    /// The first word of the notice many explanations end with ("News: …", "Follow APOD on:
    /// …", "Watch: the Transit of Mercury from Earth"): a sentence near the end that opens with
    /// a label of at most five words and a colon. The word count when there is none.
    static func noticeStart(_ words: TextWords) -> Int {
        let from = words.length - noticeWindow
        for start in 1..<max(1, words.count) where words[start].offset >= from {
            guard words[start].gap.contains(where: { ".!?".contains($0) }),
                words[start].text.first.map({ $0.isUppercase || $0.isNumber }) == true
            else { continue }
            for labelEnd in start..<min(start + 5, words.count) {
                let after = words.gap(after: labelEnd)
                if after.hasPrefix(":") && after.dropFirst().first?.isWhitespace == true { return start }
                if !after.isSingleSpace { break }
            }
        }
        return words.count
    }
}
