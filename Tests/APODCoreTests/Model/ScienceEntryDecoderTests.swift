import XCTest

@testable import APODCore

final class ScienceEntryDecoderTests: CoreTestCase, @unchecked Sendable {
    private func decode(_ json: String) throws -> APODEntry {
        try ScienceEntryDecoder.entry(from: JSONFields.objects(in: Data(json.utf8))[0])
    }

    func testImageEntryIsNormalised() throws {
        let entry = try decode(ScienceFixtures.image)
        XCTAssertEqual(entry.date.description, "2024-01-01")
        XCTAssertEqual(entry.title, "Aurora & the \u{2019}Moon\u{2019}")
        XCTAssertEqual(
            entry.explanation,
            "What\u{2019}s that glow? Aurora over the hills. Mass < 3 suns. New paragraph.")
        XCTAssertEqual(entry.copyright, "Jane Doe")
        XCTAssertEqual(entry.mediaType, .image)
        XCTAssertEqual(entry.altText, "Green aurora & a crescent Moon over snowy hills")
        XCTAssertEqual(entry.pageURL?.absoluteString, "https://science.nasa.gov/apod/2024/01/01/aurora-and-moon/")
        XCTAssertEqual(entry.hdImageURL?.host, "assets.science.nasa.gov")
        XCTAssertEqual(entry.imageURL, entry.hdImageURL, "the picture is hdurl; url is the article page")
        XCTAssertNil(entry.videoURL)
        let thumbnail = try XCTUnwrap(entry.thumbnailURL)
        let query = URLComponents(url: thumbnail, resolvingAgainstBaseURL: false)?.queryItems ?? []
        XCTAssertEqual(query.first { $0.name == "w" }?.value, "480")
        XCTAssertNil(query.first { $0.name == "h" })
        XCTAssertEqual(query.first { $0.name == "crop" }?.value, "faces,focalpoint")
    }

    /// The explanation's anchors are kept beside the plain text and land on its words.
    func testExplanationLinksAreKept() throws {
        let entry = try decode(ScienceFixtures.image)
        XCTAssertEqual(
            entry.explanationLinks.first, TextLink(text: "glow", url: URL(string: "https://example.org/glow")!))
        let runs = LinkedText.runs(entry.explanation, links: entry.explanationLinks)
        XCTAssertEqual(
            runs.prefix(3),
            [
                .text("What\u{2019}s that "), .link("glow", URL(string: "https://example.org/glow")!),
                .text("? Aurora over the hills. Mass < 3 suns. New paragraph."),
            ])
        XCTAssertEqual(runs.count, 3, "the teaser's link, cut from the text, is not shown")
    }

    /// The service's `iframe` media type is an embedded player: a video.
    func testIframeIsAVideo() throws {
        let entry = try decode(ScienceFixtures.entry("2025-05-05", mediaType: "iframe"))
        XCTAssertEqual(entry.mediaType, .video)
        XCTAssertNil(entry.imageURL)
        XCTAssertEqual(EntryJSON(entry).entry?.mediaType, .video)
    }

    /// The CDN answers 404 when asked to resize a GIF: a GIF day gets no resized thumbnail.
    func testAGIFGetsNoResizedThumbnail() throws {
        let gif = ScienceFixtures.entry("1996-02-02").replacingOccurrences(of: "1996-02-02.jpg", with: "1996-02-02.GIF")
        let entry = try decode(gif)
        XCTAssertEqual(entry.imageURL?.pathExtension, "GIF")
        XCTAssertNil(entry.thumbnailURL)
    }

    func testVideoPosterBecomesThumbnailNotPicture() throws {
        let entry = try decode(ScienceFixtures.videoWithPoster)
        XCTAssertEqual(entry.mediaType, .video)
        XCTAssertNil(entry.imageURL)
        XCTAssertEqual(entry.thumbnailURL?.path, "/dynamicimage/assets/science/apod/2023/07/poster.jpg")
        XCTAssertNil(entry.videoURL, "the player comes from basic_html, fetched separately")
        XCTAssertEqual(entry.copyright, "NASA, ISS")
    }

