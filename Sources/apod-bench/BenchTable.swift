import Foundation

/// The human-readable form of a report: the rows, then each target with its measured ratio.
enum BenchTable {
    static func render(_ report: BenchReport, source: String) -> String {
        var lines = ["apod-bench: \(report.count) pictures (\(source)), thumbnails \(BenchPlan.thumbnailWidth) px wide"]
        let pipeline = report.rows.filter { RowKind(rawValue: $0.name) != nil }
        if !pipeline.isEmpty {
            lines.append("")
            lines.append(
                pad("row", 15) + pad("flavour", 14) + left("seconds", 9) + left("MB down", 10)
                    + left("peak RSS MB", 13) + left("max stall ms", 14)
                    + "  (at s; main thread CPU, core wait; process CPU ms)")
        }
        for row in pipeline {
            lines.append(
                pad(row.name, 15) + pad(row.flavour, 14) + left(format(row.seconds, 2), 9)
                    + left(format(row.mbDownloaded, 1), 10) + left(format(row.peakRSSMegabytes, 1), 13)
                    + left(format(row.maxStallMilliseconds, 1), 14) + stallDetail(row))
        }
        let grids = report.rows.filter { GridRowKind(rawValue: $0.name) != nil }
        if !grids.isEmpty {
            lines.append("")
            lines.append(
                "The viewer's own windows (apod-viewer, and --random \(min(report.count, 100)) for the grids), each with an empty"
            )
            lines.append(
                "shader cache as on a first launch; renderer gl and cairo are forced with GSK_RENDERER, auto is the")
            lines.append(
                "app's own choice. GTK init is gtk_init (opening the display), the other times are seconds since:")
            lines.append(
                pad("row", 16) + pad("flavour", 14) + pad("renderer", 11) + left("GTK init", 9) + left("1st frame", 10)
                    + left("picture", 9)
                    + left("first cell", 11) + left("1st picture", 12) + left("all", 8) + left("CPU s", 7)
                    + left("MB down", 9) + left("RSS MB", 8) + left("stall ms", 10)
                    + "  (at s; main thread CPU, core wait; process CPU ms)" + left("loading stall ms", 18))
            for row in grids {
                let isMain = row.name == GridRowKind.mainWindow.rawValue
                let all =
                    isMain
                    ? "–"
                    : row.pictures.map { $0 < report.count ? "\($0) only" : format(row.seconds, 2) }
                        ?? format(row.seconds, 2)
                lines.append(
                    pad(row.name, 16) + pad(row.flavour, 14) + pad(row.renderer ?? "–", 11)
                        + left(format(row.gtkInitSeconds, 2), 9) + left(format(row.firstFrameSeconds, 2), 10)
                        + left(isMain ? format(row.seconds, 2) : "–", 9)
                        + left(format(row.firstCellSeconds, 2), 11)
                        + left(format(row.firstPictureSeconds, 2), 12) + left(all, 8)
                        + left(format(row.cpuSeconds, 2), 7) + left(format(row.mbDownloaded, 1), 9)
                        + left(format(row.peakRSSMegabytes, 1), 8) + left(format(row.maxStallMilliseconds, 1), 10)
                        + stallDetail(row) + left(format(row.maxStallLoadingMilliseconds, 1), 18))
            }
        }
        lines.append("")
        lines.append(contentsOf: targets(report))
        return lines.joined(separator: "\n")
    }

