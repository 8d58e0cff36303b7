import Foundation

/// Entry text cut to a length a GTK label lays out promptly. Pango measures a label's whole
/// text on the main thread: a 3 MB title froze the viewer for minutes. The limits live here,
/// in the core, so every window applies the same ones; the full text stays in the entry (the
/// detail window copies it as plain text).
///
/// Characters as seen are not a measure of size: "A" and 500,000 combining accents is one
/// character, and a 1 MB title of that froze the main loop for the whole run. So the text is
/// bounded in UTF-8 bytes as well, and each character keeps at most `marksPerCharacter`
/// combining marks and `scalarsPerCharacter` code points (Hangul jamo and emoji joined by ZWJ
/// make endless characters without marks). Pango's line breaking is also slow on one long
/// run with nowhere to break (16,000 "a"s took ~18 s per layout), so a break opportunity (a
/// zero-width space) is put into every run of `longestRun` characters without a space.
public struct BoundedText: Equatable, Sendable {
    /// Titles and credits: far beyond any real one (the longest in the archive is about 90).
    public static let titleLimit = 300
    /// Alternative text, shown as a tooltip and read by screen readers.
    public static let altTextLimit = 1_000
    /// Explanations: ten times the longest real one (2019's longest has 1,589 characters). A
    /// wrapping label lays its text out several times per width change: with 64 KB that took
    /// 1.9 s per resize under Xvfb.
    public static let explanationLimit = 16_384
    /// Explanations in bytes: one per character on average, still ten times the longest real
    /// one (a Chinese explanation of 5,000 characters fits). The probe's 145 KB explanations of
    /// stacked accents made a 1.7 GB index; bounded so, the whole archive of them is ~200 MB.
    public static let explanationByteLimit = 16_384
    /// Combining marks kept on one character: real text stacks two or three (Vietnamese,
    /// Devanagari, Tibetan), emoji carry a variation selector or two.
    public static let marksPerCharacter = 8
    /// Code points kept in one character: the longest emoji sequences have ten.
    public static let scalarsPerCharacter = 16
    /// Characters without a space after which a break opportunity is put in: longer than any
    /// real word or web address of an explanation.
    public static let longestRun = 256
    static let breakOpportunity: Unicode.Scalar = "\u{200B}"

    /// What a label may show: at most the limit's characters and bytes, ending in "…" when cut.
    public let text: String
    public let isTruncated: Bool

    /// Cuts at the last space in the final tenth of the window when there is one, so a word is
    /// not split; never looks past `limit + 1` characters or `byteLimit` bytes of the text.
    /// - Parameter byteLimit: UTF-8 bytes; four per character when not given.
    public init(_ full: String, limit: Int, byteLimit: Int? = nil) {
        let byteLimit = byteLimit ?? limit * 4
        var scalars = String.UnicodeScalarView()
        // Where each kept character ends, in `scalars` and in bytes.
        var ends: [(index: String.UnicodeScalarView.Index, bytes: Int)] = []
        var bytes = 0
        var run = 0
        var cut = false
        for character in full {
            guard ends.count < limit else {
                cut = true
                break
            }
            let kept = Self.tamed(character)
            run = character.isWhitespace ? 0 : run + 1
            // The break is a character of its own (its bytes and place count too).
            if run > Self.longestRun {
                let size = UTF8.width(Self.breakOpportunity)
                guard ends.count + 1 < limit, bytes + size <= byteLimit else {
                    cut = true
                    break
                }
                scalars.append(Self.breakOpportunity)
                bytes += size
                ends.append((scalars.endIndex, bytes))
                run = 1
            }
            let size = kept.reduce(0) { $0 + UTF8.width($1) }
            guard bytes + size <= byteLimit else {
                cut = true
                break
            }
            scalars.append(contentsOf: kept)
            bytes += size
            ends.append((scalars.endIndex, bytes))
        }
        guard cut else {
            text = String(scalars)
            isTruncated = false
            return
        }
        // Room for "…" (three bytes) and at most limit - 1 characters before it.
        var count = min(ends.count, limit - 1)
        while count > 0, ends[count - 1].bytes + 3 > byteLimit { count -= 1 }
        var kept = String(scalars[..<(count > 0 ? ends[count - 1].index : scalars.startIndex)])[...]
        if let space = kept.lastIndex(of: " "), kept.distance(from: space, to: kept.endIndex) <= limit / 10 {
            kept = kept[..<space]
        }
        text = kept.trimmingCharacters(in: .whitespaces) + "…"
        isTruncated = true
    }

    /// The character's code points, without the marks and code points over the bounds.
    private static func tamed(_ character: Character) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var marks = 0
        for scalar in character.unicodeScalars {
            guard kept.count < scalarsPerCharacter else { break }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                marks += 1
                if marks > marksPerCharacter { continue }
            default: break
            }
            kept.append(scalar)
        }
        return kept
    }
}
