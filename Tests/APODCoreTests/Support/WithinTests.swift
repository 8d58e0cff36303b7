import XCTest

final class WithinTests: CoreTestCase, @unchecked Sendable {
    func testAHangFailsInBoundedTime() async throws {
        let hang = Task<Int, any Error> {
            try await Task.sleep(nanoseconds: 600_000_000_000)
            return 1
        }
        defer { hang.cancel() }
        do {
            _ = try await within(0.2, "the hang", hang)
            XCTFail("a task that does not end must not yield a value")
        } catch let error as StillRunning {
            XCTAssertEqual(error.description, "the hang did not end within 0.2 s")
        }
    }

    func testAValueOrErrorInTimeComesThrough() async throws {
        let value = try await within(10, "a quick task", Task<Int, any Error> { 42 })
        XCTAssertEqual(value, 42)
        let failing = Task<Int, any Error> { throw CancellationError() }
        do {
            _ = try await within(10, "a failing task", failing)
            XCTFail("the task's error comes through")
        } catch is CancellationError {
        }
    }
}
