import Foundation

/// The human-readable form of the archive index rows, each with its target.
enum IndexBenchTable {
    static func render(_ rows: [BenchRow]) -> String {
        var lines = ["", "archive index: synthetic science-like archive over raw loopback"]
        func row(_ name: String) -> BenchRow? { rows.first { $0.name == name } }
        if let sync = row("index-sync") {
            let requests = sync.requests ?? 0
            lines.append(
                verdict(
                    requests <= 480,
                    String(
                        format:
                            "sync     %d entries (%d videos) in %.1f s, %d requests (%d for video pages), %.1f MB received (target <= 480 requests)",
                        sync.entries ?? 0, sync.videos ?? 0, sync.seconds, requests,
                        sync.videoRequests ?? 0, sync.mbDownloaded)
                        + ((sync.realDays ?? 0) > 0 ? "; \(sync.realDays!) of the entries the real sample's" : "")))
            lines.append(
                verdict(
                    sync.failedDays == 0,
                    String(
                        format:
                            "gaps     the service has no entry for %d days; %d days failed (target: 0 failed, complete)",
                        sync.absentDays ?? -1, sync.failedDays ?? -1)))
            let size = sync.databaseMegabytes ?? 0
            lines.append(verdict(size <= 40, String(format: "database %.1f MB (target <= 40 MB)", size)))
        }
        if let month = row("index-month") {
            let requests = month.requests ?? -1
            lines.append(
                verdict(
                    requests <= 4,
                    "month    \(month.month ?? "?"): "
                        + String(
                            format: "%d entries, %d videos with a player, %d requests in %.2f s (target <= 4 requests)",
                            month.entries ?? 0, month.videos ?? 0, requests,
                            month.seconds)))
        }
        if let open = row("index-open") {
            lines.append(
                String(format: "open     %.0f ms (the header is checked, not every page)", open.seconds * 1000))
        }
        if let search = row("index-search"), let median = search.medianMilliseconds, let p95 = search.p95Milliseconds {
            lines.append(
                verdict(
                    p95 <= 20,
                    String(
                        format:
                            "search   %d queries (%d with matches): median %.2f ms, p95 %.2f ms (target p95 <= 20 ms)",
                        IndexBench.queries.count, search.entries ?? 0, median, p95)))
        }
        lines += objectLines(rows)
        lines += chineseLines(rows)
        if let random = row("index-random") {
            let requests = random.requests ?? -1
            lines.append(
                verdict(
                    requests == 0 && (random.firstMilliseconds ?? .infinity) <= 300,
                    String(
                        format:
                            "random   %d entries: first after %.2f ms, all after %.1f ms, %d requests (target <= 300 ms, 0 requests)",
                        random.entries ?? 0, random.firstMilliseconds ?? 0, random.seconds * 1000, requests)))
        }
        if let viewer = row("index-random-viewer") {
            let requests = viewer.requests ?? -1
            let first = viewer.firstCellSeconds ?? .infinity
            let startup = viewer.startupSeconds ?? 0
            let all = viewer.allCellsSeconds ?? .infinity
            lines.append(
                verdict(
                    requests == 0 && all - startup < 1,
                    String(
                        format:
                            "viewer   apod-viewer --random 100 over an archive lacking 84 days: all %d cells %.2f s after the first window, %d batch requests (target < 1 s, 0 requests)",
                        viewer.entries ?? 0, all - startup, requests)))
            lines.append(
                verdict(
                    requests == 0 && first - startup <= 0.3,
                    String(
                        format:
                            "viewer   apod-viewer --random 100: first cell %.2f s after start (first window %.2f s, then %.2f s), %d cells, %d batch requests (target <= 0.3 s after the window, 0 requests; %d for the main window's latest day)",
                        first, startup, first - startup, viewer.entries ?? 0, requests, viewer.todayRequests ?? 0)))
        }
        if let provider = row("index-search-provider"), let median = provider.medianMilliseconds,
            let p95 = provider.p95Milliseconds
        {
            lines.append(
                verdict(
                    (provider.maxMilliseconds ?? .infinity) <= 50,
                    String(
                        format:
                            "shell    GNOME Shell's GetInitialResultSet over D-Bus, %d queries (%d with matches): median %.2f ms, p95 %.2f ms, max %.2f ms (target <= 50 ms)",
                        IndexBench.queries.count, provider.entries ?? 0, median, p95, provider.maxMilliseconds ?? 0)))
        }
        lines += BrowseBench.lines(rows)
        if row("index-random-viewer") == nil, rows.contains(where: { $0.name == "index-random" }) {
            lines.append("skipped  the viewer's random grid from the index (no display)")
        }
        return lines.joined(separator: "\n")
    }

