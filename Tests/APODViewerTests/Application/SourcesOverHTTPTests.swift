import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// The whole path a user takes: the real sources, `HTTPClient` and `ImageLoader` against
/// loopback servers that answer like science.nasa.gov or the legacy v1 API, into the windows.
final class SourcesOverHTTPTests: GUITestCase, @unchecked Sendable {
    private var service: FakeHTTPServer?

    override func tearDown() {
        service?.stop()
        super.tearDown()
    }

    @MainActor
    private func startScience(_ handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws -> MainWindow {
        let server = try FakeHTTPServer(handler: handler)
        service = server
        let client = HTTPClient(timeout: 5, retryPolicy: .none)
        let source = ScienceSource(
            apiURL: server.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic"),
            client: client, calendar: calendar)
        try start(
            source: source, options: ViewerOptions(initialDay: APODDay("2020-12-17")),
            fetcher: ImageLoader(client: client, cache: nil))
        return try XCTUnwrap(app.mainWindow)
    }

    func testADayFromTheServerShowsItsPictureTitleAndDate() throws {
        let picture = pictures.url("/1600x1000.jpg").absoluteString
        try MainActor.assumeIsolated {
            let main = try startScience { request in
                guard request.path.hasSuffix("/apod-basic/201217") else {
                    return .json(#"{"code":"rest_no_route"}"#, status: 404)
                }
                return .json(
                    """
                    {"date": "2020-12-17", "title": "The Great Conjunction &amp; &lt;b&gt;Saturn&lt;/b&gt;",
                     "explanation": "<strong>Explanation: </strong>Jupiter and Saturn, a tenth of a degree apart.",
                     "media_type": "image", "hdurl": "\(picture)", "url": "https://science.nasa.gov/apod/201217",
                     "permalink": "https://science.nasa.gov/apod/201217",
                     "copyright": "<strong>Image Credit:</strong> <a href=\\"https://example.org\\">Ada Lovelace</a>"}
                    """)
            }
            waitUntil("the picture is shown") { main.pictureView.picture.shownPixelSize != nil }
            XCTAssertEqual(main.pictureView.shownImage?.originalWidth, 1600)
            XCTAssertEqual(main.pictureView.shownImage?.originalHeight, 1000)
            XCTAssertEqual(main.caption.titleLabel.text, "The Great Conjunction & <b>Saturn</b>")
            XCTAssertEqual(main.caption.dateLabel.text, "2020 Dec. 17")
            XCTAssertTrue(main.caption.creditLabel.text.contains("Ada Lovelace"), main.caption.creditLabel.text)
        }
    }

    func testAServerErrorIsShownAsItsMessage() throws {
        try MainActor.assumeIsolated {
            let main = try startScience { _ in .html("<html>no healthy upstream</html>", status: 503) }
            waitUntil("the error is shown") { main.failureMessage != nil }
            XCTAssertEqual(main.failureMessage, APODError.serviceError(status: 503).message)
        }
    }

    func testTheLegacyAPIFillsTheGridAndRefusedKeysAreExplained() throws {
        let pictureBase = pictures.url("/legacy").absoluteString
        try MainActor.assumeIsolated {
            let server = try FakeHTTPServer { request in
                guard request.query["api_key"] == "good-key" else {
                    return .json(
                        #"{"error": {"code": "API_KEY_INVALID", "message": "An invalid api_key was supplied."}}"#,
                        status: 403)
                }
                guard let count = request.query["count"].flatMap(Int.init) else {
                    return .json(#"{"code": 400, "msg": "Bad Request", "service_version": "v1"}"#, status: 400)
                }
                let items = (0..<count).map { index in
                    """
                    {"date": "2010-01-\(String(format: "%02d", index + 1))", "title": "Legacy & <\(index)> stars",
                     "explanation": "Old.", "media_type": "image", "service_version": "v1",
                     "url": "\(pictureBase)/\(700 + index)x400.jpg"}
                    """
                }
                return .json("[" + items.joined(separator: ",") + "]")
            }
            service = server
            let url = server.baseURL.appendingPathComponent("planetary/apod")
            let client = HTTPClient(timeout: 5, retryPolicy: .none)
            let source = LegacySource(apiURL: url, apiKey: "good-key", client: client, calendar: calendar)
            try start(
                source: source, options: ViewerOptions(initialDay: APODDay("2010-01-01"), randomCount: 6),
                fetcher: ImageLoader(client: client, cache: nil))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("six thumbnails arrived") { grid.cells.count == 6 && grid.cells.allSatisfy(\.hasThumbnail) }
            let titles = grid.cells.map(\.titleLabel.text)
            XCTAssertTrue(titles.contains("Legacy & <0> stars"), "\(titles)")

            let refused = LegacySource(
                apiURL: url, apiKey: "bad-key", client: HTTPClient(timeout: 5, retryPolicy: .none),
                calendar: calendar)
            app.closeAllWindows()
            waitUntil("the windows closed") { app.openWindowCount == 0 }
            try start(source: refused)
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the refusal is shown") { main.failureMessage != nil }
            XCTAssertEqual(main.failureMessage, APODError.keyRefused.message)
            XCTAssertFalse(main.failureMessage?.contains("bad-key") ?? true, "the key never appears in a message")
        }
    }
}
