import APODCore
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
        XCTAssertEqual(Metainfo.releases(in: text), [
            Metainfo.Release(version: "0.2.0", date: "2026-12-01",
                             notes: "<p>Follows the dark style &amp; high contrast.</p><ul><li>Toasts</li></ul>"),
            Metainfo.Release(version: "0.1.0", date: "2026-11-29", notes: ""),
        ])
    }

    func testNothingReadableGivesNoNotes() {
        XCTAssertEqual(Metainfo.releases(in: "<component>"), [])
        XCTAssertEqual(Metainfo.notes(for: "9.9.9", in: nil), "")
    }
}
