/// The brightness of a picture or canvas on a small grid (encoded sRGB luma, 0…1), for the two
/// measurements the composition makes: how much detail lies in a place (where the caption goes)
/// and where the picture's centre of interest is (what a crop keeps).
public struct LuminanceMap: Sendable {
    public let width: Int
    public let height: Int
    private let values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height)
        self.width = width
        self.height = height
        self.values = values
    }

    /// From ARGB32 words (cairo's layout, premultiplied; an opaque canvas has alpha 255).
    init(argb pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) {
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = row[x]
                let red = Float((word >> 16) & 0xFF)
                let green = Float((word >> 8) & 0xFF)
                let blue = Float(word & 0xFF)
                values[y * width + x] = (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
            }
        }
        self.init(width: width, height: height, values: values)
    }

    public subscript(x: Int, y: Int) -> Float { values[y * width + x] }

    /// Gradient energy: the mean of |∂x| + |∂y| of the luma over the cells of `rect`, given in
    /// this map's cells. A smooth sky gives nearly 0, stars, clouds' edges and text a lot.
    public func detail(in rect: CanvasRect) -> Double {
        let left = max(0, rect.x)
        let top = max(0, rect.y)
        let right = min(width - 1, rect.maxX)
        let bottom = min(height - 1, rect.maxY)
        guard right > left, bottom > top else { return 0 }
        var sum: Float = 0
        for y in top..<bottom {
            for x in left..<right {
                let value = self[x, y]
                sum += abs(self[x + 1, y] - value) + abs(self[x, y + 1] - value)
            }
        }
        return Double(sum) / Double((right - left) * (bottom - top))
    }

    /// The centre of interest: the centroid of each cell's salience squared, where salience is
    /// the gradient magnitude plus the distance from the picture's mean brightness. Squaring
    /// lets the sharpest or most striking structure (a galaxy, a bright nebula, a moon) outweigh
    /// the even sprinkle of stars or noise over the rest; a picture with no salient part at all
    /// gives its geometric centre.
    public var centreOfInterest: UnitPoint {
        guard width > 2, height > 2 else { return .centre }
        let mean = values.reduce(0, +) / Float(values.count)
        var total: Double = 0
        var sumX: Double = 0
        var sumY: Double = 0
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let gradient = abs(self[x + 1, y] - self[x - 1, y]) + abs(self[x, y + 1] - self[x, y - 1])
                let salience = Double(gradient / 2 + abs(self[x, y] - mean))
                let weight = salience * salience
                total += weight
                sumX += weight * (Double(x) + 0.5)
                sumY += weight * (Double(y) + 0.5)
            }
        }
        guard total > 1e-6 else { return .centre }
        return UnitPoint(x: sumX / total / Double(width), y: sumY / total / Double(height))
    }
}
