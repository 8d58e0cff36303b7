import TestSupport
import XCTest

@testable import APODCore

/// The loopback server's network profile: tests and the bench rely on it to be at least as
/// slow as it claims. Only lower bounds are asserted; a busy machine may always be slower.
final class NetworkProfileTests: CoreTestCase {
    func testThinkTimesStayInTheirRangeAndRepeatForTheSameSeed() {
        let profile = NetworkProfile.realistic
        let times = (0..<200).map { profile.thinkTime(forRequest: $0) }
        XCTAssertTrue(times.allSatisfy { (0.7...1.5).contains($0) })
        XCTAssertEqual(times, (0..<200).map { profile.thinkTime(forRequest: $0) })
        // Spread over the range, not one value: a uniform draw reaches both ends' tenths.
        XCTAssertLessThan(times.min()!, 0.78)
        XCTAssertGreaterThan(times.max()!, 1.42)
        var reseeded = profile
        reseeded.seed = 2
        XCTAssertNotEqual(times, (0..<200).map { reseeded.thinkTime(forRequest: $0) })
    }

    func testAnAnswerTakesAtLeastItsSizeOverTheRate() async throws {
        let body = Data(repeating: 0x2A, count: 300_000)
        let server = try FakeHTTPServer { _ in .data(body, contentType: "application/octet-stream") }
        defer { server.stop() }
        server.profile = NetworkProfile(roundTrip: 0.05, bytesPerSecond: 1_000_000)
        let started = Date()
        let response = try await TestHTTP.client().get(server.baseURL.appendingPathComponent("file"))
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(response.body, body)
        XCTAssertGreaterThanOrEqual(elapsed, 0.05 + 0.3)
    }

    func testEveryAnswerWaitsForItsThinkTime() async throws {
        let server = try FakeHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let profile = NetworkProfile(roundTrip: 0.01, thinkTime: 0.1...0.3, seed: 7)
        server.profile = profile
        let client = TestHTTP.client()
        for index in 0..<3 {
            let started = Date()
            _ = try await client.get(server.baseURL.appendingPathComponent("entry"))
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), profile.firstByteDelay(forRequest: index))
        }
        XCTAssertEqual(server.requests.count, 3)
    }
}
