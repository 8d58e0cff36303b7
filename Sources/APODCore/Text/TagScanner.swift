/// Finds where the HTML tag starting at a `<` ends, if it is a tag at all, in time linear in the
/// whole text however many `<` it holds.
///
/// A tag is `<name …>` or `</name>` naming a known element, `<!…>`, or a comment `<!-- … -->`;
/// quotes hide `<` and `>` inside attribute values. A `<` that does not start a tag is text.
///
/// Comments remember where the next `-->` is (or that there is none), so a thousand unclosed
/// `<!--` do not each search to the end. Other tags need no memory: a look-ahead from a later
/// `<` can only cross bytes an earlier one crossed inside quotes (outside, the earlier one would
/// have stopped at that `<`), and each byte moves every quote state to a different one, so the
/// two never fall into step: at most three look-aheads (no quote, `'`, `"`) cross any byte.
struct TagScanner {
    let bytes: [UInt8]
    /// The first `-->` at or after `commentSearchStart`, once looked for (`nil`: none).
    private var commentClose: Int?
    private var commentSearchStart = Int.max

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The index of the `>` closing the tag that starts at `start`, if it is one.
    mutating func tagEnd(from start: Int) -> Int? {
        let next = start + 1
        guard next < bytes.count else { return nil }
        if hasPrefix("!--", at: next) { return commentEnd(after: next + 1) }
        let first = bytes[next]
        guard HTMLText.isASCIILetter(first) || first == UInt8(ascii: "/") || first == UInt8(ascii: "!") else {
            return nil
        }
        if first == UInt8(ascii: "/") {
            guard next + 1 < bytes.count, HTMLText.isASCIILetter(bytes[next + 1]) else { return nil }
        }
        guard let end = closingBracket(from: next) else { return nil }
        return isKnownTag(bytes[start..<end]) ? end : nil
    }

    /// The `>` of the first `-->` from `bodyStart` (just after `<!`, so `<!-->` is a whole comment).
    private mutating func commentEnd(after bodyStart: Int) -> Int? {
        if bodyStart < commentSearchStart || (commentClose.map { $0 < bodyStart } ?? false) {
            commentSearchStart = bodyStart
            commentClose = nil
            var index = bodyStart
            while index + 2 < bytes.count {
                if hasPrefix("-->", at: index) {
                    commentClose = index
                    break
                }
                index += 1
            }
        }
        return commentClose.map { $0 + 2 }
    }

    /// The first `>` outside quotes from `start`; `nil` at a `<` outside quotes or the end.
    private func closingBracket(from start: Int) -> Int? {
        var quote: UInt8 = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
            index += 1
        }
        return nil
    }

    private func hasPrefix(_ text: String, at index: Int) -> Bool {
        let pattern = text.utf8
        guard index + pattern.count <= bytes.count else { return false }
        return bytes[index..<index + pattern.count].elementsEqual(pattern)
    }

    /// Whether the text from `<` up to (not including) `>` names a known element, or is `<!…>`.
    private func isKnownTag(_ tag: ArraySlice<UInt8>) -> Bool {
        if tag.dropFirst().first == UInt8(ascii: "!") { return true }
        let name = HTMLText.tagName(tag)
        return HTMLText.blockTags.contains(name) || HTMLText.inlineTags.contains(name)
    }
}
