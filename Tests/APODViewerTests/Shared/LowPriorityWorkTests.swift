import Foundation
import Glibc
import XCTest

@testable import APODViewer

/// The drawing nobody waits for runs on a thread of its own at nice 10 and hands its result
/// (or error) back; the caller's thread keeps its priority.
final class LowPriorityWorkTests: XCTestCase {
    func testTheWorkRunsLowerAndTheCallerStaysAsItWas() async throws {
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let during = try await LowPriorityWork.run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        XCTAssertEqual(during, min(19, before + LowPriorityWork.niceness))
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), before)
        await assertThrows(
            try await LowPriorityWork.run { () throws -> Int in throw CocoaError(.featureUnsupported) })
    }

    private func assertThrows<T>(_ body: @autoclosure () async throws -> T) async {
        do {
            _ = try await body()
            XCTFail("no error")
        } catch {}
    }
}
