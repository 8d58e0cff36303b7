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
        let entry = try LegacyEntryDecoder.entry(
            from: JSONFields.objects(in: Data(LegacyFixtures.youTubeVideo.utf8))[0])
        let data = try EntryJSON.encoded(EntryJSON(entry))
        let back = try JSONDecoder().decode(EntryJSON.self, from: data).entry
        XCTAssertEqual(back, entry)
    }

    /// A GIF day cached with a resized thumbnail (which the CDN answers with 404) reads back
    /// without it, so the grid shows the picture itself.
    func testACachedResizedGIFThumbnailIsDropped() throws {
        let gif = URL(
            string: "https://assets.science.nasa.gov/dynamicimage/assets/science/apod/1996/anim.gif?w=640&h=480")!
        var entry = APODEntry(
            date: APODDay("1996-02-02")!, title: "Animated", imageURL: gif, hdImageURL: gif,
            thumbnailURL: ImageSizing.settingWidth(of: gif, to: 480))
        XCTAssertNil(
            try JSONDecoder().decode(EntryJSON.self, from: EntryJSON.encoded(EntryJSON(entry))).entry?.thumbnailURL)

        entry.mediaType = .video
        (entry.imageURL, entry.hdImageURL, entry.thumbnailURL) = (nil, nil, ImageSizing.settingWidth(of: gif, to: 480))
        XCTAssertEqual(
            try JSONDecoder().decode(EntryJSON.self, from: EntryJSON.encoded(EntryJSON(entry))).entry?.thumbnailURL,
            ImageSizing.settingWidth(of: gif, to: 480), "a video's poster is kept as the service gave it")
    }
}
