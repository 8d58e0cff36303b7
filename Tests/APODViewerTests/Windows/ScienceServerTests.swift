import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest
@testable import APODViewer

/// The whole path a user takes: the real `ScienceSource` and `HTTPClient` against a loopback
/// server that answers like science.nasa.gov, pictures over HTTP, into the main window.
final class ScienceServerTests: GUITestCase, @unchecked Sendable {
    private var science: FakeHTTPServer?

    override func tearDown() {
        science?.stop()
        super.tearDown()
    }

    @MainActor
    private func startScience(_ handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws -> MainWindow {
        let server = try FakeHTTPServer(handler: handler)
        science = server
        let source = ScienceSource(apiURL: server.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic"),
                                   client: HTTPClient(timeout: 5, retryPolicy: .none), calendar: calendar)
        try start(source: source, options: ViewerOptions(initialDay: APODDay("2020-12-17")))
        return try XCTUnwrap(app.mainWindow)
    }

    func testADayFromTheServerShowsItsPictureTitleAndDate() throws {
        let picture = pictures.url("/1600x1000.jpg").absoluteString
        try MainActor.assumeIsolated {
            let main = try startScience { request in
                guard request.path.hasSuffix("/apod-basic/201217") else { return .json(#"{"code":"rest_no_route"}"#, status: 404) }
                return .json("""
                    {"date": "2020-12-17", "title": "The Great Conjunction &amp; &lt;b&gt;Saturn&lt;/b&gt;",
                     "explanation": "<strong>Explanation: </strong>Jupiter and Saturn, a tenth of a degree apart.",
                     "media_type": "image", "hdurl": "\(picture)", "url": "https://science.nasa.gov/apod/201217",
                     "permalink": "https://science.nasa.gov/apod/201217",
                     "copyright": "<strong>Image Credit:</strong> <a href=\\"https://example.org\\">Ada Lovelace</a>"}
                    """)
            }
            waitUntil("the picture is shown") { main.pictureView.picture.shownPixelSize != nil }
            XCTAssertEqual(main.pictureView.picture.shownPixelSize?.width, 1600)
            XCTAssertEqual(main.pictureView.picture.shownPixelSize?.height, 1000)
            XCTAssertEqual(main.titleLabel.text, "The Great Conjunction & <b>Saturn</b>")
            XCTAssertEqual(main.dateLabel.text, "2020 Dec. 17")
            XCTAssertTrue(main.copyrightLabel.text.contains("Ada Lovelace"), main.copyrightLabel.text)
        }
    }

    func testAServerErrorIsShownAsItsMessage() throws {
        try MainActor.assumeIsolated {
            let main = try startScience { _ in .html("<html>no healthy upstream</html>", status: 503) }
            waitUntil("the error is shown") { main.banner.message != nil }
            XCTAssertEqual(main.banner.message, APODError.serviceError(status: 503).message)
        }
    }
}
