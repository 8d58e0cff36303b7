import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Links, labels and file names that come from the service cannot make the viewer open
/// something that is not a web page, render markup, or write outside the chosen folder.
final class ViewerSecurityTests: GUITestCase, @unchecked Sendable {
    private static let hostileLinks = [
        "file:///usr/share/applications/org.gnome.Terminal.desktop", "file:///etc/passwd", "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>", "ftp://example.com/a.jpg", "mailto:someone@example.com",
        "smb://server/share", "https:///no-host", "apod-viewer://x",
    ]

    func testOnlyWebAddressesAreOpenable() {
        for text in [
            "https://apod.nasa.gov/apod/ap201217.html", "http://www.youtube.com/embed/abc",
            "HTTPS://science.nasa.gov/apod",
        ] {
            XCTAssertTrue(WebURL.isWeb(URL(string: text)!), text)
        }
        for text in Self.hostileLinks {
            guard let url = URL(string: text) else { continue }
            XCTAssertFalse(WebURL.isWeb(url), text)
        }
    }

    /// A video whose player link is a local desktop file: pressing Play refuses with a message
    /// in the main window and in the detail window, and nothing is launched.
    func testPlayButtonsRefuseNonWebLinks() throws {
        try MainActor.assumeIsolated {
            let poster = pictures.url("/640x360.jpg")
            let hostile = URL(string: "file:///usr/share/applications/org.gnome.Terminal.desktop")!
            let video = APODEntry(
                date: APODDay("2026-11-28")!, title: "A Video", explanation: "", mediaType: .video,
                thumbnailURL: poster, videoURL: hostile)
            try start(FakeSource(entries: [video]))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the poster is shown") { main.pictureView.page == .picture }
            XCTAssertTrue(main.pictureView.playButton.isVisible)
            main.pictureView.playButton.activate()
            waitUntil("the main window refuses") { main.banner.message != nil }
            XCTAssertEqual(main.banner.message, APODError.unsupportedURL.message)
            XCTAssertEqual(main.banner.root.kind, .error)

            app.openDetail(for: video)
            let detail = try XCTUnwrap(app.detailWindows[video.date])
            waitUntil("the detail poster is shown") { detail.picture.shownPixelSize != nil }
            try XCTUnwrap(detail.playButton).activate()
            waitUntil("the detail window refuses") { detail.banner.message != nil }
            XCTAssertEqual(detail.banner.message, APODError.unsupportedURL.message)
        }
    }

    func testServiceTextIsNeverMarkup() throws {
        try MainActor.assumeIsolated {
            let title = #"<span foreground="red">Red</span> &amp; <b>Bold</b> <a href="file:///etc">x</a>"#
            var hostile = entry("2026-11-28", title: title, copyright: "<i>Ada</i> & Co")
            hostile.explanation = "<big>Big</big> &lt; explained, <b>linked</b>"
            hostile.explanationLinks = [
                TextLink(text: "<b>linked</b>", url: URL(string: "https://example.org/?q='x'&y=1")!)
            ]
            try start(FakeSource(entries: [hostile], random: [hostile]), options: ViewerOptions(randomCount: 1))
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the entry is shown") { main.caption.titleLabel.text == title }
            XCTAssertFalse(main.caption.titleLabel.usesMarkup)
            XCTAssertEqual(main.caption.creditLabel.text, "© <i>Ada</i> & Co")
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid cell exists") { grid.cells.count == 1 }
            XCTAssertEqual(grid.cells[0].titleLabel.text, title)
            XCTAssertEqual(grid.cells[0].tooltip, title, "tooltips are plain text too")
            app.openDetail(for: hostile)
            let detail = try XCTUnwrap(app.detailWindows[hostile.date])
            XCTAssertEqual(detail.window.title, title)
            // The explanation is markup the app builds for its links, every piece escaped: it
            // shows exactly the service's text.
            XCTAssertEqual(detail.explanationLabel.text, "<big>Big</big> &lt; explained, <b>linked</b>")
            for label in [detail.caption.titleLabel, detail.caption.creditLabel] {
                XCTAssertFalse(label.usesMarkup)
            }
        }
    }

    /// Whatever the title, the suggested name is one plain file name inside the chosen folder.
    func testSavedFileNamesCannotEscapeTheFolder() {
        let titles = [
            "../../../../etc/passwd", "/etc/cron.d/evil", "..", ".", ".hidden", "a/../../b", "C:\\Windows\\system32",
            "name\u{0}.desktop", "\u{202E}gpj.exe", "line\nbreak\ttab", "~/.bashrc", "$(rm -rf ~)", "`id`",
            String(repeating: "../", count: 200), "😀 Ünïcödé", "", "   ", "-rf",
        ]
        let folder = URL(fileURLWithPath: "/tmp/chosen-folder", isDirectory: true)
        for title in titles {
            let entry = APODEntry(
                date: APODDay("2020-12-17")!, title: title, mediaType: .image,
                imageURL: URL(string: "https://apod.nasa.gov/apod/image/2012/a.png"))
            let name = entry.suggestedFileName
            XCTAssertTrue(name.hasPrefix("2020-12-17-"), "\(title.debugDescription) → \(name)")
            XCTAssertTrue(name.hasSuffix(".png"), name)
            XCTAssertFalse(name.contains("/") || name.contains("\\") || name.contains(".."), name)
            XCTAssertTrue(
                name.unicodeScalars.allSatisfy { $0.isASCII && !CharacterSet.controlCharacters.contains($0) }, name)
            XCTAssertLessThanOrEqual(name.utf8.count, 255, "fits a file system's name limit")
            let target = folder.appendingPathComponent(name).standardized
            XCTAssertEqual(target.deletingLastPathComponent().path, folder.path, "\(title.debugDescription) escapes")
        }
    }
}
