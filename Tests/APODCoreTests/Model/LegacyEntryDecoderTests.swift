import XCTest

@testable import APODCore

final class LegacyEntryDecoderTests: CoreTestCase, @unchecked Sendable {
    private func decode(_ json: String, base: URL? = nil) throws -> APODEntry {
        try LegacyEntryDecoder.entry(from: JSONFields.objects(in: Data(json.utf8))[0], relativeTo: base)
    }

    func testImageEntry() throws {
        let entry = try decode(LegacyFixtures.image)
        XCTAssertEqual(entry.title, "Comet & Stars")
        XCTAssertEqual(entry.explanation, "A bright comet in the night sky.")
        XCTAssertEqual(entry.copyright, "Jose Pedrero")
        XCTAssertEqual(entry.imageURL?.absoluteString, "http://apod.nasa.gov/apod/image/1901/comet_pedrero1024.jpg")
        XCTAssertEqual(entry.hdImageURL?.absoluteString, "https://apod.nasa.gov/apod/image/1901/comet_pedrero.jpg")
        XCTAssertEqual(entry.pageURL?.absoluteString, "https://apod.nasa.gov/apod/ap190105.html")
        XCTAssertNil(entry.videoURL)
    }

    func testProtocolRelativeYouTubeVideoGetsDerivedThumbnail() throws {
        let entry = try decode(LegacyFixtures.youTubeVideo)
        XCTAssertEqual(entry.mediaType, .video)
        XCTAssertEqual(entry.videoURL?.absoluteString, "https://www.youtube.com/embed/Zx9-8yh_7Gk?rel=0")
        XCTAssertEqual(entry.thumbnailURL?.absoluteString, "https://img.youtube.com/vi/Zx9-8yh_7Gk/hqdefault.jpg")
        XCTAssertNil(entry.imageURL)
    }

    func testServiceThumbnailIsKept() throws {
        let entry = try decode(LegacyFixtures.vimeoVideo)
        XCTAssertEqual(entry.thumbnailURL?.absoluteString, "https://i.vimeocdn.com/video/123_640.jpg")
        XCTAssertEqual(entry.videoURL?.host, "player.vimeo.com")
    }

    func testOtherEntryWithoutURL() throws {
        let entry = try decode(LegacyFixtures.other)
        XCTAssertEqual(entry.mediaType, .other)
        XCTAssertNil(entry.imageURL)
        XCTAssertNil(entry.hdImageURL)
        XCTAssertNil(entry.videoURL)
    }

    func testCreditTailInTitleAndEmptyExplanationAndNullHD() throws {
        let entry = try decode(LegacyFixtures.creditInTitle)
        XCTAssertEqual(entry.title, "Milky Way Panorama")
        XCTAssertEqual(entry.explanation, "")
        XCTAssertEqual(entry.imageURL?.absoluteString, "https://apod.nasa.gov/apod/image/mw.gif")
        XCTAssertEqual(entry.hdImageURL, entry.imageURL)
    }

    func testCopyrightGarbageAndNonWebURLsAreDropped() throws {
        let entry = try decode(LegacyFixtures.garbageCopyright)
        XCTAssertEqual(entry.copyright, "Tom Smith")
        XCTAssertEqual(
            entry.imageURL?.absoluteString, "https://apod.nasa.gov/apod/image/stars_big.jpg",
            "the ftp url is dropped and the HD picture stands in")
    }

    func testWrongTypesNeverFailDecoding() throws {
        let entry = try decode(LegacyFixtures.wrongTypes)
        XCTAssertEqual(entry.title, "42")
        XCTAssertEqual(entry.explanation, "")
        XCTAssertEqual(entry.copyright, "17.5")
        XCTAssertEqual(entry.mediaType, .unknown("hologram"))
        XCTAssertNil(entry.imageURL)
        XCTAssertNil(entry.hdImageURL)
    }

    func testMissingTitleIsUnusable() {
        XCTAssertThrowsError(try decode(LegacyFixtures.missingTitle)) {
            XCTAssertEqual($0 as? APODError, .unusableEntry(date: "2010-10-10"))
        }
    }

    func testRelativePathsResolveInsideTheSampleOnly() throws {
        let base = URL(fileURLWithPath: "/opt/sample", isDirectory: true)
        let json =
            #"{"date":"2026-10-01","title":"T","media_type":"image","url":"images/a.jpg","hdurl":"../secret.jpg"}"#
        let entry = try decode(json, base: base)
        XCTAssertEqual(entry.imageURL?.path, "/opt/sample/images/a.jpg")
        XCTAssertEqual(entry.hdImageURL, entry.imageURL, "a path leaving the sample folder is dropped")
        XCTAssertNil(entry.pageURL, "made-up sample entries have no archive page")
        XCTAssertNil(try decode(json).imageURL, "relative paths from a service are dropped")
    }
}
