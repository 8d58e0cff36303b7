import Foundation

/// What the loader needs from the network: one GET answered with its status as soon as the
/// head arrives and its body as it arrives, with a byte limit enforced while it streams and
/// cancellation with the calling task. `HTTPClient` is the implementation; tests inject
/// counting fakes through this seam.
protocol ImageTransport: Sendable {
    func open(_ url: URL, maxBytes: Int) async throws -> ImageResponse
    /// How often a body cut off or stalled is fetched again (the loader restarts it).
    var retryPolicy: RetryPolicy { get }
}

/// An answer to a picture request whose body is read chunk by chunk.
struct ImageResponse: Sendable {
    let status: Int
    /// The announced Content-Length, when there was one.
    let expectedLength: Int?
    let body: any AsyncSequence<Data, any Error> & Sendable
}
