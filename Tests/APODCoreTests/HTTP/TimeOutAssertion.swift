import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// Fails unless a single attempt with a 1 s time-out against `server` ends in
/// `.timedOut(seconds: 1)` within `limit` seconds.
func assertOneSecondTimeOut(
    against server: FakeHTTPServer, within limit: TimeInterval,
    file: StaticString = #filePath, line: UInt = #line
) async {
    let started = Date()
    do {
        _ = try await HTTPClient(timeout: 1, retryPolicy: .none).get(server.baseURL)
        XCTFail("expected a time-out", file: file, line: line)
    } catch let error as APODError {
        XCTAssertEqual(error, .timedOut(seconds: 1), file: file, line: line)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), limit, file: file, line: line)
}
