import Foundation

/// The shared HTTP client is the loader's transport: one client for the whole app.
extension HTTPClient: ImageTransport {
    func download(_ url: URL, maxBytes: Int) async throws -> (status: Int, body: Data) {
        let response = try await get(url, headers: [:], maxBytes: maxBytes)
        return (response.status, response.body)
    }
}
