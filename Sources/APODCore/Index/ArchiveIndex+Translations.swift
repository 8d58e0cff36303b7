import Foundation

/// The Chinese mirror's translations beside the entries (`translations`), and a full-text
/// index of their Han text as bigrams (`translations_fts`, see `CJKText`), which Chinese
/// searches read. A day the mirror had no translation for is a row without text, asked again
/// once it is a day old.
extension ArchiveIndex {
    static let translationMigration: StaticString = """
        CREATE TABLE translations (
            day INTEGER PRIMARY KEY,          -- APODDay.ordinal
            title TEXT,                       -- NULL: the mirror had no translation
            explanation TEXT,
            links TEXT,                       -- "text\\turl" lines
            translator TEXT,
            page_url TEXT,
            checked_at REAL NOT NULL
        );
        CREATE VIRTUAL TABLE translations_fts USING fts5(
            title, explanation, tokenize = 'unicode61 remove_diacritics 2'
        );
        """

    /// How long "no translation" is believed: the mirror translates days late.
    public static let untranslatedLifetime: TimeInterval = 86_400

    /// What the index knows of `day`'s translation: the translation, a fresh "none", or `nil`
    /// (never asked, or "none" a day old).
    public func storedTranslation(for day: APODDay, now: Date = Date()) throws -> TranslationLookup? {
        try guarded {
            guard
                let row = try database.rows(
                    "SELECT title, explanation, links, translator, page_url, checked_at FROM translations WHERE day = ?",
                    [.integer(day.ordinal)]
                ).first
            else { return nil }
            guard let explanation = row.text(1), let page = row.text(4).flatMap(URL.init(string:)) else {
                let age = now.timeIntervalSince1970 - (row.real(5) ?? 0)
                return age >= 0 && age < Self.untranslatedLifetime ? .untranslated : nil
            }
            return .translated(
                Translation(
                    day: day, title: row.text(0) ?? "", explanation: explanation,
                    explanationLinks: Self.links(row.text(2) ?? ""), translator: row.text(3), pageURL: page))
        }
    }

