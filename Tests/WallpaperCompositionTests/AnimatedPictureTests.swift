import APODCore
import TestSupport
import XCTest

@testable import WallpaperComposition

/// Issue 23, hostile input 5: a GIF becomes a background from its first frame alone, so the
/// number of frames after it costs nothing (GdkPixbuf's GIF loader is quadratic in them).
final class AnimatedPictureTests: XCTestCase {
    func testAGIFsBackgroundIsMadeFromItsFirstFrameAlone() throws {
        // Frames GdkPixbuf refuses after the first: only a decoder that never sees them succeeds.
        let gif = ImageFaults.gifAnimation(frames: 3, laterFramesReadable: false)
        let background = try WallpaperComposer.render(gif, .init(canvas: nil))
        XCTAssertEqual(background.size, CanvasSize(width: 1, height: 1))
    }
}
