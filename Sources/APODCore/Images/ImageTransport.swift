import Foundation

/// What the loader needs from the network: one GET with a byte limit enforced while the body
/// arrives, cancelled with the calling task. `HTTPClient` is the implementation; tests inject
/// counting fakes through this seam.
protocol ImageTransport: Sendable {
    func download(_ url: URL, maxBytes: Int) async throws -> (status: Int, body: Data)
}
