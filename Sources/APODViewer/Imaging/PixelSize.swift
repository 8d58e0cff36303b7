/// A size in device pixels: the box a picture is decoded to fit.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    public var description: String { "\(width)x\(height)" }
}