    /// Remembers `day`'s translation, or that it has none.
    public func storeTranslation(_ lookup: TranslationLookup, for day: APODDay, now: Date = Date()) throws {
        let translation = lookup.translation
        let links = translation?.explanationLinks.map { "\($0.text)\t\($0.url.absoluteString)" }.joined(separator: "\n")
        try guarded {
            try database.transaction {
                try database.rows("DELETE FROM translations_fts WHERE rowid = ?", [.integer(day.ordinal)])
                try database.rows(
                    """
                    INSERT OR REPLACE INTO translations(day, title, explanation, links, translator, page_url, checked_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .integer(day.ordinal), .optionalText(translation?.title),
                        .optionalText(translation?.explanation), .optionalText(links),
                        .optionalText(translation?.translator), .optionalText(translation?.pageURL.absoluteString),
                        .real(now.timeIntervalSince1970),
                    ])
                if let translation {
                    try database.rows(
                        "INSERT INTO translations_fts(rowid, title, explanation) VALUES (?, ?, ?)",
                        [
                            .integer(day.ordinal), .text(CJKText.bigrams(translation.title)),
                            .text(CJKText.bigrams(translation.explanation)),
                        ])
                }
                try addTranslationObjects(of: day)
            }
        }
    }

    /// The known Chinese titles of the days `start` through `end` (days without a translation
    /// left out): what a stretch of grid cells shows in one query rather than one per day.
    public func translatedTitles(from start: APODDay, through end: APODDay) throws -> [APODDay: String] {
        guard start <= end else { return [:] }
        return try guarded {
            var titles: [APODDay: String] = [:]
            for row in try database.rows(
                """
                SELECT day, title FROM translations
                WHERE day BETWEEN ? AND ? AND explanation IS NOT NULL AND title IS NOT NULL AND title != ''
                """,
                [.integer(start.ordinal), .integer(end.ordinal)])
            {
                if let day = row.integer(0), let title = row.text(1) { titles[APODDay(ordinal: day)] = title }
            }
            return titles
        }
    }

    /// Indexed days whose translation was never asked for or is due again, newest first: what
    /// `apod sync --translations` fetches.
    public func daysWantingTranslation(now: Date = Date(), limit: Int = .max) throws -> [APODDay] {
        try guarded {
            try database.rows(
                """
                SELECT e.day FROM entries e LEFT JOIN translations t ON t.day = e.day
                WHERE t.day IS NULL OR (t.explanation IS NULL AND t.checked_at < ?)
                ORDER BY e.day DESC LIMIT ?
                """,
                [.real(now.timeIntervalSince1970 - Self.untranslatedLifetime), .integer(min(limit, Int(Int32.max)))]
            ).compactMap { $0.integer(0).map(APODDay.init(ordinal:)) }
        }
    }

    /// How many days have a translation.
    public func translationCount() throws -> Int {
        try guarded { try database.integer("SELECT count(*) FROM translations WHERE explanation IS NOT NULL") }
    }

    private static func links(_ text: String) -> [TextLink] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let url = URL(string: String(parts[1])) else { return nil }
            return TextLink(text: String(parts[0]), url: url)
        }
    }
}

// MARK: Searching Chinese

extension ArchiveIndex {
    /// Text with Han characters in it: the translations' titles and explanations, title
    /// matches first (bm25 weighing title words ten times), every typed word required. A
    /// Chinese object name (仙女座星系) is its object; a constellation or shower (獵戶座) also
    /// finds its English name ("Orion") in NASA's text, after the Chinese matches.
    func searchChinese(_ text: String, limit: Int) throws -> [APODEntry] {
        guard limit > 0 else { return [] }
        let meaning = SkyNamesChinese.shared.meaning(of: text)
        if case .object(let id) = meaning { return try search(SkyCatalogue.shared.object(id: id), limit: limit) }
        let chinese = try Self.chineseMatchExpression(text).map { try chineseMatches($0, limit: limit) } ?? []
        guard case .words(let phrase) = meaning, chinese.count < limit else { return chinese }
        let shown = Set(chinese.map(\.date))
        let english = try guarded { try ranked(phrase, limit: limit) }.filter { !shown.contains($0.date) }
        return Array((chinese + english).prefix(limit))
    }

    func chineseMatchCount(_ text: String) throws -> Int {
        let meaning = SkyNamesChinese.shared.meaning(of: text)
        if case .object(let id) = meaning { return try matchCount(SkyCatalogue.shared.object(id: id)) }
        let chinese = Self.chineseMatchExpression(text)
        var english: String?
        if case .words(let phrase) = meaning { english = phrase }
        return try guarded {
            switch (chinese, english) {
            case (let chinese?, let english?):
                return try database.integer(
                    """
                    SELECT count(*) FROM (
                        SELECT f.rowid FROM translations_fts f JOIN entries e ON e.day = f.rowid
                        WHERE translations_fts MATCH ?
                        UNION SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)
                    """, [.text(chinese), .text(english)])
            case (let chinese?, nil):
                return try database.integer(
                    """
                    SELECT count(*) FROM translations_fts f JOIN entries e ON e.day = f.rowid
                    WHERE translations_fts MATCH ?
                    """, [.text(chinese)])
            case (nil, let english?):
                return try database.integer(
                    "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?", [.text(english)])
            case (nil, nil):
                return 0
            }
        }
    }

    /// Every typed word as `CJKText.matchExpression(forWord:)`, all required; `nil` when
    /// nothing searchable is left.
    static func chineseMatchExpression(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace })
            .prefix(SearchQuery.maxTerms)
            .map { CJKText.matchExpression(forWord: String($0.prefix(SearchQuery.maxTermLength))) }
            .filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Above this many matches bm25 over phrase matches costs more than it says (the word is
    /// in a good part of the translations): title matches first, then the newest, as English.
    static let rankedChineseLimit = 500

    private func chineseMatches(_ match: String, limit: Int) throws -> [APODEntry] {
        let count = try guarded {
            try database.integer(
                "SELECT count(*) FROM translations_fts WHERE translations_fts MATCH ?", [.text(match)])
        }
        guard count > Self.rankedChineseLimit else { return try rankedChinese(match, limit: limit) }
        let inTitles = try rankedChinese("{title} : (" + match + ")", limit: limit)
        let shown = Set(inTitles.map(\.date))
        let newest = try guarded {
            try database.rows(
                """
                SELECT e.day, e.title, e.explanation, e.copyright, e.media_type, e.image_url, e.hd_image_url,
                       e.thumbnail_url, e.video_url, e.page_url, e.alt_text
                FROM (SELECT rowid FROM translations_fts WHERE translations_fts MATCH ? ORDER BY rowid DESC LIMIT ?)
                    AS recent
                JOIN entries e ON e.day = recent.rowid ORDER BY e.day DESC
                """, [.text(match), .integer(limit + inTitles.count)]
            ).compactMap(Self.entry)
        }
        return Array((inTitles + newest.filter { !shown.contains($0.date) }).prefix(limit))
    }

    private func rankedChinese(_ match: String, limit: Int) throws -> [APODEntry] {
        try guarded {
            try database.rows(
                """
                SELECT e.day, e.title, e.explanation, e.copyright, e.media_type, e.image_url, e.hd_image_url,
                       e.thumbnail_url, e.video_url, e.page_url, e.alt_text
                FROM (SELECT rowid, bm25(translations_fts, 10.0, 1.0) AS score FROM translations_fts
                      WHERE translations_fts MATCH ? ORDER BY score, rowid DESC LIMIT ?) AS best
                JOIN entries e ON e.day = best.rowid ORDER BY best.score, e.day DESC
                """, [.text(match), .integer(limit)]
            ).compactMap(Self.entry)
        }
    }
}
