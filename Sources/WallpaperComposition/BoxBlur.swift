/// A box blur over ARGB32 pixels, horizontally then vertically; three passes approach a
/// Gaussian. Used on the backdrop's small copy only (a few thousand pixels).
enum BoxBlur {
    static func apply(to pixels: UnsafeMutablePointer<UInt8>, stride: Int, size: CanvasSize, radius: Int, passes: Int) {
        var words = [UInt32](repeating: 0, count: size.area)
        for y in 0..<size.height {
            let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width { words[y * size.width + x] = row[x] }
        }
        for _ in 0..<passes {
            words = blur(words, count: size.width, lines: size.height, step: 1, lineStep: size.width, radius: radius)
            words = blur(words, count: size.height, lines: size.width, step: size.width, lineStep: 1, radius: radius)
        }
        for y in 0..<size.height {
            let row = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width { row[x] = words[y * size.width + x] }
        }
    }

    /// Averages each pixel with `radius` neighbours either side along lines of `count` pixels
    /// (edges repeat their last pixel).
    private static func blur(_ words: [UInt32], count: Int, lines: Int, step: Int, lineStep: Int, radius: Int)
        -> [UInt32]
    {
        var result = words
        let width = 2 * radius + 1
        for line in 0..<lines {
            let start = line * lineStep
            for index in 0..<count {
                var sums = (0, 0, 0, 0)
                for offset in -radius...radius {
                    let word = words[start + min(count - 1, max(0, index + offset)) * step]
                    sums.0 += Int(word >> 24)
                    sums.1 += Int((word >> 16) & 0xFF)
                    sums.2 += Int((word >> 8) & 0xFF)
                    sums.3 += Int(word & 0xFF)
                }
                result[start + index * step] =
                    UInt32(sums.0 / width) << 24 | UInt32(sums.1 / width) << 16
                    | UInt32(sums.2 / width) << 8 | UInt32(sums.3 / width)
            }
        }
        return result
    }
}
