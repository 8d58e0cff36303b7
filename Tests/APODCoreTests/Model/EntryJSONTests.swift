import XCTest
@testable import APODCore

final class EntryJSONTests: CoreTestCase, @unchecked Sendable {
    func testEveryKeyIsPresentWithNullForAbsentValues() throws {
        let entry = APODEntry(date: APODDay("2020-12-17")!, title: "T", explanation: "E")
        let data = try EntryJSON.encoded(EntryJSON(entry))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(object.keys), Set(EntryJSON.keys))
        XCTAssertTrue(object["copyright"] is NSNull)
        XCTAssertTrue(object["video_url"] is NSNull)
        XCTAssertEqual(object["media_type"] as? String, "image")
    }

    func testRoundTripsAnEntry() throws {
        let entry = try LegacyEntryDecoder.entry(from: JSONFields.objects(in: Data(LegacyFixtures.youTubeVideo.utf8))[0])
        let data = try EntryJSON.encoded(EntryJSON(entry))
        let back = try JSONDecoder().decode(EntryJSON.self, from: data).entry
        XCTAssertEqual(back, entry)
    }
}
