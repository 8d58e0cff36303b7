import APODCore
import Foundation
import XCTest

/// The About window's release notes are read from the metainfo's `<release>` elements.
final class MetainfoTests: XCTestCase {
    func testReleasesAreReadWithTheirNotesNewestFirst() {
        let text = """
            <component><releases>
              <release version="0.2.0" date="2026-12-01">
                <description>
                  <p>Follows the dark style &amp; high
                  contrast.</p>
                  <ul>
                    <li>Toasts</li>
                  </ul>
                </description>
              </release>
              <release version="0.1.0" date="2026-11-29"/>
            </releases></component>
            """
        XCTAssertEqual(
            Metainfo.releases(in: text),
            [
                Metainfo.Release(
                    version: "0.2.0", date: "2026-12-01",
                    notes: "<p>Follows the dark style &amp; high contrast.</p><ul><li>Toasts</li></ul>"),
                Metainfo.Release(version: "0.1.0", date: "2026-11-29", notes: ""),
            ])
    }

    func testNothingReadableGivesNoNotes() {
        XCTAssertEqual(Metainfo.releases(in: "<component>"), [])
        XCTAssertEqual(Metainfo.notes(for: "9.9.9", in: nil), "")
    }
}

/// The metainfo meets Flathub's quality guidelines (appstreamcli checks the schema in
/// `make validate-data`; these are the rules it does not check).
final class MetainfoQualityTests: XCTestCase {
    private var text: String {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../data/" + Metainfo.fileName).standardized
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    private func elements(_ name: String, in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<\(name)(?: [^>]*)?>([^<]*)</\(name)>")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    func testSummaryAndDescription() throws {
        let text = try text
        let summary = try XCTUnwrap(elements("summary", in: text).first)
        XCTAssertLessThanOrEqual(summary.count, 35, summary)
        XCTAssertFalse(summary.hasSuffix("."))
        let start = try XCTUnwrap(text.range(of: "<description>"))
        let end = try XCTUnwrap(text.range(of: "</description>", range: start.upperBound..<text.endIndex))
        let description = text[start.upperBound..<end.lowerBound]
        XCTAssertGreaterThanOrEqual(description.components(separatedBy: "<p>").count - 1, 2, "description paragraphs")
    }

    func testEveryReleaseHasNotesAndTheNewestIsTheAppVersion() throws {
        let releases = Metainfo.releases(in: try text)
        XCTAssertEqual(releases.first?.version, AppVersion.current)
        XCTAssertGreaterThanOrEqual(releases.count, 2)
        for release in releases {
            XCTAssertFalse(release.notes.isEmpty, "release \(release.version) has notes")
            XCTAssertFalse(release.date.isEmpty, "release \(release.version) has a date")
        }
        XCTAssertEqual(Set(releases.map(\.version)).count, releases.count, "each version once")
    }

    func testScreenshotsBrandingURLsAndHardware() throws {
        let text = try text
        let captions = elements("caption", in: text)
        XCTAssertGreaterThanOrEqual(captions.count, 3)
        for caption in captions {
            XCTAssertFalse(caption.hasSuffix("."), "a caption without a full stop: \(caption)")
        }
        XCTAssertTrue(captions.contains { $0.contains("dark") }, "one screenshot shows the dark style")
        let sizes = try NSRegularExpression(pattern: #"<image type="source" width="(\d+)" height="(\d+)">"#)
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
            .map { match in
                (Int(text[Range(match.range(at: 1), in: text)!])!, Int(text[Range(match.range(at: 2), in: text)!])!)
            }
        XCTAssertEqual(sizes.count, captions.count, "every screenshot states its size")
        XCTAssertTrue(sizes.allSatisfy { $0.0 <= 1000 && $0.1 <= 700 }, "\(sizes)")
        for scheme in ["light", "dark"] {
            XCTAssertTrue(text.contains("<color type=\"primary\" scheme_preference=\"\(scheme)\">#"), scheme)
        }
        for type in ["homepage", "bugtracker", "vcs-browser"] {
            XCTAssertTrue(text.contains("<url type=\"\(type)\">https://"), type)
        }
        XCTAssertTrue(text.contains("<content_rating type=\"oars-1.1\""))
        XCTAssertTrue(text.contains("<requires>\n    <display_length compare=\"ge\">360</display_length>"))
        XCTAssertTrue(text.contains("<control>keyboard</control>") && text.contains("<control>pointing</control>"))
    }
}
