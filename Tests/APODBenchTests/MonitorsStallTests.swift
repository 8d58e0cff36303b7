import XCTest

@testable import apod_bench

/// The monitors row's stall line: the worst stall over the rounds against the 50 ms target,
/// beside the same timer's worst while idle, and the rebuild's median time.
final class MonitorsStallTests: XCTestCase {
    private func rebuild(_ seconds: Double, stall: Double, idle: Double) -> MonitorsBench.Rebuild {
        MonitorsBench.Rebuild(
            seconds: seconds, stall: StallMonitor.Stall(milliseconds: stall, mainThreadCPUMilliseconds: 0.5),
            idleStall: StallMonitor.Stall(milliseconds: idle))
    }

    func testTheWorstRoundDecides() {
        let line = MonitorsBench.stallLine([
            rebuild(2.0, stall: 12, idle: 3), rebuild(3.0, stall: 61, idle: 4), rebuild(2.5, stall: 20, idle: 9),
        ])
        XCTAssertTrue(line.contains("2.500 s"), line)
        XCTAssertTrue(line.contains("longest stall 61.0 ms"), line)
        XCTAssertTrue(line.contains("as long idle: 9.0 ms"), line)
        XCTAssertTrue(line.hasSuffix("target ≤ 50 ms: MISSED"), line)
    }

    func testUnderTheTargetIsMet() {
        let line = MonitorsBench.stallLine([rebuild(2.0, stall: 49.9, idle: 3), rebuild(2.2, stall: 10, idle: 2)])
        XCTAssertTrue(line.hasSuffix("target ≤ 50 ms: met"), line)
    }
}
