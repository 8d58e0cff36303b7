import APODCore
import XCTest

@testable import APODViewer

/// How a video day presents itself outside the player: the play button's tooltip names where
/// the browser will play it, and the wall's cells say "video" to screen readers.
final class VideoPresentationTests: XCTestCase {
    private func day(_ media: MediaType, player: String?) -> APODEntry {
        APODEntry(
            date: APODDay("2024-03-12")!, title: "Venus Sunset", explanation: "", mediaType: media,
            videoURL: player.flatMap(URL.init(string:)))
    }

    func testThePlayButtonNamesTheVideosHost() {
        XCTAssertEqual(
            day(.video, player: "https://www.youtube.com/embed/abc").playTooltip,
            "Play the video on youtube.com in your browser")
        XCTAssertEqual(
            day(.video, player: "https://player.vimeo.com/video/123").playTooltip,
            "Play the video on vimeo.com in your browser")
        XCTAssertEqual(day(.video, player: nil).playTooltip, "Play the video in your browser")
    }

    func testWallCellsOfVideoDaysSayVideo() {
        XCTAssertEqual(
            WallCell.Day(day(.video, player: "https://www.youtube.com/embed/abc")).accessibleLabel,
            "2024 Mar. 12: Venus Sunset, video")
        XCTAssertEqual(WallCell.Day(day(.image, player: nil)).accessibleLabel, "2024 Mar. 12: Venus Sunset")
    }
}