    /// The objects rows: finding, look-ups by kind (target each <= 20 ms at p95), and recall and
    /// precision per measured object (targets >= 0.95 and >= 0.97).
    private static func objectLines(_ rows: [BenchRow]) -> [String] {
        var lines: [String] = []
        if let find = rows.first(where: { $0.name == "objects-find" }) {
            let entries = max(1, find.entries ?? 0)
            let sync = rows.first { $0.name == "index-sync" }?.seconds ?? .infinity
            lines.append(
                String(
                    format:
                        "objects  %d entries stored again, finding their objects: %.2f s (%.0f µs an entry, %.2f × the sync's time); %d objects, %d mentions",
                    entries, find.seconds, find.seconds / Double(entries) * 1e6, find.seconds / sync,
                    find.objects ?? 0, find.mentions ?? 0))
        }
        for kind in ObjectsBench.lookupKinds {
            guard let lookup = rows.first(where: { $0.name == "objects-lookup" && $0.flavour == kind }),
                let median = lookup.medianMilliseconds, let p95 = lookup.p95Milliseconds
            else { continue }
            lines.append(
                verdict(
                    p95 <= 20,
                    "objects  " + kind.padding(toLength: 9, withPad: " ", startingAt: 0)
                        + String(
                            format: "%3d look-ups: median %.2f ms, p95 %.2f ms, max %.2f ms (target p95 <= 20 ms)",
                            lookup.entries ?? 0, median, p95, lookup.maxMilliseconds ?? 0)))
        }
        for accuracy in rows where accuracy.name == "objects-accuracy" {
            let recall = accuracy.recall ?? 0
            let precision = accuracy.precision ?? 0
            lines.append(
                verdict(
                    recall >= 0.95 && precision >= 0.97,
                    "objects  " + accuracy.flavour.padding(toLength: 11, withPad: " ", startingAt: 0)
                        + String(
                            format: "recall %.3f of %d titles, precision %.3f of %d found (target >= 0.95, >= 0.97)",
                            recall, accuracy.titles ?? 0, precision, accuracy.entries ?? 0)))
        }
        return lines
    }

    /// The Chinese rows: the translations' sync and growth, the targets, the overlap of "M31"
    /// and 仙女座星系, and bigrams against trigrams on the same texts.
    private static func chineseLines(_ rows: [BenchRow]) -> [String] {
        var lines: [String] = []
        if let sync = rows.first(where: { $0.name == "index-translations" }) {
            lines.append(
                String(
                    format:
                        "chinese  %d of %d days translated from the fake mirror in %.1f s (%d requests, 2 at a time); the index grew %.1f MB",
                    sync.entries ?? 0, sync.titles ?? 0, sync.seconds, sync.requests ?? 0, sync.databaseMegabytes ?? 0))
        }
        if let search = rows.first(where: { $0.name == "index-search-chinese" }), let p95 = search.p95Milliseconds {
            let matched = search.entries ?? 0
            let overlap = search.recall ?? 0
            // The English search of the same run as the baseline: the machine's load moves both.
            let english = rows.first { $0.name == "index-search" }?.medianMilliseconds
            let ratio = english.flatMap { english in
                search.medianMilliseconds.map { String(format: " (%.1f × the English search's median)", $0 / english) }
            }
            lines.append(
                verdict(
                    matched == ChineseSearchBench.targets.count && overlap >= 0.8 && p95 <= 20,
                    String(
                        format:
                            "chinese  %d queries × %d: median %.2f ms%@, p95 %.2f ms; %d of %d targets (%@) match; M31 and 仙女座星系 overlap %.0f %% of %d (targets: all, >= 80 %%, p95 <= 20 ms)",
                        ChineseSearchBench.queries.count, ChineseSearchBench.rounds, search.medianMilliseconds ?? 0,
                        ratio ?? "", p95, matched,
                        ChineseSearchBench.targets.count, ChineseSearchBench.targets.joined(separator: " "),
                        overlap * 100, search.objects ?? 0)))
        }
        for tokenizer in rows where tokenizer.name == "cjk-tokenizer" {
            lines.append(
                "chinese  " + tokenizer.flavour.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + String(
                        format: "%.1f MB, the targets median %.2f ms, max %.2f ms, %d of %d match",
                        tokenizer.databaseMegabytes ?? 0, tokenizer.medianMilliseconds ?? 0,
                        tokenizer.maxMilliseconds ?? 0, tokenizer.entries ?? 0, ChineseSearchBench.targets.count))
        }
        return lines
    }

    static func verdict(_ met: Bool, _ text: String) -> String {
        (met ? "met     " : "MISSED  ") + text
    }
}
