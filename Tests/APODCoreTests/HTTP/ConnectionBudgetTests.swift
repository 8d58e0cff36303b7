import XCTest
@testable import APODCore

/// The session's connection limits follow the file limit: the standard 16 (8 per host) on a
/// desktop, one connection when only a dozen descriptors are allowed.
final class ConnectionBudgetTests: XCTestCase {
    func testTheBudgetFollowsTheFileLimit() {
        XCTAssertEqual(ConnectionBudget(openFiles: 1024), ConnectionBudget(connections: 16, connectionsPerHost: 8))
        XCTAssertEqual(ConnectionBudget(openFiles: 36), ConnectionBudget(connections: 10, connectionsPerHost: 8))
        XCTAssertEqual(ConnectionBudget(openFiles: 24), ConnectionBudget(connections: 4, connectionsPerHost: 4))
        XCTAssertEqual(ConnectionBudget(openFiles: 12), ConnectionBudget(connections: 1, connectionsPerHost: 1))
        XCTAssertEqual(ConnectionBudget(openFiles: 0), ConnectionBudget(connections: 1, connectionsPerHost: 1))
    }
}
