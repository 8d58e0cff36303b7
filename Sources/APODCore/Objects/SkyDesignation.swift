/// A catalogue designation: Messier, NGC, IC, Caldwell, Sharpless, Barnard, Lynds (dark and
/// bright), Abell, Arp, or a comet's. `canonical` is how the app writes it whatever the text's
/// spelling ("Messier 31", "M 31" → `M31`; "Sharpless 2-155" → `Sh2-155`).
struct SkyDesignation: Hashable, Sendable {
    enum Catalogue: Sendable {
        case messier, ngc, ic, caldwell, sharpless, barnard, ldn, lbn, abell, arp, comet
    }

    let catalogue: Catalogue
    /// The number as printed with its suffix (`31`, `3808A`, `S1063`), or for a comet the whole
    /// designation (`C/2020 F3`, `67P`).
    let number: String

    var canonical: String {
        switch catalogue {
        case .messier: return "M" + number
        case .ngc: return "NGC " + number
        case .ic: return "IC " + number
        case .caldwell: return "Caldwell " + number
        case .sharpless: return "Sh2-" + number
        case .barnard: return "Barnard " + number
        case .ldn: return "LDN " + number
        case .lbn: return "LBN " + number
        case .abell: return "Abell " + number
        case .arp: return "Arp " + number
        case .comet: return number
        }
    }

    /// The ways texts write it, for a full-text search that finds them all.
    var spellings: [String] {
        switch catalogue {
        case .messier: return ["M" + number, "M " + number, "Messier " + number]
        case .ngc: return ["NGC " + number, "NGC" + number]
        case .ic: return ["IC " + number, "IC" + number]
        case .sharpless: return ["Sh2-" + number, "Sh 2-" + number, "Sharpless " + number, "Sharpless 2-" + number]
        case .ldn: return ["LDN " + number, "Lynds Dark Nebula " + number]
        case .lbn: return ["LBN " + number, "Lynds Bright Nebula " + number]
        default: return [canonical]
        }
    }
}

/// Reads designations in a text's words. Designations are case-sensitive in texts ("IC 342"
/// names a galaxy, "ic 342" nothing) and not in what a user types.
struct DesignationReader {
    let words: TextWords
    /// What a user typed: any case.
    let ignoringCase: Bool
    /// Which bare periodic numbers ("67P" with no "Comet" before it and no name after) are comets:
    /// all of them in a query or the catalogue; in a text, those it also writes in full.
    let bareComets: BareComets

    enum BareComets {
        case all
        case known(Set<String>)
    }

    /// Catalogues written as a prefix and a number: the prefix, whether it may be glued to the
    /// number (`M31`, `NGC224`), the valid numbers and whether a letter may follow (`NGC 3808A`).
    private struct Numbered {
        let prefix: String
        var initial: UInt8 { prefix.utf8.first! }
        let catalogue: SkyDesignation.Catalogue
        let attached: Bool
        let numbers: ClosedRange<Int>
        let suffix: Bool
    }

    private static let numbered: [Numbered] = [
        Numbered(prefix: "M", catalogue: .messier, attached: true, numbers: 1...110, suffix: false),
        Numbered(prefix: "Messier", catalogue: .messier, attached: false, numbers: 1...110, suffix: false),
        Numbered(prefix: "NGC", catalogue: .ngc, attached: true, numbers: 1...7840, suffix: true),
        Numbered(prefix: "IC", catalogue: .ic, attached: true, numbers: 1...5386, suffix: true),
        Numbered(prefix: "Caldwell", catalogue: .caldwell, attached: false, numbers: 1...109, suffix: false),
        Numbered(prefix: "Barnard", catalogue: .barnard, attached: false, numbers: 1...370, suffix: false),
        Numbered(prefix: "LDN", catalogue: .ldn, attached: true, numbers: 1...1802, suffix: false),
        Numbered(prefix: "LBN", catalogue: .lbn, attached: true, numbers: 1...1125, suffix: false),
        Numbered(prefix: "Abell", catalogue: .abell, attached: false, numbers: 1...4076, suffix: false),
        Numbered(prefix: "Arp", catalogue: .arp, attached: false, numbers: 1...338, suffix: false),
    ]
    private static let ldn = numbered.first { $0.catalogue == .ldn }!
    private static let lbn = numbered.first { $0.catalogue == .lbn }!
    /// The first letters of every designation but the periodic comets' ("67P").
    private static let initials = Set("MNICBLASPD".utf8)
    private static let sharplessNumbers = 1...313
    /// After "M4", words that make it a spectral class ("an M4 dwarf"), not Messier 4.
    private static let spectralWords: Set<String> = ["dwarf", "dwarfs", "type", "class", "spectral"]
    /// After "Messier 20 and 21", words that show the 21 ends the list (not "M31 and 2 million").
    private static let listEnders: Set<String> = ["in", "are", "is", "and", "lie", "near", "with", "from"]

