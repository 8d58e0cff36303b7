import Foundation

/// What a user typed into the search field, as an FTS5 query that can only ever mean "these
/// words": each word becomes a quoted string (inner quotes doubled) with a prefix star, so
/// `NOT`, `OR`, `*`, `:`, parentheses and quotes are searched as words, never run as syntax.
/// Words without a letter or digit are dropped; they could match nothing. A one-letter word
/// is matched whole: as a prefix it would expand to a good part of the vocabulary.
public struct SearchQuery: Equatable, Sendable {
    /// More words than anyone types; keeps a pasted essay from costing seconds.
    public static let maxTerms = 12
    /// Longer words are cut: no real word is longer, and the index holds none.
    public static let maxTermLength = 64

    public let terms: [String]
    /// The terms are alternatives, each a phrase matched whole: an object's names.
    private let isPhrases: Bool

    public init(_ text: String) {
        terms = text.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
            .prefix(Self.maxTerms)
            .map { String($0.prefix(Self.maxTermLength)) }
        isPhrases = false
    }

    /// Any of these phrases ("M31", "Messier 31", "Andromeda Galaxy"), each matched whole; a
    /// name that is one word of letters ("Moon", "Pleiades") as a prefix, as when typed alone
    /// ("moon" finds "moonrise"), while "M1" stays exact ("M100" is another object).
    init(anyOf phrases: [String]) {
        terms = phrases.filter { $0.contains { $0.isLetter || $0.isNumber } }
        isPhrases = true
    }

    /// Nothing searchable was typed: no query is run and the answer is empty.
    public var isEmpty: Bool { terms.isEmpty }

    /// The FTS5 MATCH expression: every word, each as a quoted prefix.
    var matchExpression: String {
        if isPhrases {
            return terms.map { phrase in
                let word = phrase.count > 1 && phrase.allSatisfy(\.isLetter)
                return "\"" + phrase.replacingOccurrences(of: "\"", with: "\"\"") + (word ? "\"*" : "\"")
            }.joined(separator: " OR ")
        }
        return terms.map { term in
            "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + (term.count > 1 ? "\"*" : "\"")
        }.joined(separator: " ")
    }

    /// The same words, looked for in titles only.
    var titleMatchExpression: String { "{title} : (" + matchExpression + ")" }
}
