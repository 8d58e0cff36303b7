import Foundation
import GtkKit
import Synchronization

/// The full-size JPEGs the bench's server hands out.
enum PictureSet {
    /// Distinct generated pictures; the server repeats them under different URLs, which costs
    /// the client exactly as much as distinct files while keeping start-up short.
    static let generatedDistinct = 12

    /// `min(count, generatedDistinct)` procedural 3000×2000 JPEGs, made on all cores.
    static func generated(count: Int, width: Int = 3000, height: Int = 2000) throws -> [Data] {
        try parallelMap(0..<min(count, generatedDistinct)) { index in
            try Pixbufs.jpeg(Pixbufs.generate(width: width, height: height, seed: UInt32(index + 1) &* 2_654_435_761))
        }
    }

    /// The real pictures of `directory/image/**`, upscaled so their long side is `longSide`
    /// (HD size; the sample holds 360 px reductions) and encoded as JPEG. Up to `count` files.
    static func sample(directory: URL, count: Int, longSide: Int = 3000) throws -> [Data] {
        let root = directory.appendingPathComponent("image")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw Pixbufs.Failure(description: "no image folder in \(directory.path)")
        }
        let files = walker.compactMap { $0 as? URL }
            .filter { ["jpg", "jpeg", "png", "gif"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
            .prefix(count)
        guard !files.isEmpty else { throw Pixbufs.Failure(description: "no pictures under \(root.path)") }
        return try parallelMap(Array(files)) { file in
            try Pixbufs.jpeg(Pixbuf.load(file: file.path, fittingIn: longSide))
        }
    }

    private static func parallelMap<C: Collection>(_ items: C, _ transform: @Sendable (C.Element) throws -> Data) throws
        -> [Data]
    where C.Index == Int, C.Element: Sendable, C: Sendable {
        let results = ResultBox(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { offset in
            results.set(offset, Result { try transform(items[items.startIndex + offset]) })
        }
        return try results.values.map { try $0!.get() }
    }

    private final class ResultBox: Sendable {
        private let slots: Mutex<[Result<Data, Error>?]>

        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

        func set(_ index: Int, _ value: Result<Data, Error>) { slots.withLock { $0[index] = value } }

        var values: [Result<Data, Error>?] { slots.withLock { $0 } }
    }
}