    /// The designations that start at word `index` ("Messier 20 and 21" is two), and the index
    /// of the first word after them.
    func read(at index: Int) -> (designations: [SkyDesignation], next: Int)? {
        guard let first = words[index].text.utf8.first else { return nil }
        // Most words of a text start with none of these: they are passed over at once.
        guard ignoringCase || Self.initials.contains(first) || first &- 0x30 < 10 else { return nil }
        if let comet = comet(at: index) { return ([comet.0], comet.next) }
        if let sharpless = sharpless(at: index) { return ([sharpless.0], sharpless.next) }
        if let lynds = lynds(at: index) { return ([lynds.0], lynds.next) }
        for catalogue in Self.numbered where ignoringCase || catalogue.initial == first {
            guard let (number, next) = numbered(catalogue, at: index) else { continue }
            var found = [SkyDesignation(catalogue: catalogue.catalogue, number: number)]
            var end = next
            while let (more, after) = continuation(of: catalogue, at: end) {
                found.append(SkyDesignation(catalogue: catalogue.catalogue, number: more))
                end = after
            }
            return (found, end)
        }
        return nil
    }

    // MARK: Catalogues

    private func numbered(_ catalogue: Numbered, at index: Int) -> (String, next: Int)? {
        let word = words[index].text
        var result: (String, next: Int)?
        if isWord(index, catalogue.prefix), index + 1 < words.count, words[index + 1].gap.isSingleSpace {
            result = number(words[index + 1].text, catalogue).map { ($0, index + 2) }
            if result == nil, catalogue.catalogue == .abell {
                result = southernAbell(words[index + 1].text).map { ($0, index + 2) }
            }
        } else if catalogue.attached, word.utf8.count > catalogue.prefix.utf8.count, hasPrefix(word, catalogue.prefix) {
            result = number(word.dropFirst(catalogue.prefix.utf8.count), catalogue).map { ($0, index + 1) }
        }
        guard let result, !continuesAsAnotherNumber(result.next) else { return nil }
        if catalogue.prefix == "M", isSpectralClass(around: index, next: result.next) { return nil }
        return result
    }

    /// "Sh2-155", "Sh 2-155", "Sh2 155", "Sharpless 155", "Sharpless 2-155".
    private func sharpless(at index: Int) -> (SkyDesignation, next: Int)? {
        var numberIndex: Int?
        if isWord(index, "Sh2"), index + 1 < words.count,
            words[index + 1].gap.isDash || words[index + 1].gap.isSingleSpace
        {
            numberIndex = index + 1
        } else if isWord(index, "Sh"), index + 2 < words.count, words[index + 1].gap.isSingleSpace,
            words[index + 1].text == "2", words[index + 2].gap.isDash
        {
            numberIndex = index + 2
        } else if isWord(index, "Sharpless"), index + 1 < words.count, words[index + 1].gap.isSingleSpace {
            let catalogueTwo = words[index + 1].text == "2" && index + 2 < words.count && words[index + 2].gap.isDash
            numberIndex = catalogueTwo ? index + 2 : index + 1
        }
        guard let numberIndex, let number = words[numberIndex].text.number(maxDigits: 3),
            Self.sharplessNumbers.contains(number), !continuesAsAnotherNumber(numberIndex + 1)
        else { return nil }
        return (SkyDesignation(catalogue: .sharpless, number: String(number)), numberIndex + 1)
    }

    /// "Lynds Dark Nebula 1251", "Lynds Bright Nebula 438".
    private func lynds(at index: Int) -> (SkyDesignation, next: Int)? {
        guard isWord(index, "Lynds"), index + 3 < words.count, isWord(index + 2, "Nebula"),
            (1...3).allSatisfy({ words[index + $0].gap.isSingleSpace })
        else { return nil }
        let catalogue = isWord(index + 1, "Dark") ? Self.ldn : isWord(index + 1, "Bright") ? Self.lbn : nil
        guard let catalogue, let number = number(words[index + 3].text, catalogue) else { return nil }
        return (SkyDesignation(catalogue: catalogue.catalogue, number: number), index + 4)
    }

