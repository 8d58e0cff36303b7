import Foundation

/// The picture formats the viewer decodes, recognised by their first bytes.
public enum ImageFormat: String, Sendable {
    case jpeg, png, gif, webp
}

/// Checks applied before any byte is cached or decoded. Content-Type is deliberately ignored:
/// NASA has served HTML error pages under `.jpg` names, and only the bytes tell the truth.
public enum ImageValidation {
    /// The largest picture downloaded unless a caller says otherwise (HD APODs are 2–8 MB).
    public static let defaultMaxBytes = 64 << 20

    /// Only http and https links are ever fetched (no file:, ftp:, data:).
    public static func checkScheme(of url: URL) throws {
        guard WebURL.isWeb(url) else { throw APODError.unsupportedURL }
    }

    /// The format announced by the magic bytes at the start of `data`, if any.
    public static func format(of data: Data) -> ImageFormat? {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// Throws `APODError.notAnImage` unless `data` starts like a JPEG, PNG, GIF or WebP file,
    /// `APODError.imageTooLarge` when its header claims more than `ImageHeader.maxPixels`
    /// (checked first: a bomb is refused as such, cut short or not), and
    /// `APODError.damagedImage` when it stops before its format's end.
    @discardableResult
    public static func requireImage(_ data: Data) throws -> ImageFormat {
        guard let format = format(of: data) else { throw APODError.notAnImage }
        try requireSensibleSize(data)
        guard ImageCompleteness.isComplete(data, format: format) else { throw APODError.damagedImage }
        return format
    }

    /// Throws `APODError.imageTooLarge` when the header claims more than `ImageHeader.maxPixels`.
    /// A header that cannot be read is left to the completeness check and the decoder.
    public static func requireSensibleSize(_ data: Data) throws {
        if let header = ImageHeader.read(data), header.isTooLarge { throw header.tooLargeError }
    }
}
