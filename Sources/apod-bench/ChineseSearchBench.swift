import APODCore
import CSQLite
import Foundation
import LoopbackServer

/// The Chinese search rows: the synced index's translations from a fake mirror over loopback
/// (`apod sync --translations`: two of three days translated, the texts of `FakeMirror`), the
/// index's growth, the targets' queries (極光, 仙女座, 土星環, 日食 each find pictures; "M31" and
/// 仙女座星系 overlap >= 80 %; p95 <= 20 ms), and the two ways measured side by side on the same
/// texts: CJK bigrams in `unicode61` (what the index does) against FTS5's `trigram` tokenizer,
/// whose index cannot answer two-character words and falls back to a scan (`LIKE`).
enum ChineseSearchBench {
    static let targets = ["極光", "仙女座", "土星環", "日食"]
    /// Typed as people search: the targets, other words, a lone character, two words.
    /// Each query is timed this many times: with one round of 16 queries the p95 would be the
    /// slowest query alone, whatever else the machine was doing at that moment.
    static let rounds = 5
    static let queries = targets + ["北極光", "星雲", "銀河", "太陽風", "螺旋星系", "冰島", "月球", "極", "極光 冰島", "M31", "仙女座星系", "獵戶座"]

    /// The page of `day`: translated on two days of three.
    static func text(for day: APODDay) -> FakeMirror.Text? {
        guard day.ordinal % 3 != 0 else { return nil }
        let base = FakeMirror.texts[day.ordinal / 3 % FakeMirror.texts.count]
        return FakeMirror.Text(
            title: base.title, explanation: base.explanation + "這是第\(day.ordinal)號的翻譯稿，由成大物理分站提供。")
    }

    static func run(index file: URL, calendar: ArchiveCalendar, progress: (String) -> Void) async throws -> [BenchRow] {
        let before = try size(of: file)
        let mirror = try FakeHTTPServer { request in
            guard let asked = FakeMirror.day(of: request),
                let day = APODDay(year: asked.year, month: asked.month, day: asked.day), let text = text(for: day)
            else { return .html("<h1>Not Found</h1>", status: 404) }
            let page = FakeMirror.page(year: asked.year, month: asked.month, day: asked.day, text: text)
            return FakeResponse(headers: ["Content-Type": "text/html"], body: Data(page.utf8))
        }
        defer { mirror.stop() }
        progress("index: translations from the fake mirror…")
        var index: ArchiveIndex? = try ArchiveIndex(file: file, calendar: calendar)
        let source = TranslationSource(
            base: mirror.baseURL.appendingPathComponent("apod/"), client: HTTPClient(), index: index, calendar: calendar
        )
        let summary = try await TranslationSync(source: source, index: index!, calendar: calendar).run()
        index?.compact()
        index = nil
        let after = try size(of: file)
        var sync = BenchRow(
            name: "index-translations", flavour: "fake-mirror", seconds: summary.seconds, mbDownloaded: 0,
            peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0, requests: mirror.requests.count,
            databaseMegabytes: Double(after - before) / 1_000_000, entries: summary.translationsIndexed)
        sync.titles = summary.asked

        progress("index: Chinese search…")
        let reopened = try ArchiveIndex(file: file, calendar: calendar)
        for query in queries { _ = try reopened.search(query, limit: 20) }
        let clock = ContinuousClock()
        var latencies: [Double] = []
        var matched: Set<String> = []
        for _ in 0..<rounds {
            for query in queries {
                let start = clock.now
                _ = try reopened.search(query, limit: 20)
                let count = try reopened.matchCount(query)
                latencies.append((clock.now - start).seconds * 1000)
                if targets.contains(query), count > 0 { matched.insert(query) }
            }
        }
        let m31 = Set(try reopened.search("M31", limit: 500).map(\.date))
        let chineseName = Set(try reopened.search("仙女座星系", limit: 500).map(\.date))
        var search = row("index-search-chinese", "bigram", latencies)
        search.entries = matched.count
        search.recall = m31.isEmpty ? 0 : Double(m31.intersection(chineseName).count) / Double(m31.count)
        search.objects = m31.count
        return [sync, search] + (try compareTokenizers(calendar: calendar, folder: file.deletingLastPathComponent()))
    }

