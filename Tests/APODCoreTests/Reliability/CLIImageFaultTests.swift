import TestSupport
import XCTest

@testable import APODCore

/// Picture faults through the real `apod download`, with a marker API key: each ends in exit 1
/// with one clear `apod:` line, no file saved, nothing in the image cache, and no key anywhere;
/// once the picture heals, the same command saves it and caches exactly one file.
final class CLIImageFaultTests: CoreTestCase, @unchecked Sendable {
    private static let key = "MARKERKEY5T8Y1U6I"
    private var home: URL!
    private var server: FakeHTTPServer!
    private let pictureFault = FaultSwitch()

    /// A small JPEG as far as any byte check can tell: SOI, an APP0 segment, data, EOI.
    private static var jpeg: Data {
        Data(
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
                + [UInt8](repeating: 0x5A, count: 4000) + [0xFF, 0xD9])
    }

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-image-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let fault = pictureFault
        let port = PortHolder()
        server = try FakeHTTPServer { request in
            let base = "http://127.0.0.1:\(port.value)"
            switch request.path {
            case FakeLegacyService.route:
                guard request.query["api_key"] == Self.key else {
                    return .json(LegacyFixtures.gatewayKeyInvalid, status: 403)
                }
                return .json(
                    #"{"date":"2019-01-05","title":"Comet","media_type":"image","url":"\#(base)/pictures/comet.jpg","hdurl":"\#(base)/pictures/comet_hd.jpg"}"#
                )
            case "/pictures/comet.jpg", "/pictures/comet_hd.jpg":
                return fault.current?(request) ?? .data(Self.jpeg, contentType: "image/jpeg")
            default:
                return .html("<h1>Not Found</h1>", status: 404)
            }
        }
        port.value = server.port
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(at: home)
    }

    private func apod(_ arguments: [String]) throws -> APODProcess.Result {
        let env = APODProcess.environment(
            home: home,
            [
                "APOD_SOURCE": "legacy", "NASA_API_KEY": Self.key, "APOD_TIMEOUT": "2",
                "APOD_API_URL": server.baseURL.appendingPathComponent(String(FakeLegacyService.route.dropFirst()))
                    .absoluteString,
            ])
        return try APODProcess.run(arguments, environment: env, in: home, timeout: 60)
    }

    private var imageCache: URL { home.appendingPathComponent("cache/apod-viewer/images") }

    /// Files in the image cache (temporary files of an interrupted write excluded).
    private var cachedPictures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: imageCache.path)) ?? []).filter {
            !$0.hasPrefix(".") && !$0.hasSuffix(".tmp")
        }
    }

    private var savedPictures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []).filter { $0.hasPrefix("apod-") }
    }

    private func assertPictureFault(
        _ name: String, hd: Bool = false, expecting fragment: String,
        _ fault: @escaping @Sendable (FakeRequest) -> FakeResponse?,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        pictureFault.current = fault
        let arguments = ["download", "2019-01-05"] + (hd ? ["--hd"] : [])
        let started = Date()
        let failed = try apod(arguments)
        print("picture fault \(name): \(failed.stderr)")
        XCTAssertEqual(failed.status, 1, "\(name): \(failed.stdout) \(failed.stderr)", file: file, line: line)
        XCTAssertEqual(failed.stderrLines.count, 1, "\(name): \(failed.stderr)", file: file, line: line)
        XCTAssertTrue(failed.stderr.hasPrefix("apod: "), "\(name): \(failed.stderr)", file: file, line: line)
        XCTAssertTrue(failed.stderr.contains(fragment), "\(name): \(failed.stderr)", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "\(name) took too long", file: file, line: line)
        XCTAssertEqual(savedPictures, [], "\(name): a broken picture was saved", file: file, line: line)
        XCTAssertEqual(cachedPictures, [], "\(name): a broken picture was cached", file: file, line: line)
        assertKeyNowhere(Self.key, in: failed, under: home, name, file: file, line: line)

        pictureFault.current = nil
        let healed = try apod(arguments)
        XCTAssertEqual(healed.status, 0, "\(name): \(healed.stderr)", file: file, line: line)
        XCTAssertEqual(
            try? Data(contentsOf: home.appendingPathComponent("apod-2019-01-05.jpg")), Self.jpeg,
            "\(name)", file: file, line: line)
        XCTAssertEqual(cachedPictures.count, 1, "\(name): the good picture is cached once", file: file, line: line)
        assertKeyNowhere(Self.key, in: healed, under: home, name, file: file, line: line)
        try? FileManager.default.removeItem(at: home.appendingPathComponent("apod-2019-01-05.jpg"))
        try? FileManager.default.removeItem(at: home.appendingPathComponent("cache"))
    }

    func testHTMLAnsweredWithStatus200() throws {
        try assertPictureFault("HTML as text/html", expecting: APODError.notAnImage.message) { _ in
            .html("<html><body>Moved to science.nasa.gov</body></html>", status: 200)
        }
        try assertPictureFault("HTML labelled image/jpeg", expecting: APODError.notAnImage.message) { _ in
            .data(Data("<!DOCTYPE html><html>502 Bad Gateway</html>".utf8), contentType: "image/jpeg")
        }
    }

    func testTruncatedJPEG() throws {
        try assertPictureFault("JPEG file cut in half", expecting: "incomplete") { _ in
            .data(Self.jpeg.prefix(2000), contentType: "image/jpeg")
        }
        try assertPictureFault("transfer cut short", expecting: APODError.pictureUnreachable(interrupted: true).message)
        { _ in
            FakeResponse(headers: ["Content-Type": "image/jpeg"], body: Self.jpeg, fault: .truncateBody(after: 1000))
        }
    }

    /// Refused by its header before anything is saved or cached, whether the file is complete
    /// (IEND) or not: the CLI never decodes, so this check is the only one it has.
    func testDecompressionBombHeader() throws {
        let refusal = APODError.pictureTooLarge(width: 60000, height: 60000).message
        XCTAssertTrue(refusal.contains("60000 × 60000 pixels, 3600 megapixels"))
        try assertPictureFault("60000×60000 PNG header", expecting: refusal) { _ in
            .data(ImageFaults.pngHeader(width: 60000, height: 60000), contentType: "image/png")
        }
        try assertPictureFault("complete 60000×60000 PNG", expecting: refusal) { _ in
            .data(ImageFaults.pngBomb(width: 60000, height: 60000), contentType: "image/png")
        }
        try assertPictureFault("65535×65535 JPEG", expecting: "65535 × 65535 pixels") { _ in
            .data(StructuredImages.jpeg(width: 65535, height: 65535), contentType: "image/jpeg")
        }
    }

    /// A picture host's own trouble is named as such, not as the APOD service's or the key's.
    func testPictureServerErrorAndRateLimit() throws {
        try assertPictureFault("picture host answers 503", expecting: APODError.pictureServerError(status: 503).message)
        { _ in
            .html("<h1>503 Service Unavailable</h1>", status: 503)
        }
        try assertPictureFault("picture host answers 429", expecting: APODError.pictureRateLimited.message) { _ in
            .html("<h1>429 Too Many Requests</h1>", status: 429)
        }
    }

    /// Issue 14, item 2: a chunked picture that never ends stops at the size cap and is not
    /// fetched again; one that trickles for ever stops at the time-out.
    func testEndlessPictureBodies() throws {
        let start = Self.jpeg.prefix(2000)
        try assertPictureFault("endless chunked JPEG", expecting: "too large") { _ in
            FakeResponse(
                headers: ["Content-Type": "image/jpeg"], body: start + Data(count: 62_000), fault: .endless(interval: 0)
            )
        }
        XCTAssertEqual(
            server.requests.filter { $0.path == "/pictures/comet.jpg" }.count, 2,
            "the capped body was not fetched again (one refusal, one healed download)")
        try assertPictureFault("endless trickled JPEG", expecting: "did not answer") { _ in
            FakeResponse(headers: ["Content-Type": "image/jpeg"], body: start, fault: .endless(interval: 0.05))
        }
    }

    func testTruncatedGIF() throws {
        let gif = StructuredImages.gif(width: 300, height: 200, imageBytes: 3000)
        try assertPictureFault("GIF cut short", expecting: APODError.damagedImage.message) { _ in
            .data(gif.prefix(gif.count / 2), contentType: "image/gif")
        }
    }

    /// Issue 23, hostile input 7: 30 bytes claiming a 9000 × 9000 animation are no picture.
    func testAWebPHeaderWithoutItsPicture() throws {
        try assertPictureFault("30-byte WebP header", expecting: APODError.damagedImage.message) { _ in
            .data(ImageFaults.webpHeaderWithoutPicture, contentType: "image/webp")
        }
    }

    func testHDLinkThatIsAWebPage() throws {
        try assertPictureFault("hdurl is a web page", hd: true, expecting: APODError.notAnImage.message) { request in
            request.path.hasSuffix("_hd.jpg") ? .html("<html><body>APOD: Comet</body></html>", status: 200) : nil
        }
        pictureFault.current = { request in
            request.path.hasSuffix("_hd.jpg") ? .html("<html><body>APOD: Comet</body></html>", status: 200) : nil
        }
        let normal = try apod(["download", "2019-01-05"])
        XCTAssertEqual(normal.status, 0, "the normal picture is still fine: \(normal.stderr)")
    }
}

/// Lets a handler learn its own server's port after the server started.
final class PortHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var port: UInt16 = 0
    var value: UInt16 {
        get { lock.withLock { port } }
        set { lock.withLock { port = newValue } }
    }
}