    func testPlayerIsReadFromBasicHTML() throws {
        let youtube = try JSONFields.objects(in: Data(ScienceFixtures.videoPage.utf8))[0]["basic_html"] as! String
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(inPage: youtube)?.absoluteString,
            "https://www.youtube.com/embed/AbCdEfGhIjK?rel=0&autoplay=0")
        let mp4 = try JSONFields.objects(in: Data(ScienceFixtures.mp4Page.utf8))[0]["basic_html"] as! String
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(inPage: mp4)?.absoluteString,
            "https://apod.nasa.gov/apod/image/2202/prominence.mp4")
        XCTAssertNil(ScienceEntryDecoder.videoURL(inPage: "<p>no player</p>"))
    }

    /// APOD's classic pages write their files relative (`image/2607/…`): read against the
    /// page's own address when the service gives it (`basic_html_url`), else APOD's folder.
    func testARelativeVideoSourceIsReadAgainstThePage() {
        let page =
            #"<center><video controls><source src="image/2607/EclipseVideo.mp4" type="video/mp4"></video></center>"#
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(inPage: page)?.absoluteString,
            "https://apod.nasa.gov/apod/image/2607/EclipseVideo.mp4")
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(inPage: page, base: URL(string: "http://127.0.0.1:8080/apod/ap260708.html"))?
                .absoluteString,
            "http://127.0.0.1:8080/apod/image/2607/EclipseVideo.mp4")
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(inPage: #"<video src="/apod/image/2607/a b.mp4"></video>"#)?.absoluteString,
            "https://apod.nasa.gov/apod/image/2607/a%20b.mp4")
        XCTAssertNil(ScienceEntryDecoder.videoURL(inPage: #"<video src="javascript:alert(1)"></video>"#))
        XCTAssertNil(ScienceEntryDecoder.videoURL(inPage: #"<video src="file:///etc/passwd"></video>"#))
    }

    func testPlayersAreFoundByTheirTagsInOrderOfPreference() {
        let page = """
            <source src="https://v.example/b.mp4"><video poster="p.jpg" src="https://v.example/a.mp4"></video>
            <iframe title="a > b" data-src="https://wrong.example/" src='https://player.example/embed/1'></iframe>
            """
        XCTAssertEqual(ScienceEntryDecoder.videoURL(inPage: page)?.absoluteString, "https://player.example/embed/1")
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(
                inPage: "<IFRAME SRC=\"javascript:x\"></IFRAME><video src=\"https://v.example/a.mp4\">")?
                .absoluteString, "https://v.example/a.mp4", "only a web address is a player")
        XCTAssertNil(ScienceEntryDecoder.videoURL(inPage: "<iframes src=\"https://x.example/\"></iframe>"))
    }

    /// `<iframe ` repeated without its `>`: a regular expression took 47.5 s for 125 KB (and
    /// about 13 hours at the 4 MB cap); a linear scan takes milliseconds. The bound is loose, a
    /// hang guard rather than a speed measure (the old code needed minutes here).
    func testUnclosedIframesAreScannedInLinearTime() {
        let hostile = String(repeating: "<iframe ", count: 50_000) + "<iframe src=\"https://player.example/embed/2\">"
        let started = ContinuousClock.now
        XCTAssertEqual(
            ScienceEntryDecoder.videoURL(inPage: hostile)?.absoluteString, "https://player.example/embed/2")
        XCTAssertNil(ScienceEntryDecoder.videoURL(inPage: String(repeating: "<iframe src='x' ", count: 50_000)))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    }

    func testPlaceholderThumbnailMeansNoPicture() throws {
        let entry = try decode(ScienceFixtures.placeholder)
        XCTAssertNil(entry.imageURL)
        XCTAssertNil(entry.hdImageURL)
        XCTAssertNil(entry.thumbnailURL)
    }

    func testBlankFieldsUnknownMediaTypeAndMessyCopyright() throws {
        let entry = try decode(ScienceFixtures.oddities)
        XCTAssertEqual(entry.title, "Strange Object")
        XCTAssertEqual(entry.explanation, "")
        XCTAssertEqual(entry.mediaType, .unknown("interactive"))
        XCTAssertEqual(entry.mediaType.rawValue, "interactive")
        XCTAssertNil(entry.imageURL)
        XCTAssertEqual(entry.copyright, "Ann Lee", "copyright wins over credit; label and garbage dropped")
        XCTAssertNil(entry.altText)
    }

    func testMissingTitleOrDateIsUnusableAndNamesTheDate() {
        XCTAssertThrowsError(try decode(ScienceFixtures.missingTitle)) {
            XCTAssertEqual($0 as? APODError, .unusableEntry(date: "2020-06-11"))
            XCTAssertTrue(($0 as! APODError).message.contains("2020-06-11"))
        }
        XCTAssertThrowsError(try decode(ScienceFixtures.missingDate)) {
            XCTAssertEqual($0 as? APODError, .unusableEntry(date: nil))
        }
    }

    func testListShapeDecodesEveryItem() throws {
        let objects = try JSONFields.objects(in: Data(ScienceFixtures.list.utf8))
        XCTAssertEqual(
            try objects.map { try ScienceEntryDecoder.entry(from: $0).date.description },
            ["2024-01-01", "2023-07-04"])
    }

    func testNonJSONIsMalformed() {
        XCTAssertThrowsError(try JSONFields.objects(in: Data("<html>oops</html>".utf8))) {
            guard case .malformedResponse? = $0 as? APODError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try JSONFields.objects(in: Data("42".utf8)))
    }
}
