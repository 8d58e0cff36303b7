import Foundation
import TestSupport
import XCTest

@testable import APODCore
@testable import WallpaperComposition

/// The caption card and the fit measured on 200 real pictures of the 2019 sample (outside the
/// repository, found in a `shared/apod-sample` folder above the package; skipped when absent).
/// Prints one line of figures; saves the lightest and the darkest picture's background in
/// `.build/screenshots` to be looked at.
final class SampleBackgroundTests: XCTestCase {
    static let pictureCount = 200
    private let screen = CanvasSize(width: 1280, height: 720)

    /// The sample's image entries with their picture: `url` …/image/YYMM/X.jpg is image/YYMM/X.jpg.
    static func samplePictures(in folder: URL) throws -> [(entry: APODEntry, data: Data)] {
        let objects = try JSONFields.objects(in: Data(contentsOf: folder.appendingPathComponent("apod-2019.json")))
        return try objects.compactMap { object in
            let entry = try LegacyEntryDecoder.entry(from: object)
            guard entry.mediaType == .image, let url = entry.imageURL,
                let range = url.path.range(of: "/image/")
            else { return nil }
            return SampleFolder.picture(String(url.path[range.upperBound...]), in: folder).map { (entry, $0) }
        }
    }

    func testTwoHundredRealPictures() throws {
        guard let folder = SampleFolder.locate() else {
            throw XCTSkip("no real sample (shared/apod-sample) above the package")
        }
        let pictures = try Self.samplePictures(in: folder).prefix(Self.pictureCount)
        XCTAssertEqual(pictures.count, Self.pictureCount)
        var areas: [Double] = []
        var contrasts: [Double] = []
        var agreeing = 0
        var excess: [Double] = []
        var places: [CaptionPlace: Int] = [:]
        var kinds: [FitPlan.Kind: Int] = [:]
        var maxScale = 0.0
        var lightest: (Double, Data, APODEntry)?
        var darkest: (Double, Data, APODEntry)?
        for (entry, data) in pictures {
            let caption = Caption(entry: entry, style: .titleAndSentence)
            let captioned = try WallpaperComposer.render(data, .init(canvas: screen, caption: caption))
            let plain = try WallpaperComposer.render(data, .init(canvas: screen))
            let card = try XCTUnwrap(captioned.report.card, "\(entry.date)")
            let fit = captioned.report.fit
            XCTAssertLessThanOrEqual(card.areaFraction, 0.12, "\(entry.date)")
            XCTAssertGreaterThanOrEqual(card.contrast, Contrast.required, "\(entry.date)")
            XCTAssertEqual(card.unknownGlyphs, 0, "\(entry.date)")
            XCTAssertLessThanOrEqual(fit.scale, FitPlan.maxUpscale, "\(entry.date)")
            if fit.kind == .whole { XCTAssertTrue(fit.showsWholePicture, "\(entry.date)") }
            areas.append(card.areaFraction)
            contrasts.append(card.contrast)
            places[card.place, default: 0] += 1
            kinds[fit.kind, default: 0] += 1
            maxScale = max(maxScale, fit.scale)

            // Detail measured again, independently: at full resolution on the same background
            // without its card.
            let fullDetail = card.candidates.mapValues { Self.gradientEnergy(of: plain, in: $0.rect) }
            let least = fullDetail.values.min()!
            if fullDetail[card.place] == least {
                agreeing += 1
            } else {
                excess.append(fullDetail[card.place]! / least - 1)
            }

            let brightness = Self.meanLuma(of: plain)
            if lightest.map({ brightness > $0.0 }) ?? true { lightest = (brightness, data, entry) }
            if darkest.map({ brightness < $0.0 }) ?? true { darkest = (brightness, data, entry) }
        }
        let worstExcess = excess.max() ?? 0
        print(
            String(
                format:
                    "sample backgrounds: %d pictures at %@: card area max %.1f %% (mean %.1f %%), contrast min %.2f:1 (mean %.2f:1), least-detail place %d/%d (measured again; others within %.0f %% of the least), places %@, fits %@, largest scale %.2f×",
                pictures.count, screen.description, areas.max()! * 100, areas.reduce(0, +) / Double(areas.count) * 100,
                contrasts.min()!, contrasts.reduce(0, +) / Double(contrasts.count), agreeing, pictures.count,
                worstExcess * 100,
                places.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", "),
                kinds.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", "), maxScale))
        XCTAssertEqual(agreeing, pictures.count, "the card sits where detail is least")

        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/screenshots", isDirectory: true).standardized
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, picked) in [("background-light", lightest!), ("background-dark", darkest!)] {
            let composed = try WallpaperComposer.compose(
                picked.1,
                .init(
                    canvas: CanvasSize(width: 1920, height: 1080),
                    caption: Caption(entry: picked.2, style: .titleAndSentence)))
            try composed.jpeg.write(to: directory.appendingPathComponent("\(name).jpg"))
        }
    }

    /// Mean |∂x| + |∂y| of the luma over `rect`, at the background's full resolution.
    static func gradientEnergy(of background: RenderedBackground, in rect: CanvasRect) -> Double {
        let width = background.size.width
        var luma = [Double](repeating: 0, count: rect.width * rect.height)
        background.words.withUnsafeBufferPointer { words in
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let word = words[(rect.y + y) * width + rect.x + x]
                    luma[y * rect.width + x] =
                        (0.2126 * Double((word >> 16) & 0xFF) + 0.7152 * Double((word >> 8) & 0xFF)
                            + 0.0722 * Double(word & 0xFF)) / 255
                }
            }
        }
        var sum = 0.0
        for y in 0..<(rect.height - 1) {
            for x in 0..<(rect.width - 1) {
                let here = luma[y * rect.width + x]
                sum += abs(luma[y * rect.width + x + 1] - here) + abs(luma[(y + 1) * rect.width + x] - here)
            }
        }
        return sum / Double((rect.width - 1) * (rect.height - 1))
    }

    static func meanLuma(of background: RenderedBackground) -> Double {
        var sum = 0.0
        for y in stride(from: 0, to: background.size.height, by: 8) {
            for x in stride(from: 0, to: background.size.width, by: 8) {
                let pixel = background.pixel(x: x, y: y)
                sum += 0.2126 * Double(pixel.red) + 0.7152 * Double(pixel.green) + 0.0722 * Double(pixel.blue)
            }
        }
        return sum / Double((background.size.height / 8) * (background.size.width / 8)) / 255
    }
}
