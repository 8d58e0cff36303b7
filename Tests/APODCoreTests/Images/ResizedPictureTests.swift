import TestSupport
import XCTest

@testable import APODCore

/// The science CDN resizes on the fly, but not GIFs (a `w=` request for one is a 404): GIFs are
/// never asked resized, and any resized picture answering 404 is fetched once as the original.
final class ResizedPictureTests: CoreTestCase {
    private func loader() -> ImageLoader {
        ImageLoader(client: HTTPClient(timeout: 5, retryPolicy: .none), cache: nil, resizingHosts: ["127.0.0.1"])
    }

    /// Answers `body` for URLs without `w=`, 404 for resized ones (the CDN with GIFs).
    private func cdnRefusingResizes(_ body: Data, contentType: String) throws -> FakeHTTPServer {
        try FakeHTTPServer { request in
            request.query["w"] == "320"
                ? .json(#"{"message":"not found"}"#, status: 404) : .data(body, contentType: contentType)
        }
    }

    func testAGIFThumbnailIsNeverAskedResized() async throws {
        let gif = StructuredImages.gif(width: 3, height: 2, imageBytes: 50)
        let server = try cdnRefusingResizes(gif, contentType: "image/gif")
        defer { server.stop() }
        let url = URL(string: server.baseURL.absoluteString + "/dynamicimage/apod/1996/anim.gif?w=800&h=600&fit=clip")!
        XCTAssertEqual(ImageSizing.url(url, for: .thumbnail(width: 320), resizingHosts: ["127.0.0.1"]), url)
        let data = try await loader().imageData(from: url, for: .thumbnail(width: 320))
        XCTAssertEqual(data, gif)
        XCTAssertEqual(server.requests.map { $0.query["w"] }, ["800"], "one request, for the URL as given")
    }

    func testAResizedPictureAnswering404IsFetchedOnceAsTheOriginal() async throws {
        let jpeg = ImageBytes.jpeg()
        let server = try cdnRefusingResizes(jpeg, contentType: "image/jpeg")
        defer { server.stop() }
        let url = URL(string: server.baseURL.absoluteString + "/dynamicimage/apod/2024/a.jpg?w=4096&h=2731&fit=clip")!
        let data = try await loader().imageData(from: url, for: .thumbnail(width: 320))
        XCTAssertEqual(data, jpeg)
        XCTAssertEqual(server.requests.map { $0.query["w"] }, ["320", "4096"])
    }

    func testAnOriginalAnswering404TooIsNotAnImageAfterTwoRequests() async throws {
        let server = try FakeHTTPServer { _ in .json(#"{"message":"not found"}"#, status: 404) }
        defer { server.stop() }
        let url = URL(string: server.baseURL.absoluteString + "/dynamicimage/apod/2024/gone.jpg?w=4096")!
        do {
            _ = try await loader().imageData(from: url, for: .thumbnail(width: 320))
            XCTFail("expected notAnImage")
        } catch let error as APODError {
            XCTAssertEqual(error, .notAnImage)
        }
        XCTAssertEqual(server.requests.count, 2)
        do {
            _ = try await loader().imageData(from: url, for: .display)
            XCTFail("expected notAnImage")
        } catch let error as APODError {
            XCTAssertEqual(error, .notAnImage)
        }
        XCTAssertEqual(server.requests.count, 3, "a picture asked as it is gets no second try")
    }
}
