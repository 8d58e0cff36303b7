import XCTest

@testable import APODCore

/// The check behind `SoupLoop.assertOnLoopThread`, which every `HTTPExchange` step makes.
final class SoupLoopTests: XCTestCase {
    func testOnlyTheLoopsOwnThreadCountsAsTheLoopThread() async throws {
        let loop = try SoupLoop.shared.get()
        XCTAssertFalse(loop.isOnLoopThread, "a test's thread is not the loop's")
        let onLoop = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            loop.perform { continuation.resume(returning: loop.isOnLoopThread) }
        }
        XCTAssertTrue(onLoop, "work handed to perform runs on the loop's thread")
        let fromAnotherThread = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread { continuation.resume(returning: loop.isOnLoopThread) }
        }
        XCTAssertFalse(fromAnotherThread)
    }
}
