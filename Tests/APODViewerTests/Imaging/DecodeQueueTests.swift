import Foundation
import TestSupport
import XCTest

@testable import APODViewer

final class DecodeQueueTests: XCTestCase {
    /// How many jobs run at once, at most.
    private final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var peak = 0
        private(set) var ran = 0
        func enter() {
            lock.withLock {
                running += 1
                ran += 1
                peak = max(peak, running)
            }
        }
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
                    try await queue.run { _ in
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
        let blocker = Task {
            try await queue.run { _ in
                started.signal()
                release.wait()
            }
        }
        // The only thread is busy before the second job exists, so that job can only wait.
        await Task.detached { started.wait() }.value
        let waiting = Task {
            try await queue.run { _ in
                gauge.enter()
                gauge.leave()
            }
        }
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
            _ = try await DecodeQueue(threads: 1).run { _ in throw APODErrorStub() }
            XCTFail("expected the job's error")
        } catch {
            XCTAssertTrue(error is APODErrorStub)
        }
    }

    /// A picture asked for first keeps its place: its pieces run before a later picture's,
    /// even when they were queued after them.
    func testWorkRunsInTicketOrderNotArrivalOrder() async throws {
        let queue = DecodeQueue(threads: 1)
        let first = queue.ticket()
        let second = queue.ticket()
        let order = Locked<[String]>([])
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        queue.submit(at: first) {
            started.signal()
            release.wait()
        }
        await Task.detached { started.wait() }.value
        queue.submit(at: second) { order.value.append("second") }
        queue.submit(at: first) { order.value.append("first, piece 2") }
        let fresh = Task { try await queue.run { _ in order.value.append("fresh") } }
        queue.submit(at: first) { order.value.append("first, piece 3") }
        release.signal()
        // One thread: once the last in order has run, so has everything before it.
        try await fresh.value
        XCTAssertEqual(order.value, ["first, piece 2", "first, piece 3", "second", "fresh"])
    }

    private struct APODErrorStub: Error {}
}
