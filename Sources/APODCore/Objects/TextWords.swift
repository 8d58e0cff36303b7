/// A text cut into words the way the object finder reads it: runs of letters and digits, each
/// with the characters that stood between it and the word before ("NGC 4038/4039" is `NGC`,
/// `4038` after " ", `4039` after "/"). Apostrophes and dashes separate words, so
/// "Bode’s" is `Bode`, `s` and "Hale–Bopp" is `Hale`, `Bopp`.
///
/// Read byte by byte over UTF-8, with ASCII on a fast path: the finder reads every entry of the
/// archive when an index is migrated.
struct TextWords {
    struct Word {
        let text: Substring
        /// The word in lower case, for the catalogue's name look-ups.
        let lower: String
        /// The characters between the previous word (or the start) and this one.
        let gap: Substring
        /// Where the word starts, in UTF-8 bytes from the start of the text.
        let offset: Int
    }

    let words: [Word]
    /// The characters after the last word.
    let trailing: Substring
    /// The text's length in UTF-8 bytes.
    let length: Int

    init(_ text: String) {
        var words: [Word] = []
        let utf8 = text.utf8
        length = utf8.count
        words.reserveCapacity(length / 6)
        var index = utf8.startIndex
        var gapStart = index
        var offset = 0
        while index < utf8.endIndex {
            var (isWord, width) = Self.classify(utf8, at: index)
            guard isWord else {
                index = utf8.index(index, offsetBy: width)
                offset += width
                continue
            }
            let start = index
            let wordOffset = offset
            repeat {
                index = utf8.index(index, offsetBy: width)
                offset += width
                guard index < utf8.endIndex else { break }
                (isWord, width) = Self.classify(utf8, at: index)
            } while isWord
            let word = text[start..<index]
            words.append(
                Word(text: word, lower: Self.lowercased(word), gap: text[gapStart..<start], offset: wordOffset))
            gapStart = index
        }
        self.words = words
        trailing = text[gapStart...]
    }

    var count: Int { words.count }

    subscript(index: Int) -> Word { words[index] }

    /// What follows word `index`: the next word's gap, or the text's end.
    func gap(after index: Int) -> Substring {
        index + 1 < words.count ? words[index + 1].gap : trailing
    }

    /// Whether the character at `index` belongs to a word, and its length in bytes.
    private static func classify(_ utf8: String.UTF8View, at index: String.Index) -> (Bool, Int) {
        let lead = utf8[index]
        if lead < 0x80 {
            return (lead &- 0x30 < 10 || (lead | 0x20) &- 0x61 < 26, 1)
        }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard width > 1 else { return (false, 1) }
        var value = UInt32(lead) & (0xFF >> (width + 1))
        var next = index
        for _ in 1..<width {
            next = utf8.index(after: next)
            guard next < utf8.endIndex else { return (false, 1) }
            value = value << 6 | UInt32(utf8[next] & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return (false, width) }
        return (scalar.properties.isAlphabetic || scalar.properties.numericType != nil, width)
    }

    /// Lower case, with ASCII words (nearly all) done without Unicode's tables.
    private static func lowercased(_ word: Substring) -> String {
        var upper = false
        for byte in word.utf8 {
            if byte >= 0x80 { return word.lowercased() }
            if byte &- 0x41 < 26 { upper = true }
        }
        guard upper else { return String(word) }
        return String(unsafeUninitializedCapacity: word.utf8.count) { buffer in
            var count = 0
            for byte in word.utf8 {
                buffer[count] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }
}

extension Substring {
    /// One space (or a no-break space), as between "NGC" and its number.
    var isSingleSpace: Bool {
        self == " " || self == "\u{A0}" || self == "\u{202F}"
    }

    /// Only spaces, hyphens, dashes and apostrophes: the words on either side belong to one name.
    var isSoftGap: Bool {
        if self == " " { return true }
        return !isEmpty && allSatisfy { " \u{A0}\u{202F}-\u{2010}\u{2011}\u{2013}'\u{2019}".contains($0) }
    }

    /// A hyphen or dash alone, as in "Sh2-155".
    var isDash: Bool {
        self == "-" || self == "\u{2010}" || self == "\u{2011}" || self == "\u{2013}"
    }

    /// ASCII digits only (1…`maxDigits` of them), as a number.
    func number(maxDigits: Int = 4) -> Int? {
        guard !isEmpty, utf8.count <= maxDigits else { return nil }
        var number = 0
        for byte in utf8 {
            guard byte &- 0x30 < 10 else { return nil }
            number = number * 10 + Int(byte - 0x30)
        }
        return number
    }

    var startsUppercase: Bool { first?.isUppercase ?? false }
}
