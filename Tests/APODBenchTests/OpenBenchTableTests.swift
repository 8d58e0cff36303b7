import APODCore
import LoopbackServer
import XCTest

@testable import apod_bench

/// The `open` row's table: medians, the three targets' verdicts and the step a miss names.
final class OpenBenchTableTests: XCTestCase, @unchecked Sendable {
    func testMedianOfOddAndEvenCountsAndOfNothing() {
        XCTAssertEqual(OpenBenchTable.median([3, 1, 2]), 2)
        XCTAssertEqual(OpenBenchTable.median([4, 1, 3, 2]), 2.5)
        XCTAssertNil(OpenBenchTable.median([]))
    }

    func testTargetsMetWhenWarmIsQuickColdAddsOnlyTheTransferAndMemoryIsSmall() {
        let table = OpenBenchTable.render(
            report(warm: [0.50, 0.60, 0.40], cold: [0.90], eog: [1.00, 1.10, 0.90], rss: 110),
            network: .realisticCDN)
        XCTAssertTrue(table.contains("met     open warm 0.50 s = 0.50x eog's 1.00 s"), table)
        // warm 0.50 + transfer 0.25 + 0.2 = 0.95 s ≥ 0.90 s.
        XCTAssertTrue(table.contains("met     open cold 0.90 s"), table)
        XCTAssertTrue(table.contains("= 0.95 s)"), table)
        XCTAssertTrue(table.contains("met     open peak RSS 110.0 MB"), table)
        XCTAssertFalse(table.contains("MISSED"), table)
    }

    func testAMissNamesTheLongestStepWithItsFigure() {
        let table = OpenBenchTable.render(
            report(warm: [0.90], cold: [1.50], eog: [1.00], rss: 147), network: .realisticCDN)
        // In `steps` below the window takes 0.40 s to map after the renderer is chosen.
        XCTAssertTrue(table.contains("MISSED  open warm 0.90 s = 0.90x eog's 1.00 s"), table)
        XCTAssertTrue(table.contains("; longest step window-mapped 0.40 s"), table)
        XCTAssertTrue(table.contains("MISSED  open cold 1.50 s"), table)
        XCTAssertTrue(table.contains("MISSED  open peak RSS 147.0 MB"), table)
    }

    func testTheTimelineShowsEachStepsMedianAndTheDiskSyncs() {
        let table = OpenBenchTable.render(
            report(warm: [0.5, 0.7], cold: [0.9], eog: [1], rss: 100, coldSyncs: 2), network: .realisticCDN)
        let lines = table.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("window-mapped       ") && $0.contains("0.50") }, table)
        XCTAssertTrue(lines.contains { $0.hasPrefix("disk syncs (count)  0        2") }, table)
        XCTAssertFalse(lines.contains { $0.hasPrefix("first-byte") }, "no run traced it: " + table)
    }

    private let steps: [String: Double] = [
        "process-start": 0.0, "gtk-init": 0.05, "renderer-chosen": 0.10, "window-mapped": 0.50,
        "first-picture-frame": 0.70,
    ]

    private func report(
        warm: [Double], cold: [Double], eog: [Double], rss: Double, coldSyncs: Int = 0
    ) -> OpenBench.Report {
        func runs(_ program: OpenBench.Program, _ seconds: [Double], syncs: Int = 0) -> [OpenBench.Run] {
            seconds.enumerated().map { index, value in
                OpenBench.Run(
                    program: program, measurement: index % 3, seconds: value, peakRSSMegabytes: rss,
                    steps: program == .eog ? [:] : steps, diskSyncs: syncs)
            }
        }
        return OpenBench.Report(
            pictureMegabytes: 4.47, transferSeconds: 0.25,
            runs: runs(.warm, warm) + runs(.cold, cold, syncs: coldSyncs) + runs(.eog, eog))
    }
}
