import TestSupport
import XCTest

@testable import APODCore

/// gzip-encoded answers are decoded, and the size cap counts decoded bytes, so a small
/// compressed body cannot unpack into gigabytes.
final class HTTPClientEncodingTests: CoreTestCase {
    func testGzipBodiesAreDecoded() async throws {
        let json = Data(("[" + String(repeating: #"{"title":"Comet"},"#, count: 500) + "{}]").utf8)
        let packed = try gzip(json)
        let server = try FakeHTTPServer { request in
            XCTAssertTrue(request.headers["accept-encoding"]?.contains("gzip") ?? false)
            return FakeResponse(
                headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: packed)
        }
        defer { server.stop() }
        let response = try await HTTPClient(timeout: 5, retryPolicy: .none).getMetadata(server.baseURL)
        XCTAssertEqual(response.body, json)
    }

    func testTheCapCountsDecodedBytes() async throws {
        let bomb = try gzip(Data(count: 16 << 20))
        XCTAssertLessThan(bomb.count, 1 << 20)
        let server = try FakeHTTPServer { _ in
            FakeResponse(headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
        }
        defer { server.stop() }
        do {
            _ = try await HTTPClient(timeout: 5, retryPolicy: .standard).getMetadata(server.baseURL)
            XCTFail("a gzip bomb was unpacked")
        } catch APODError.responseTooLarge {}
        XCTAssertEqual(server.requests.count, 1)
    }

    /// Through the system's `gzip`, so the test needs no compression code of its own.
    private func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-9"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let packed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return packed
    }
}
