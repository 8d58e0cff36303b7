import Foundation

/// One APOD page in the classic layout of apod.nasa.gov's `apYYMMDD.html` (the template of 30
/// years, which the translated mirrors keep): a first `<center>` block with the date and the
/// picture, a second with the bold title and the credit, then a paragraph behind a bold
/// "Explanation:" (「說明：」 on the Chinese mirror) up to the next `<center>` or the
/// "Tomorrow's picture:" (「明日的圖片：」) line, and on the mirror a translator's line
/// (「翻譯：…」, 「試譯：…」) near the end.
///
/// Tolerant, as 30 years of hand-written pages need: tags in either case, `<p>` never closed,
/// labels in English or Chinese with half- or full-width colons, entities, `<br>`. Links in the
/// explanation are kept (`explanationLinks`, resolved against the page's address). Searches over
/// the bytes, so hostile input costs linear time.
public struct ClassicPage: Equatable, Sendable {
    /// The day the page says it is for, when it says one.
    public var day: APODDay?
    public var title: String
    /// The credit line as shown, its label included ("Image Credit: …", 「影像提供：…」).
    public var credit: String
    public var explanation: String
    public var explanationLinks: [TextLink]
    /// The translator's line as the mirror gives it (「翻譯：天文實驗室（…）」), on translated pages.
    public var translator: String?

    /// The labels the explanation follows.
    static let explanationLabels = ["說明", "说明", "Explanation"]
    /// The labels that end it.
    static let tomorrowLabels = ["明日的圖片", "明日的图片", "Tomorrow's picture", "Tomorrow&#39;s picture"]
    /// The labels of a translator's line.
    static let translatorLabels = ["翻譯", "試譯", "翻译", "试译"]

    /// Reads `html`; `nil` when it has no explanation label (not a page of this layout).
    /// - Parameter base: the page's address, for relative links.
    public init?(html: String, base: URL? = nil) {
        let page = Bytes(html)
        guard let label = page.label(among: Self.explanationLabels, in: 0..<page.count) else { return nil }
        let after = label.upperBound..<page.count
        let explanationEnd =
            [
                page.tag("<center", in: after), page.tag("</center", in: after), page.tag("<hr", in: after),
                page.label(among: Self.tomorrowLabels, in: after).map(\.lowerBound),
            ].compactMap { $0 }.min() ?? page.count
        let explanationHTML = page.text(label.upperBound..<explanationEnd)
        explanation = HTMLText.plainText(explanationHTML)
        explanationLinks = LinkedText.links(inHTML: explanationHTML, base: base ?? LinkedText.archiveBase)

        let before = 0..<label.lowerBound
        day = Self.day(in: HTMLText.plainText(page.text(before)))
        let blocks = page.centerBlocks(in: before)
        let titleBlock = blocks.count >= 2 ? blocks[1] : (blocks.last ?? before)
        if let bold = page.firstBold(in: titleBlock) {
            title = HTMLText.plainText(page.text(bold))
            credit = HTMLText.plainText(page.text(bold.upperBound..<titleBlock.upperBound))
        } else {
            title = ""
            credit = HTMLText.plainText(page.text(titleBlock))
        }
        translator = page.translatorLine(in: explanationEnd..<page.count)
    }

    /// The page as UTF-8 bytes, searched with ASCII letters in any case: searching a `String`
    /// with Foundation copies what is left of it each time, which made hostile pages quadratic.
    struct Bytes {
        let bytes: [UInt8]
        var count: Int { bytes.count }

        init(_ text: String) {
            bytes = Array(text.utf8)
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        /// Where `needle` (ASCII letters in any case) first starts in `range`.
        func find(_ needle: [UInt8], in range: Range<Int>) -> Int? {
            guard let first = needle.first, range.count >= needle.count else { return nil }
            var index = range.lowerBound
            let last = range.upperBound - needle.count
            while index <= last {
                if Self.lower(bytes[index]) == first {
                    var offset = 1
                    while offset < needle.count, Self.lower(bytes[index + offset]) == needle[offset] { offset += 1 }
                    if offset == needle.count { return index }
                }
                index += 1
            }
            return nil
        }

        private static func lower(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        }

        private static func needle(_ text: String) -> [UInt8] {
            Array(text.lowercased().utf8)
        }

        private func isSpace(_ index: Int) -> Bool {
            index < count && (bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]))
        }

        private func skipSpaces(from start: Int, to end: Int) -> Int {
            var index = start
            while index < end, isSpace(index) { index += 1 }
            return index
        }

        /// Past short tags (`</b>`, `</strong>`) and the spaces between them.
        private func skipTags(from start: Int, to end: Int, onlyClosing: Bool = false) -> Int {
            var index = start
            while index < end, bytes[index] == UInt8(ascii: "<") {
                if onlyClosing, index + 1 < end, bytes[index + 1] != UInt8(ascii: "/") { break }
                guard let close = find([UInt8(ascii: ">")], in: index..<min(end, index + 40)) else { break }
                index = skipSpaces(from: close + 1, to: end)
            }
            return index
        }

