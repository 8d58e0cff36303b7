import XCTest

@testable import APODCore

final class WebURLTests: CoreTestCase, @unchecked Sendable {
    func testNormalisesAndFilters() {
        XCTAssertEqual(WebURL.normalize("//www.youtube.com/embed/x")?.absoluteString, "https://www.youtube.com/embed/x")
        XCTAssertEqual(WebURL.normalize(" http://apod.nasa.gov/a.jpg \n")?.absoluteString, "http://apod.nasa.gov/a.jpg")
        XCTAssertEqual(
            WebURL.normalize("https://apod.nasa.gov/a b.jpg")?.absoluteString, "https://apod.nasa.gov/a%20b.jpg")
        XCTAssertNil(WebURL.normalize("ftp://example.com/a.jpg"))
        XCTAssertNil(WebURL.normalize("javascript:alert(1)"))
        XCTAssertNil(WebURL.normalize("images/a.jpg"))
        XCTAssertNil(WebURL.normalize(""))
        XCTAssertNil(WebURL.normalize(nil))
    }

    func testYouTubeThumbnails() {
        let forms = [
            "https://www.youtube.com/embed/Zx9-8yh_7Gk?rel=0",
            "https://www.youtube-nocookie.com/embed/Zx9-8yh_7Gk",
            "https://www.youtube.com/watch?v=Zx9-8yh_7Gk&t=3",
            "https://youtu.be/Zx9-8yh_7Gk",
        ]
        for form in forms {
            XCTAssertEqual(
                WebURL.youTubeThumbnail(for: URL(string: form)!)?.absoluteString,
                "https://img.youtube.com/vi/Zx9-8yh_7Gk/hqdefault.jpg", form)
        }
        XCTAssertNil(WebURL.youTubeThumbnail(for: URL(string: "https://player.vimeo.com/video/1")!))
        XCTAssertNil(WebURL.youTubeThumbnail(for: URL(string: "https://www.youtube.com/embed/")!))
    }

    func testScienceCDNResizing() {
        let url = URL(string: "https://assets.science.nasa.gov/dynamicimage/a/b.jpg?w=4096&h=2000&fit=clip")!
        XCTAssertEqual(
            ScienceCDN.resized(url, width: 300)?.absoluteString,
            "https://assets.science.nasa.gov/dynamicimage/a/b.jpg?w=300&fit=clip")
        XCTAssertNil(ScienceCDN.resized(URL(string: "https://apod.nasa.gov/a.jpg")!, width: 300))
    }
}
