import Foundation

/// A picture's or a monitor's size in pixels (a monitor's in device pixels), and the rule that
/// says whether a picture suits a monitor well enough to fill it: a portrait screen should not
/// show a narrow crop of a landscape picture, nor a thumbnail blown up three times.
public struct PictureShape: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What the index keeps for a picture whose header was read and gave nothing usable (not a
    /// picture, a broken link, a header past the probe's cap, a size over `ImageHeader.maxPixels`):
    /// it is not asked for again, and suits no monitor.
    public static let unusable = PictureShape(width: 0, height: 0)

    /// A picture's aspect may differ from the monitor's by this share of the monitor's.
    public static let aspectTolerance = 0.25
    /// A picture may be enlarged at most this much to cover the monitor.
    public static let maxEnlargement = 1.5

    public var isUsable: Bool { width > 0 && height > 0 }

    /// Width over height.
    public var aspect: Double { Double(width) / Double(max(1, height)) }

    /// Whether this picture suits `monitor`: its aspect within 25 % of the monitor's, and its
    /// pixels covering the monitor at no more than 1.5× enlargement.
    public func suits(_ monitor: PictureShape) -> Bool {
        guard isUsable, monitor.isUsable else { return false }
        guard abs(aspect - monitor.aspect) <= Self.aspectTolerance * monitor.aspect else { return false }
        let enlargement = max(Double(monitor.width) / Double(width), Double(monitor.height) / Double(height))
        return enlargement <= Self.maxEnlargement
    }
}

extension ImageHeader {
    /// The size as a shape; `PictureShape.unusable` for a picture too large to be decoded.
    public var shape: PictureShape {
        isTooLarge || width <= 0 || height <= 0 ? .unusable : PictureShape(width: width, height: height)
    }

    /// The shape of `data`'s picture as it is shown: a JPEG whose EXIF orientation turns it a
    /// quarter (5…8, as cameras write for portrait shots) is upright once decoded, so its sides
    /// swap. Nil when the header cannot be read.
    public static func uprightShape(of data: Data) -> PictureShape? {
        guard let header = read(data) else { return nil }
        let shape = header.shape
        guard shape.isUsable, ImageValidation.format(of: data) == .jpeg,
            let orientation = JPEGSegments(data).orientation, orientation >= 5
        else { return shape }
        return PictureShape(width: shape.height, height: shape.width)
    }
}
