import XCTest

@testable import apod_bench

/// The `open` row's picture is as heavy as the issue's photograph, so the decode and the
/// transfer cost what they would.
final class OpenPictureTests: XCTestCase, @unchecked Sendable {
    func testTheSixThousandByFourThousandJPEGIsAboutTheIssues4_4MB() throws {
        let data = try Pixbufs.jpeg(
            Pixbufs.openPicture(width: OpenBench.pictureWidth, height: OpenBench.pictureHeight), quality: 90)
        let megabytes = Double(data.count) / 1_000_000
        XCTAssertEqual(megabytes, 4.4, accuracy: 0.15, "the picture is \(megabytes) MB")
    }
}