        /// The range of a label (any of `labels`, then spaces, maybe a closing tag, and a colon
        /// `:` or `：`), with the spaces and closing tags after the colon, so what follows is
        /// the text. The earliest label in `range` wins.
        func label(among labels: [String], in range: Range<Int>) -> Range<Int>? {
            var best: Range<Int>?
            let colon = Array("：".utf8)
            for label in labels {
                let needle = Self.needle(label)
                var from = range.lowerBound
                while let found = find(needle, in: from..<(best?.lowerBound ?? range.upperBound)) {
                    from = found + needle.count
                    var index = skipSpaces(from: from, to: range.upperBound)
                    index = skipTags(from: index, to: range.upperBound)
                    let end: Int
                    if index < range.upperBound, bytes[index] == UInt8(ascii: ":") {
                        end = index + 1
                    } else if index + colon.count <= range.upperBound,
                        Array(bytes[index..<(index + colon.count)]) == colon
                    {
                        end = index + colon.count
                    } else {
                        continue
                    }
                    let textStart = skipTags(
                        from: skipSpaces(from: end, to: range.upperBound), to: range.upperBound, onlyClosing: true)
                    best = found..<textStart
                    break
                }
            }
            return best
        }

        /// The first tag `name` (`<center`, `</b`) in `range`, not a longer name (`<br` is not `<b`).
        func tag(_ name: String, in range: Range<Int>) -> Int? {
            let needle = Self.needle(name)
            var from = range.lowerBound
            while let found = find(needle, in: from..<range.upperBound) {
                let after = found + needle.count
                if after >= range.upperBound { return found }
                let next = Self.lower(bytes[after])
                if !((0x61...0x7A).contains(next) || (0x30...0x39).contains(next)) { return found }
                from = after
            }
            return nil
        }

        /// The contents of each `<center>…</center>` block (an unclosed last one to the end).
        func centerBlocks(in range: Range<Int>) -> [Range<Int>] {
            var blocks: [Range<Int>] = []
            var from = range.lowerBound
            while let open = tag("<center", in: from..<range.upperBound) {
                guard let tagEnd = find([UInt8(ascii: ">")], in: open..<range.upperBound) else { break }
                let body = (tagEnd + 1)..<range.upperBound
                let close = tag("</center", in: body) ?? range.upperBound
                blocks.append(body.lowerBound..<close)
                from = close
            }
            return blocks
        }

        /// The inside of the first `<b>…</b>` (or `<strong>`) with text in it.
        func firstBold(in range: Range<Int>) -> Range<Int>? {
            var from = range.lowerBound
            while from < range.upperBound,
                let open = tag("<b", in: from..<range.upperBound) ?? tag("<strong", in: from..<range.upperBound)
            {
                guard let tagEnd = find([UInt8(ascii: ">")], in: open..<range.upperBound) else { return nil }
                let body = (tagEnd + 1)..<range.upperBound
                let close = tag("</b", in: body) ?? tag("</strong", in: body) ?? range.upperBound
                if !HTMLText.plainText(text(body.lowerBound..<close)).isEmpty { return body.lowerBound..<close }
                from = close + 1
            }
            return nil
        }

        /// 「翻譯：天文實驗室（成功大學 物理學系；蘇漢宗）」 as the page gives it, label included, to
        /// the end of its line (a `<br>`, `<p>`, block or the page's end), at most 200 characters.
        func translatorLine(in range: Range<Int>) -> String? {
            guard let label = label(among: ClassicPage.translatorLabels, in: range) else { return nil }
            let rest = label.upperBound..<range.upperBound
            let end =
                ["<br", "<p", "</center", "<center", "<hr", "</body"].compactMap { tag($0, in: rest) }.min()
                ?? range.upperBound
            let line = HTMLText.plainText(text(label.lowerBound..<end))
            guard !line.isEmpty else { return nil }
            return BoundedText(line, limit: 200).text
        }
    }

    /// The day in a page's heading: 「2015 年 4 月 2 日」 or "2015 April 2" (the first date given).
    static func day(in text: String) -> APODDay? {
        let scalars = Array(text)
        var index = 0
        while index < scalars.count {
            guard let (year, afterYear) = number(in: scalars, at: index), (1995...2099).contains(year) else {
                index += 1
                continue
            }
            var at = skipSpaces(scalars, afterYear)
            if at < scalars.count, scalars[at] == "年" {
                at = skipSpaces(scalars, at + 1)
                if let (month, afterMonth) = number(in: scalars, at: at) {
                    at = skipSpaces(scalars, afterMonth)
                    if at < scalars.count, scalars[at] == "月" {
                        at = skipSpaces(scalars, at + 1)
                        if let (day, afterDay) = number(in: scalars, at: at),
                            skipSpaces(scalars, afterDay) < scalars.count,
                            scalars[skipSpaces(scalars, afterDay)] == "日",
                            let found = APODDay(year: year, month: month, day: day)
                        {
                            return found
                        }
                    }
                }
            } else {
                var word = ""
                while at < scalars.count, scalars[at].isLetter {
                    word.append(scalars[at])
                    at += 1
                }
                if let month = months.firstIndex(of: word.lowercased()),
                    let (day, _) = number(in: scalars, at: skipSpaces(scalars, at)),
                    let found = APODDay(year: year, month: month + 1, day: day)
                {
                    return found
                }
            }
            index = afterYear
        }
        return nil
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    private static func number(in characters: [Character], at start: Int) -> (Int, Int)? {
        if start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber { return nil }
        var index = start
        var value = 0
        while index < characters.count, index - start < 5, let digit = characters[index].wholeNumberValue,
            characters[index].isASCII || ("０"..."９").contains(characters[index])
        {
            value = value * 10 + digit
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    private static func skipSpaces(_ characters: [Character], _ start: Int) -> Int {
        var index = start
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        return index
    }
}
