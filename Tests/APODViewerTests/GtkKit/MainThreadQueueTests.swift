import Foundation
import XCTest

@testable import GtkKit

/// The queue behind `MainThread.post`: order, the per-drain time budget, and posting from
/// many threads at once.
final class MainThreadQueueTests: XCTestCase {
    /// A clock the work itself moves forward: each item "takes" `step` seconds.
    private final class FakeClock: @unchecked Sendable {
        var time: TimeInterval = 100
        func advance(_ seconds: TimeInterval) { time += seconds }
    }

    /// What ran, in order, written by main-thread work and read by the test.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Int] = []
        func append(_ item: Int) { lock.withLock { items.append(item) } }
        var all: [Int] { lock.withLock { items } }
    }

    func testWorkRunsInTheOrderItWasAdded() {
        let queue = MainThreadQueue(budget: 10)
        let log = Log()
        for index in 0..<20 { queue.append { log.append(index) } }
        let workLeft = MainActor.assumeIsolated { queue.drain() }
        XCTAssertFalse(workLeft)
        XCTAssertEqual(log.all, Array(0..<20))
        XCTAssertEqual(queue.count, 0)
    }

    func testOnlyTheFirstItemOfAnEmptyQueueAsksForAWakeUp() {
        let queue = MainThreadQueue(budget: 10)
        XCTAssertTrue(queue.append {})
        XCTAssertFalse(queue.append {})
        MainActor.assumeIsolated { _ = queue.drain() }
        XCTAssertTrue(queue.append {}, "empty again: the next item must wake the drainer")
    }

    func testADrainStopsWhenItsBudgetIsSpentAndTheNextGoesOn() {
        let clock = FakeClock()
        let queue = MainThreadQueue(budget: 0.004, now: { clock.time })
        let log = Log()
        for index in 0..<10 {
            queue.append {
                clock.advance(0.001)
                log.append(index)
            }
        }
        XCTAssertTrue(MainActor.assumeIsolated { queue.drain() }, "work is left after the budget")
        XCTAssertEqual(log.all, [0, 1, 2, 3], "four 1 ms items fill a 4 ms budget")
        XCTAssertTrue(MainActor.assumeIsolated { queue.drain() })
        XCTAssertEqual(log.all, Array(0..<8))
        XCTAssertFalse(MainActor.assumeIsolated { queue.drain() })
        XCTAssertEqual(log.all, Array(0..<10))
    }

    func testAnItemLongerThanTheBudgetStillRunsAlone() {
        let clock = FakeClock()
        let queue = MainThreadQueue(budget: 0.004, now: { clock.time })
        let log = Log()
        queue.append {
            clock.advance(0.050)
            log.append(0)
        }
        queue.append { log.append(1) }
        XCTAssertTrue(MainActor.assumeIsolated { queue.drain() })
        XCTAssertEqual(log.all, [0], "one slow item, then the drain yields")
        XCTAssertFalse(MainActor.assumeIsolated { queue.drain() })
        XCTAssertEqual(log.all, [0, 1])
    }

    func testWorkAddedByWorkRunsAfterWhatWasAlreadyQueued() {
        let queue = MainThreadQueue(budget: 10)
        let log = Log()
        queue.append {
            log.append(0)
            queue.append { log.append(2) }
        }
        queue.append { log.append(1) }
        XCTAssertFalse(MainActor.assumeIsolated { queue.drain() })
        XCTAssertEqual(log.all, [0, 1, 2])
    }

    /// The real `MainThread.post` from eight threads at once: everything arrives, on the main
    /// thread, and each thread's posts keep their order.
    func testPostsFromManyThreadsAllArriveInPerThreadOrder() {
        let threads = 8
        let perThread = 500
        let log = Log()
        let offMain = Log()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for sequence in 0..<perThread {
                MainThread.post {
                    if !Thread.isMainThread { offMain.append(thread) }
                    log.append(thread * perThread + sequence)
                }
            }
        }
        let arrived = MainActor.assumeIsolated {
            Gtk.iterate(until: { log.all.count == threads * perThread }, timeout: 20)
        }
        XCTAssertTrue(arrived, "only \(log.all.count) of \(threads * perThread) posts ran")
        XCTAssertTrue(offMain.all.isEmpty, "every post ran on the main thread")
        let items = log.all
        for thread in 0..<threads {
            let mine = items.filter { $0 / perThread == thread }
            XCTAssertEqual(
                mine, Array(thread * perThread..<(thread + 1) * perThread), "thread \(thread)'s posts in order")
        }
    }
}