    /// "C/2020 F3", "P/2010 A2", "D/1993 F2"; "67P/Churyumov-Gerasimenko", "2I/Borisov", "Comet
    /// 67P"; a bare "67P" when `bareComets` says so.
    private func comet(at index: Int) -> (SkyDesignation, next: Int)? {
        let word = words[index].text
        if word.utf8.count == 1, ["C", "P", "D"].contains(where: { isWord(index, $0) }), index + 2 < words.count,
            words[index + 1].gap == "/", let year = words[index + 1].text.number(maxDigits: 4),
            (1600...2100).contains(year),
            words[index + 2].gap.isSingleSpace, isProvisional(words[index + 2].text)
        {
            return (
                SkyDesignation(
                    catalogue: .comet, number: "\(word.uppercased())/\(year) \(words[index + 2].text.uppercased())"),
                index + 3
            )
        }
        guard (2...4).contains(word.utf8.count), let kind = word.last.map({ Character($0.uppercased()) }),
            kind == "P" || kind == "I",
            ignoringCase || word.last?.isUppercase == true,
            let number = word.dropLast().number(maxDigits: 3), number > 0
        else { return nil }
        let designation = "\(number)\(kind)"
        guard Self.isWrittenInFull(words, at: index) || bare(designation) else { return nil }
        return (SkyDesignation(catalogue: .comet, number: designation), index + 1)
    }

    /// "67P/Churyumov-Gerasimenko", "Comet 67P": a periodic comet's number that needs no context.
    static func isWrittenInFull(_ words: TextWords, at index: Int) -> Bool {
        (words.gap(after: index).hasPrefix("/") && index + 1 < words.count)
            || (index > 0 && words[index].gap.isSingleSpace && words[index - 1].lower == "comet")
    }

    private func bare(_ designation: String) -> Bool {
        switch bareComets {
        case .all: return true
        case .known(let comets): return comets.contains(designation)
        }
    }

    // MARK: Pieces

    /// "Messier 20 and 21", "NGC 4038/4039", "M81 & 82": another number of the same catalogue.
    private func continuation(of catalogue: Numbered, at index: Int) -> (String, next: Int)? {
        guard index < words.count else { return nil }
        if words[index].gap == "/", let number = number(words[index].text, catalogue) {
            return (number, index + 1)
        }
        var numberIndex = index
        if words[index].text == "and", words[index].gap.isSingleSpace, index + 1 < words.count,
            words[index + 1].gap.isSingleSpace
        {
            numberIndex = index + 1
        } else if words[index].gap != " & " {
            return nil
        }
        guard let number = number(words[numberIndex].text, catalogue), endsList(at: numberIndex + 1) else { return nil }
        return (number, numberIndex + 1)
    }

    private func endsList(at index: Int) -> Bool {
        guard index < words.count else { return true }
        return words[index].gap.contains(where: { ".,;:)!?".contains($0) })
            || Self.listEnders.contains(String(words[index].text))
    }

    /// "M2-9" (Minkowski's nebula) and "M4.5" (a spectral class) are not Messier 2 and 4.
    private func continuesAsAnotherNumber(_ next: Int) -> Bool {
        guard next < words.count, words[next].text.first?.isNumber == true else { return false }
        let gap = words[next].gap
        return gap.isDash || gap == "."
    }

    private func isSpectralClass(around index: Int, next: Int) -> Bool {
        (next < words.count && Self.spectralWords.contains(words[next].lower))
            || (index > 0 && Self.spectralWords.contains(words[index - 1].lower))
    }

    /// The number (and letter, where the catalogue has them) if it is one of the catalogue's.
    private func number(_ text: Substring, _ catalogue: Numbered) -> String? {
        var digits = text
        var letter = ""
        if catalogue.suffix, let last = text.last, last.isLetter, last.isASCII, ignoringCase || last.isUppercase {
            digits = text.dropLast()
            letter = last.uppercased()
        }
        guard let number = digits.number(maxDigits: 4), catalogue.numbers.contains(number) else { return nil }
        return String(number) + letter
    }

    /// Abell's southern clusters: "Abell S1063".
    private func southernAbell(_ text: Substring) -> String? {
        guard text.first == "S" || (ignoringCase && text.first == "s"),
            let number = text.dropFirst().number(maxDigits: 4), number > 0
        else { return nil }
        return "S\(number)"
    }

    /// A comet's provisional letters and number: `F3`, `US10`, `A`.
    private func isProvisional(_ text: Substring) -> Bool {
        let letters = text.prefix { $0.isASCII && $0.isLetter && (ignoringCase || $0.isUppercase) }
        let digits = text.dropFirst(letters.count)
        return (1...2).contains(letters.count) && digits.count <= 3 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private func isWord(_ index: Int, _ literal: String) -> Bool {
        guard index < words.count else { return false }
        let word = words[index].text
        return ignoringCase ? words[index].lower == literal.lowercased() : word == literal
    }

    private func hasPrefix(_ word: Substring, _ prefix: String) -> Bool {
        ignoringCase ? String(word).lowercased().hasPrefix(prefix.lowercased()) : word.hasPrefix(prefix)
    }
}
