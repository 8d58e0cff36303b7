import TestSupport
import XCTest

@testable import APODCore

/// Issue 9's target: 10,000 start-then-cancel cycles without a crash or a hang. Each request is
/// cancelled at a different moment (before it starts, while it connects, while it waits for
/// the answer, while the body arrives, after it ended), eight at a time; each must end as an
/// answer or a cancellation. (This test found a libsoup 3.2 crash: see `HTTPExchange`.)
final class HTTPClientCancellationStressTests: CoreTestCase {
    func testTenThousandStartThenCancelCycles() async throws {
        let body = Data(repeating: 0x42, count: 200_000)
        let server = try FakeHTTPServer { _ in
            var response = FakeResponse.data(body, contentType: "image/jpeg")
            response.delay = 0.001
            return response
        }
        defer { server.stop() }
        let client = HTTPClient(timeout: 10, retryPolicy: .none)
        let cycles = 10_000
        let lanes = 8
        let outcomes = try await withThrowingTaskGroup(of: (answered: Int, cancelled: Int).self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    var answered = 0
                    var cancelled = 0
                    for cycle in stride(from: lane, to: cycles, by: lanes) {
                        let request = Task { try await client.get(server.baseURL, maxBytes: 1 << 20) }
                        // From "not started yet" to "already answered" (about 2 ms on loopback).
                        for _ in 0..<(cycle % 8) { await Task.yield() }
                        if cycle % 3 != 0 { try await Task.sleep(nanoseconds: UInt64(cycle % 13) * 250_000) }
                        request.cancel()
                        do {
                            let response = try await request.value
                            XCTAssertEqual(response.body, body)
                            answered += 1
                        } catch is CancellationError {
                            cancelled += 1
                        }
                    }
                    return (answered, cancelled)
                }
            }
            return try await group.reduce(into: (answered: 0, cancelled: 0)) {
                $0.answered += $1.answered
                $0.cancelled += $1.cancelled
            }
        }
        XCTAssertEqual(outcomes.answered + outcomes.cancelled, cycles)
        XCTAssertGreaterThan(outcomes.cancelled, cycles / 10, "many requests were cancelled")
        XCTAssertGreaterThan(
            server.requests.count - outcomes.answered, cycles / 20,
            "many were cancelled after reaching the server")
        // The client still works afterwards.
        let after = try await client.get(server.baseURL)
        XCTAssertEqual(after.body, body)
    }
}
