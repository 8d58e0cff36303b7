import Foundation

extension HTTPClient {
    /// The most a metadata answer may weigh. A year of entries is under 1 MB even from the
    /// legacy service (whose ranges come in one answer), so 4 MiB leaves room for growth while
    /// a runaway or hostile body is refused as it arrives instead of being parsed for seconds.
    public static let maxMetadataBytes = 4 << 20

    /// `get` for the services' JSON: the size cap above, and a too-large body reported as a
    /// response problem rather than as a picture problem.
    public func getMetadata(_ url: URL) async throws -> HTTPResponse {
        do {
            return try await get(url, maxBytes: Self.maxMetadataBytes)
        } catch APODError.imageTooLarge(let detail) {
            throw APODError.responseTooLarge(detail: detail)
        }
    }
}
