import TestSupport
import XCTest

@testable import APODCore

/// Every entry of the real 2019 archive (../shared/apod-sample, outside the repository) must
/// decode and normalise cleanly. Skipped when the sample is not there, e.g. on a clean clone.
final class SampleCompatibilityTests: CoreTestCase, @unchecked Sendable {

    func testEvery2019EntryDecodesCleanly() throws {
        guard let folder = SampleFolder.locate(), let data = try? Data(contentsOf: SampleFolder.entriesFile(in: folder))
        else {
            throw XCTSkip("no real sample (shared/apod-sample) above the package")
        }
        let objects = try JSONFields.objects(in: data)
        XCTAssertEqual(objects.count, 365)
        let entries = try objects.map { try LegacyEntryDecoder.entry(from: $0) }
        XCTAssertEqual(Set(entries.map(\.date)).count, 365)
        XCTAssertEqual(entries.first?.date.description, "2019-01-01")
        XCTAssertEqual(entries.last?.date.description, "2019-12-31")

        let entity = try NSRegularExpression(pattern: "&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
        let tag = try NSRegularExpression(pattern: "</?[a-zA-Z][^>]*>")
        func clean(_ text: String, _ what: String, _ day: APODDay) {
            let range = NSRange(text.startIndex..., in: text)
            XCTAssertNil(entity.firstMatch(in: text, range: range), "\(day) \(what) has an entity: \(text)")
            XCTAssertNil(tag.firstMatch(in: text, range: range), "\(day) \(what) has a tag: \(text)")
            XCTAssertEqual(text, text.trimmingCharacters(in: .whitespacesAndNewlines), "\(day) \(what) untrimmed")
            XCTAssertFalse(
                text.contains("  ") || text.contains("\n") || text.contains("\r"), "\(day) \(what) whitespace")
        }
        var videos = 0
        for entry in entries {
            clean(entry.title, "title", entry.date)
            clean(entry.explanation, "explanation", entry.date)
            XCTAssertFalse(entry.title.isEmpty)
            XCTAssertFalse(entry.title.contains("Credit:"), "\(entry.date) title")
            XCTAssertFalse(entry.explanation.hasPrefix("Explanation"), "\(entry.date) explanation label")
            XCTAssertNil(entry.explanation.range(of: "Tomorrow's picture:"), "\(entry.date) tomorrow tail")
            if let copyright = entry.copyright {
                clean(copyright, "copyright", entry.date)
                XCTAssertFalse(copyright.isEmpty)
                XCTAssertNil(
                    copyright.range(of: "Credit", options: .caseInsensitive), "\(entry.date) label: \(copyright)")
                XCTAssertNil(copyright.range(of: "Explanation"), "\(entry.date) garbage")
            }
            for url in [entry.imageURL, entry.hdImageURL, entry.thumbnailURL, entry.videoURL, entry.pageURL].compactMap(
                { $0 })
            {
                XCTAssertTrue(["http", "https"].contains(url.scheme ?? ""), "\(entry.date) \(url)")
                XCTAssertFalse(url.host?.isEmpty ?? true, "\(entry.date) \(url)")
            }
            switch entry.mediaType {
            case .image:
                XCTAssertNotNil(entry.imageURL, "\(entry.date) image without a picture")
            case .video:
                videos += 1
                XCTAssertNotNil(entry.videoURL, "\(entry.date) video without a player")
            default:
                break
            }
        }
        XCTAssertEqual(videos, objects.filter { ($0["media_type"] as? String) == "video" }.count)
        XCTAssertGreaterThan(videos, 30)
    }
}
