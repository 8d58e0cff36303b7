import Foundation
import XCTest
@testable import APODViewer

final class DecodeQueueTests: XCTestCase {
    /// How many jobs run at once, at most.
    private final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var peak = 0
        private(set) var ran = 0
        func enter() { lock.withLock { running += 1; ran += 1; peak = max(peak, running) } }
        func leave() { lock.withLock { running -= 1 } }
        var total: Int { lock.withLock { ran } }
        var highest: Int { lock.withLock { peak } }
    }

    func testNoMoreJobsRunAtOnceThanItHasThreads() async throws {
        let queue = DecodeQueue(threads: 2)
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<12 {
                group.addTask {
                    try await queue.run {
                        gauge.enter()
                        defer { gauge.leave() }
                        Thread.sleep(forTimeInterval: 0.02)
                        return index
                    }
                }
            }
            var results: [Int] = []
            for try await result in group { results.append(result) }
            XCTAssertEqual(results.sorted(), Array(0..<12))
        }
        XCTAssertEqual(gauge.highest, 2, "two threads, both used")
    }

    func testAJobCancelledWhileWaitingIsSkipped() async throws {
        let queue = DecodeQueue(threads: 1)
        let gauge = Gauge()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocker = Task { try await queue.run { started.signal(); release.wait() } }
        // The only thread is busy before the second job exists, so that job can only wait.
        await Task.detached { started.wait() }.value
        let waiting = Task { try await queue.run { gauge.enter(); gauge.leave() } }
        waiting.cancel()
        release.signal()
        try await blocker.value
        do {
            try await waiting.value
            XCTFail("a cancelled job reports cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(gauge.total, 0, "the cancelled job never ran")
    }

    func testErrorsComeBackToTheCaller() async {
        do {
            _ = try await DecodeQueue(threads: 1).run { throw APODErrorStub() }
            XCTFail("expected the job's error")
        } catch {
            XCTAssertTrue(error is APODErrorStub)
        }
    }

    private struct APODErrorStub: Error {}
}
