import XCTest

@testable import apod_bench

/// The Chinese search row's line: its figures beside the English search of the same run.
final class ChineseBenchTableTests: XCTestCase, @unchecked Sendable {
    private func row(_ name: String, median: Double, p95: Double) -> BenchRow {
        var row = BenchRow(
            name: name, flavour: "", seconds: 0, mbDownloaded: 0, peakRSSMegabytes: 0, maxStallMilliseconds: 0)
        row.medianMilliseconds = median
        row.p95Milliseconds = p95
        return row
    }

    func testTheChineseRowSaysItsRatioToTheEnglishSearchOfTheRun() {
        var chinese = row("index-search-chinese", median: 3.0, p95: 5.0)
        chinese.entries = ChineseSearchBench.targets.count
        chinese.recall = 1
        chinese.objects = 500
        let table = IndexBenchTable.render([row("index-search", median: 2.0, p95: 9.0), chinese])
        XCTAssertTrue(
            table.contains(
                "met     chinese  16 queries × 5: median 3.00 ms (1.5 × the English search's median), p95 5.00 ms"),
            table)
    }

    func testAp95Over20MillisecondsIsMissed() {
        var chinese = row("index-search-chinese", median: 11.0, p95: 29.3)
        chinese.entries = ChineseSearchBench.targets.count
        chinese.recall = 1
        chinese.objects = 500
        let table = IndexBenchTable.render([chinese])
        XCTAssertTrue(table.contains("MISSED  chinese  16 queries × 5: median 11.00 ms, p95 29.30 ms"), table)
    }
}
