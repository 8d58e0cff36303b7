import Foundation

/// The shared HTTP client is the loader's transport: one client for the whole app.
extension HTTPClient: ImageTransport {
    func open(_ url: URL, maxBytes: Int) async throws -> ImageResponse {
        let response = try await stream(url, headers: [:], maxBytes: maxBytes)
        return ImageResponse(
            status: response.head.status, expectedLength: response.head.expectedLength,
            body: response.body)
    }
}
