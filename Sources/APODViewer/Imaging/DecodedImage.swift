import GtkKit

/// A picture ready to show: the texture (thread-safe, shareable) and the size it had before
/// any scaling, so callers can tell how much decoding at a smaller size saved.
public struct DecodedImage: Sendable {
    public let texture: Texture
    public let originalWidth: Int
    public let originalHeight: Int

    public var width: Int { texture.width }
    public var height: Int { texture.height }
    /// Pixel memory held by the texture.
    public var byteCount: Int { texture.byteCount }
}
