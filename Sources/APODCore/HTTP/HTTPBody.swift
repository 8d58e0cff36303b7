import Foundation

/// A response body read as it arrives, one chunk (up to 64 KB, decoded) per step, so a picture
/// can go to a decoder and the disk cache without being gathered into one buffer first.
///
/// Iterate it once. The size cap and the whole-attempt deadline of the request still hold
/// while it is read, and end the iteration with `APODError.imageTooLarge` or `.timedOut`; a
/// body cut off ends it with `.connectionLost`. Cancelling the reading task stops the socket
/// read. Dropping the body before its end drops the connection.
public final class HTTPBody: AsyncSequence, Sendable {
    public typealias Element = Data

    private let exchange: HTTPExchange
    private let started: ContinuousClock.Instant

    init(exchange: HTTPExchange, started: ContinuousClock.Instant) {
        self.exchange = exchange
        self.started = started
    }

    deinit {
        exchange.close()
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let body: HTTPBody

        public mutating func next() async throws -> Data? {
            try await body.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: self)
    }

    /// The whole body in one buffer, reserved up front when the length was announced.
    public func collect(expectedLength: Int? = nil) async throws -> Data {
        var data = Data()
        if let expectedLength { data.reserveCapacity(expectedLength) }
        for try await chunk in self { data.append(chunk) }
        return data
    }

    private func next() async throws -> Data? {
        do {
            return try await exchange.read()
        } catch APODError.timedOut {
            // The message states the time really spent, retries of the head included.
            throw APODError.timedOut(seconds: HTTPClient.wholeSeconds(since: started, atLeast: exchange.timeout))
        }
    }
}

/// An answer whose body is read as it arrives: `HTTPClient.stream`.
public struct HTTPStreamedResponse: Sendable {
    public let head: HTTPResponseHead
    public let body: HTTPBody
}
