import XCTest

@testable import APODCore

/// The session's connection limits follow the file limit: the standard 16 (8 per host) on a
/// desktop, one connection when only a dozen descriptors are allowed.
final class ConnectionBudgetTests: CoreTestCase {
    func testTheBudgetFollowsTheFileLimit() {
        assertBudget(openFiles: 1024, connections: 16, perHost: 8)
        assertBudget(openFiles: 36, connections: 10, perHost: 8)
        assertBudget(openFiles: 24, connections: 4, perHost: 4)
        assertBudget(openFiles: 12, connections: 1, perHost: 1)
        assertBudget(openFiles: 0, connections: 1, perHost: 1)
    }

    private func assertBudget(openFiles: Int, connections: Int, perHost: Int, line: UInt = #line) {
        let budget = ConnectionBudget(openFiles: openFiles)
        XCTAssertEqual(budget.connections, connections, "ulimit -n \(openFiles)", line: line)
        XCTAssertEqual(budget.connectionsPerHost, perHost, "ulimit -n \(openFiles)", line: line)
    }
}
