import Foundation

/// The human-readable form of a report: the rows, then each target with its measured ratio.
enum BenchTable {
    static func render(_ report: BenchReport, source: String) -> String {
        var lines = ["apod-bench: \(report.count) pictures (\(source)), thumbnails \(BenchPlan.thumbnailWidth) px wide", ""]
        lines.append(pad("row", 15) + pad("flavour", 14) + left("seconds", 9) + left("MB down", 10)
                     + left("peak RSS MB", 13) + left("max stall ms", 14))
        for row in report.rows {
            lines.append(pad(row.name, 15) + pad(row.flavour, 14) + left(format(row.seconds, 2), 9)
                         + left(format(row.mbDownloaded, 1), 10) + left(format(row.peakRSSMegabytes, 1), 13)
                         + left(format(row.maxStallMilliseconds, 1), 14))
        }
        lines.append("")
        lines.append(contentsOf: targets(report))
        return lines.joined(separator: "\n")
    }

    private static func targets(_ report: BenchReport) -> [String] {
        var lines: [String] = []
        for (flavour, goal) in [(Flavour.legacy, 5.0), (Flavour.science, 20.0)] {
            guard let naive = report.row(.naive, flavour), let cold = report.row(.pipelineCold, flavour) else { continue }
            let speedup = naive.seconds / max(cold.seconds, 0.000_001)
            lines.append(verdict(speedup >= goal, "cold \(flavour.rawValue) \(format(speedup, 1))x faster than naive (target >= \(Int(goal))x)"))
            if let warm = report.row(.pipelineWarm, flavour) {
                let share = warm.seconds / max(cold.seconds, 0.000_001) * 100
                lines.append(verdict(share <= 10, "warm \(flavour.rawValue) \(format(share, 1))% of cold (target <= 10%)"))
            }
        }
        if let wait = report.rows.first(where: { $0.name == WaitCPU.rowName }) {
            lines.append(verdict(wait.seconds <= 0.1, "CPU while one request waits \(WaitCPU.seconds) s: \(format(wait.seconds, 3)) s (target <= 0.1 s)"))
        }
        let pipeline = report.rows.filter { $0.name != RowKind.naive.rawValue && $0.name != WaitCPU.rowName }
        if let rss = pipeline.map(\.peakRSSMegabytes).max() {
            lines.append(verdict(rss <= 250, "pipeline peak RSS \(format(rss, 1)) MB (target <= 250 MB)"))
        }
        if let stall = pipeline.map(\.maxStallMilliseconds).max() {
            lines.append(verdict(stall <= 50, "pipeline longest main-loop stall \(format(stall, 1)) ms (target <= 50 ms)"))
        }
        return lines
    }

    private static func verdict(_ met: Bool, _ text: String) -> String {
        (met ? "met     " : "MISSED  ") + text
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }

    private static func left(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