    private static func targets(_ report: BenchReport) -> [String] {
        var lines: [String] = []
        for (flavour, goal) in [(Flavour.legacy, 5.0), (Flavour.science, 20.0)] {
            guard let naive = report.row(.naive, flavour), let cold = report.row(.pipelineCold, flavour) else {
                continue
            }
            let speedup = naive.seconds / max(cold.seconds, 0.000_001)
            lines.append(
                verdict(
                    speedup >= goal,
                    "cold \(flavour.rawValue) \(format(speedup, 1))x faster than naive (target >= \(Int(goal))x)"))
            if let warm = report.row(.pipelineWarm, flavour) {
                let share = warm.seconds / max(cold.seconds, 0.000_001) * 100
                lines.append(
                    verdict(share <= 10, "warm \(flavour.rawValue) \(format(share, 1))% of cold (target <= 10%)"))
            }
        }
        if let wait = report.rows.first(where: { $0.name == WaitCPU.rowName }) {
            lines.append(
                verdict(
                    wait.seconds <= 0.1,
                    "CPU while one request waits \(WaitCPU.seconds) s: \(format(wait.seconds, 3)) s (target <= 0.1 s)"))
        }
        let pipeline = report.rows.filter {
            $0.name == RowKind.pipelineCold.rawValue || $0.name == RowKind.pipelineWarm.rawValue
        }
        if let rss = pipeline.map(\.peakRSSMegabytes).max() {
            lines.append(verdict(rss <= 250, "pipeline peak RSS \(format(rss, 1)) MB (target <= 250 MB)"))
        }
        if let worst = pipeline.max(by: { $0.maxStallMilliseconds < $1.maxStallMilliseconds }) {
            lines.append(
                verdict(
                    worst.maxStallMilliseconds <= 50,
                    "pipeline longest main-loop stall \(format(worst.maxStallMilliseconds, 1)) ms (target <= 50 ms)"))
        }
        if let realistic = report.row(GridRowKind.realistic.rawValue, .science) {
            if let first = realistic.firstCellSeconds {
                lines.append(
                    verdict(first <= 1.5, "grid-realistic first cell after \(format(first, 2)) s (target <= 1.5 s)"))
            } else {
                lines.append(
                    verdict(false, "grid-realistic showed no cell within \(Int(GridRowKind.realistic.deadline)) s"))
            }
        }
        if let cold = report.row(GridRowKind.cold.rawValue, .legacy), let bound = cold.boundSeconds,
            let transfer = cold.transferSeconds, let decode = cold.decodeSeconds
        {
            let detail =
                "bound \(format(bound, 2)) s = transfer \(format(transfer, 2)) s + decode at size on all cores \(format(decode, 2)) s"
            if let ratio = cold.boundRatio {
                lines.append(
                    verdict(
                        ratio <= 1.5,
                        "grid-cold \(format(cold.seconds, 2)) s = \(format(ratio, 1))x its \(detail) (target <= 1.5x)"))
            } else {
                lines.append(
                    verdict(
                        false,
                        "grid-cold did not show every picture within \(Int(GridRowKind.cold.deadline)) s; \(detail)"))
            }
        }
        for row in report.rows
        where GridRowKind(rawValue: row.name) != nil && (row.renderer ?? "auto") == RendererMode.automatic.rawValue {
            let loading =
                row.maxStallLoadingMilliseconds.map { ", \(format($0, 1)) ms once the first cell showed" } ?? ""
            lines.append(
                verdict(
                    row.maxStallMilliseconds <= 50,
                    "\(row.name) longest main-loop stall \(format(row.maxStallMilliseconds, 1)) ms\(loading) (target <= 50 ms)"
                ))
        }
        return lines
    }

    /// Where the worst stall was and whether the main thread worked through it.
    private static func stallDetail(_ row: BenchRow) -> String {
        "  (\(format(row.stallAtSeconds, 2)); \(format(row.stallMainThreadCPUMilliseconds, 1)), "
            + "\(format(row.stallRunQueueWaitMilliseconds, 1)); \(format(row.stallProcessCPUMilliseconds, 0)))"
    }

    private static func verdict(_ met: Bool, _ text: String) -> String {
        (met ? "met     " : "MISSED  ") + text
    }

    private static func format(_ value: Double?, _ digits: Int) -> String {
        value.map { String(format: "%.\(digits)f", $0) } ?? "–"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }

    private static func left(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