    /// Bigrams in `unicode61` against `trigram`, each in a database of its own over the same
    /// translations: size and latency of the targets.
    private static func compareTokenizers(calendar: ArchiveCalendar, folder: URL) throws -> [BenchRow] {
        var days: [APODDay] = []
        var day = ArchiveCalendar.firstDay
        while day < calendar.today {
            if text(for: day) != nil { days.append(day) }
            day = day.adding(days: 1)
        }
        var rows: [BenchRow] = []
        for (flavour, tokenizer) in [("bigram", "unicode61 remove_diacritics 2"), ("trigram", "trigram")] {
            let path = folder.appendingPathComponent("cjk-\(flavour).sqlite").path
            try? FileManager.default.removeItem(atPath: path)
            var database: OpaquePointer?
            guard sqlite3_open(path, &database) == SQLITE_OK, let database else { continue }
            defer {
                sqlite3_close(database)
                try? FileManager.default.removeItem(atPath: path)
            }
            exec(database, "CREATE VIRTUAL TABLE t USING fts5(title, explanation, tokenize = '\(tokenizer)')")
            exec(database, "BEGIN")
            for day in days {
                guard let text = text(for: day) else { continue }
                let title = text.title
                let explanation = HTMLText.plainText(text.explanation)
                let values =
                    flavour == "bigram"
                    ? [CJKText.bigrams(title), CJKText.bigrams(explanation)] : [title, explanation]
                run(database, "INSERT INTO t(title, explanation) VALUES (?, ?)", values)
            }
            exec(database, "COMMIT")
            exec(database, "INSERT INTO t(t) VALUES ('optimize')")
            let bytes = (try? size(of: URL(fileURLWithPath: path))) ?? 0
            let clock = ContinuousClock()
            var latencies: [Double] = []
            var matched = 0
            for _ in 0..<2 {
                latencies = []
                matched = 0
                for query in targets {
                    let start = clock.now
                    let count: Int
                    if flavour == "bigram" {
                        count = countRows(
                            database, "SELECT count(*) FROM t WHERE t MATCH ?",
                            [
                                CJKText.bigrams(query)
                                    .split(separator: " ").joined(separator: " ").wrappedAsPhrase
                            ])
                    } else if query.count >= 3 {
                        count = countRows(database, "SELECT count(*) FROM t WHERE t MATCH ?", [query.wrappedAsPhrase])
                    } else {
                        count = countRows(
                            database, "SELECT count(*) FROM t WHERE title LIKE ? OR explanation LIKE ?",
                            ["%\(query)%", "%\(query)%"])
                    }
                    latencies.append((clock.now - start).seconds * 1000)
                    if count > 0 { matched += 1 }
                }
            }
            var measured = row("cjk-tokenizer", flavour, latencies)
            measured.databaseMegabytes = Double(bytes) / 1_000_000
            measured.entries = matched
            rows.append(measured)
        }
        return rows
    }

    private static func row(_ name: String, _ flavour: String, _ latencies: [Double]) -> BenchRow {
        let sorted = latencies.sorted()
        return BenchRow(
            name: name, flavour: flavour, seconds: sorted.reduce(0, +) / 1000, mbDownloaded: 0,
            peakRSSMegabytes: PeakMemory.megabytes(), maxStallMilliseconds: 0,
            medianMilliseconds: sorted[sorted.count / 2],
            p95Milliseconds: sorted[Int((Double(sorted.count) * 0.95).rounded(.up)) - 1], maxMilliseconds: sorted.last)
    }

    private static func size(of file: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    }

    private static func exec(_ database: OpaquePointer, _ sql: String) {
        sqlite3_exec(database, sql, nil, nil, nil)
    }

    private static func run(_ database: OpaquePointer, _ sql: String, _ values: [String]) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { return }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in values.enumerated() {
            sqlite3_bind_text(statement, Int32(offset + 1), value, -1, apod_sqlite_transient())
        }
        sqlite3_step(statement)
    }

    private static func countRows(_ database: OpaquePointer, _ sql: String, _ values: [String]) -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { return 0 }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in values.enumerated() {
            sqlite3_bind_text(statement, Int32(offset + 1), value, -1, apod_sqlite_transient())
        }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : 0
    }
}

extension String {
    /// An FTS5 phrase: in double quotes, inner quotes doubled.
    fileprivate var wrappedAsPhrase: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
