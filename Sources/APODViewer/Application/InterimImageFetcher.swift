import APODCore
import Foundation

/// Temporary stand-in for the core's `ImageLoader` (images branch, not merged yet): fetches
/// through the shared `HTTPClient`, reads the offline sample's `file:` pictures, and accepts
/// only JPEG, PNG, GIF or WebP bytes. Deleted as soon as `ImageLoader` lands, so one loader remains.
struct InterimImageFetcher: ImageFetching {
    let client: HTTPClient
    static let maxBytes = 64 << 20

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        let data: Data
        if url.isFileURL {
            guard let bytes = try? Data(contentsOf: url) else { throw APODError.notAnImage }
            data = bytes
        } else {
            let response = try await client.get(url, maxBytes: Self.maxBytes)
            switch response.status {
            case 200..<300: data = response.body
            case 429: throw APODError.rateLimited
            case 500...: throw APODError.serviceError(status: response.status)
            default: throw APODError.notAnImage
            }
        }
        let head = [UInt8](data.prefix(12))
        let isImage = head.starts(with: [0xFF, 0xD8, 0xFF]) || head.starts(with: [0x89, 0x50, 0x4E, 0x47])
            || head.starts(with: [0x47, 0x49, 0x46, 0x38])
            || (head.count >= 12 && head.starts(with: [0x52, 0x49, 0x46, 0x46]) && head[8...11] == [0x57, 0x45, 0x42, 0x50])
        guard isImage else { throw APODError.notAnImage }
        return data
    }
}
