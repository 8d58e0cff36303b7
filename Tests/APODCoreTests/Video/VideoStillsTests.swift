import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// A video day without a poster gets its still from its player's address: YouTube's without a
/// request, Vimeo's from its oEmbed answer (a fake oEmbed route on 127.0.0.1), asked once.
final class VideoStillsTests: CoreTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stills-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func stills(
        _ server: FakeHTTPServer, remembering: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) -> VideoStills {
        VideoStills(
            client: HTTPClient(timeout: 5, retryPolicy: .none),
            oEmbedURL: URL(string: "\(server.baseURL.absoluteString)/api/oembed.json")!,
            directory: remembering ? folder : nil, now: now)
    }

    private let player = URL(string: "https://player.vimeo.com/video/76979871?h=8272103f6e")!

    func testAVimeoPlayerGetsTheThumbnailItsOEmbedNamesAskedOnce() async throws {
        let server = try FakeHTTPServer { request in
            guard request.path == "/api/oembed.json", request.query["url"] == "https://vimeo.com/76979871" else {
                return .json(#"{"error": "not found"}"#, status: 404)
            }
            return .json(
                #"{"type": "video", "provider_name": "Vimeo", "thumbnail_url": "https://i.vimeocdn.com/video/452001751-8216e0571c96c7c8a6b37ea6e8e9c4c6.jpg", "thumbnail_width": 640}"#
            )
        }
        defer { server.stop() }
        let stills = stills(server)
        let expected = "https://i.vimeocdn.com/video/452001751-8216e0571c96c7c8a6b37ea6e8e9c4c6.jpg"
        let still = try await stills.stillURL(for: player)
        XCTAssertEqual(still?.absoluteString, expected)
        let again = try await stills.stillURL(for: URL(string: "https://vimeo.com/76979871")!)
        XCTAssertEqual(again?.absoluteString, expected)
        XCTAssertEqual(server.requests.count, 1, "the same video is asked about once")
        let nextRun = try await self.stills(server).stillURL(for: player)
        XCTAssertEqual(nextRun?.absoluteString, expected)
        XCTAssertEqual(server.requests.count, 1, "remembered on disk for the next start")
    }

    func testYouTubeNeedsNoRequestAndOtherHostsHaveNoStill() async throws {
        let server = try FakeHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let stills = stills(server)
        let youTube = try await stills.stillURL(for: URL(string: "https://www.youtube.com/embed/dQw4w9WgXcQ")!)
        XCTAssertEqual(youTube?.absoluteString, "https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg")
        let elsewhere = try await stills.stillURL(for: URL(string: "https://www.ustream.tv/embed/123")!)
        XCTAssertNil(elsewhere)
        XCTAssertEqual(server.requests.count, 0)
    }

    func testAnAnswerWithoutAStillIsRememberedAFailureForADay() async throws {
        let status = Locked(404)
        let server = try FakeHTTPServer { _ in
            status.value == 200
                ? .json(#"{"thumbnail_url": "javascript:alert(1)"}"#) : .json(#"{"error": "x"}"#, status: status.value)
        }
        defer { server.stop() }
        let stills = stills(server, remembering: false)
        var answer = try await stills.stillURL(for: player)
        XCTAssertNil(answer)
        answer = try await stills.stillURL(for: player)
        XCTAssertNil(answer)
        XCTAssertEqual(server.requests.count, 1, "a 404 is an answer: no still")

        let other = URL(string: "https://vimeo.com/1234")!
        status.value = 503
        answer = try await stills.stillURL(for: other)
        XCTAssertNil(answer)
        status.value = 200
        answer = try await stills.stillURL(for: other)
        XCTAssertNil(answer)
        XCTAssertEqual(server.requests.count, 2, "the 503 is remembered: not asked again the same day")
    }

    func testAFailedRequestIsAskedAgainADayLaterAlsoAfterARestart() async throws {
        let status = Locked(503)
        let server = try FakeHTTPServer { _ in
            status.value == 200
                ? .json(#"{"thumbnail_url": "https://i.vimeocdn.com/video/1.jpg"}"#)
                : .json(#"{"error": "x"}"#, status: status.value)
        }
        defer { server.stop() }
        let clock = Locked(Date(timeIntervalSince1970: 2_000_000_000))
        let now: @Sendable () -> Date = { clock.value }
        var answer = try await stills(server, now: now).stillURL(for: player)
        XCTAssertNil(answer)
        status.value = 200
        clock.value += VideoStills.failurePause - 60
        answer = try await stills(server, now: now).stillURL(for: player)
        XCTAssertNil(answer, "the failure is kept on disk: the next start does not ask within the day")
        XCTAssertEqual(server.requests.count, 1)
        clock.value += 120
        answer = try await stills(server, now: now).stillURL(for: player)
        XCTAssertEqual(answer?.absoluteString, "https://i.vimeocdn.com/video/1.jpg", "a day later it is asked again")
        XCTAssertEqual(server.requests.count, 2)
    }

    func testVimeoPagesAreReadFromEachFormOfItsLinks() {
        XCTAssertEqual(VideoStills.vimeoPage(of: player)?.absoluteString, "https://vimeo.com/76979871")
        XCTAssertEqual(
            VideoStills.vimeoPage(of: URL(string: "https://vimeo.com/channels/staffpicks/123456")!)?.absoluteString,
            "https://vimeo.com/123456")
        XCTAssertNil(VideoStills.vimeoPage(of: URL(string: "https://vimeo.com/about")!))
        XCTAssertNil(VideoStills.vimeoPage(of: URL(string: "https://notvimeo.com/123")!))
    }
}
