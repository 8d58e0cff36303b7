import APODCore
import Foundation
import TestSupport

/// A loopback picture host whose paths say how each picture fails, for fault tests:
/// `/ok/N.jpg` is a good JPEG, `/fault/NAME/N.jpg` fails the way `Fault` NAME describes.
final class FaultyPictureServer: @unchecked Sendable {
    enum Fault: String, CaseIterable, Sendable {
        case html, cut
        case bombHeader = "bomb-header"
        case bomb, missing
        case serverError = "server-error"
        case drop, hang, trickle
    }

    /// The time-out the tests' client uses; `hang` and `trickle` outlast it.
    static let timeout = 2

    let server: FakeHTTPServer
    let goodJPEG: Data

    init() throws {
        let good = TestImages.jpeg(width: 640, height: 400)
        goodJPEG = good
        server = try FakeHTTPServer { request in
            let parts = request.path.split(separator: "/").map(String.init)
            guard parts.first == "fault", parts.count == 3, let fault = Fault(rawValue: parts[1]) else {
                return parts.first == "ok"
                    ? .data(good, contentType: "image/jpeg") : .html("<h1>Not Found</h1>", status: 404)
            }
            return Self.answer(for: fault, good: good)
        }
    }

    func url(ok index: Int) -> URL { server.baseURL.appendingPathComponent("ok/\(index).jpg") }

    func url(_ fault: Fault, _ index: Int) -> URL {
        server.baseURL.appendingPathComponent("fault/\(fault.rawValue)/\(index).jpg")
    }

    /// The image loader the viewer gets in production, over a fresh disk cache in `folder`.
    func loader(cacheIn folder: URL) -> ImageLoader {
        let client = HTTPClient(
            timeout: Self.timeout, retryPolicy: RetryPolicy(retries: 1, baseDelay: 0.01, maxDelay: 0.02))
        return ImageLoader(client: client, cache: ImageDiskCache(directory: folder))
    }

    /// What the user is told for each fault.
    static func reason(for fault: Fault) -> String {
        switch fault {
        case .html, .missing: return APODError.notAnImage.message
        case .cut: return APODError.damagedImage.message
        case .bombHeader, .bomb: return APODError.imageTooLarge(detail: "60000 × 60000 pixels, 3600 megapixels").message
        case .serverError: return APODError.pictureServerError(status: 500).message
        case .drop: return APODError.pictureUnreachable(interrupted: false).message
        // Two attempts of `timeout` seconds: the message states the time really spent.
        case .hang, .trickle: return APODError.timedOut(seconds: 2 * timeout).message
        }
    }

    private static func answer(for fault: Fault, good: Data) -> FakeResponse {
        switch fault {
        case .html: return .html("<!DOCTYPE html><html><body>This picture moved</body></html>", status: 200)
        case .cut: return .data(good.prefix(good.count / 2), contentType: "image/jpeg")
        case .bombHeader: return .data(ImageFaults.pngHeader(width: 60000, height: 60000), contentType: "image/png")
        case .bomb: return .data(ImageFaults.pngBomb(width: 60000, height: 60000), contentType: "image/png")
        case .missing: return .html("<h1>Not Found</h1>", status: 404)
        case .serverError: return .html("<h1>500 Internal Server Error</h1>", status: 500)
        case .drop: return FakeResponse(fault: .closeWithoutResponse)
        case .hang: return FakeResponse(fault: .hang)
        case .trickle:
            return FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: good,
                fault: .trickle(chunkSize: 64, interval: 0.2))
        }
    }

    deinit { server.stop() }
}
