import XCTest

@testable import APODCore

final class ImageValidationTests: CoreTestCase, @unchecked Sendable {
    func testRecognisesFormatsByTheirFirstBytes() {
        XCTAssertEqual(ImageValidation.format(of: ImageBytes.jpeg()), .jpeg)
        XCTAssertEqual(ImageValidation.format(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])), .png)
        XCTAssertEqual(ImageValidation.format(of: Data("GIF89a....".utf8)), .gif)
        XCTAssertEqual(ImageValidation.format(of: Data("GIF87a....".utf8)), .gif)
        XCTAssertEqual(ImageValidation.format(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)), .webp)
        XCTAssertNil(ImageValidation.format(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)))
        XCTAssertNil(ImageValidation.format(of: ImageBytes.html))
        XCTAssertNil(ImageValidation.format(of: Data()))
        XCTAssertThrowsError(try ImageValidation.requireImage(ImageBytes.html)) {
            XCTAssertEqual($0 as? APODError, .notAnImage)
        }
    }

    func testOnlyWebSchemes() {
        XCTAssertNoThrow(try ImageValidation.checkScheme(of: URL(string: "http://apod.nasa.gov/a.jpg")!))
        XCTAssertNoThrow(try ImageValidation.checkScheme(of: URL(string: "HTTPS://apod.nasa.gov/a.jpg")!))
        XCTAssertThrowsError(try ImageValidation.checkScheme(of: URL(fileURLWithPath: "/etc/passwd")))
        XCTAssertThrowsError(try ImageValidation.checkScheme(of: URL(string: "javascript:alert(1)")!))
    }
}

final class ImageSizingTests: CoreTestCase, @unchecked Sendable {
    func testScienceCDNGetsTheWidthAndLosesTheHeight() {
        let url = URL(
            string:
                "https://assets.science.nasa.gov/dynamicimage/assets/science/psd/apod/2026/11/x.jpg?w=4096&h=2731&fit=clip&crop=faces%2Cfocalpoint"
        )!
        XCTAssertEqual(
            ImageSizing.url(url, for: .thumbnail(width: 640)).absoluteString,
            "https://assets.science.nasa.gov/dynamicimage/assets/science/psd/apod/2026/11/x.jpg?w=640&fit=clip&crop=faces%2Cfocalpoint"
        )
        let bare = URL(string: "https://assets.science.nasa.gov/dynamicimage/a.jpg")!
        XCTAssertEqual(
            ImageSizing.url(bare, for: .thumbnail(width: 300)).absoluteString,
            "https://assets.science.nasa.gov/dynamicimage/a.jpg?w=300")
    }

    func testOtherHostsAndPurposesKeepTheURL() {
        let legacy = URL(string: "https://apod.nasa.gov/apod/image/1901/a.jpg?w=4096")!
        XCTAssertEqual(ImageSizing.url(legacy, for: .thumbnail(width: 300)), legacy)
        let cdn = URL(string: "https://assets.science.nasa.gov/dynamicimage/a.jpg?w=4096&h=2731")!
        XCTAssertEqual(ImageSizing.url(cdn, for: .display), cdn)
        XCTAssertEqual(ImageSizing.url(cdn, for: .hd), cdn)
        let lookalike = URL(string: "https://assets.science.nasa.gov.example.com/a.jpg?w=4096&h=1")!
        XCTAssertEqual(ImageSizing.url(lookalike, for: .thumbnail(width: 300)), lookalike)
    }
}
