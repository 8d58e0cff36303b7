import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// `MainThread.post` against GTK's drawing: a burst of posted work is spread over several
/// frames, so a spinner keeps animating while a grid's thumbnails all arrive at once.
final class MainThreadDrawingTests: GUITestCase, @unchecked Sendable {
    /// Frame numbers seen by the first and the last item of a burst.
    private final class Burst: @unchecked Sendable {
        var firstFrame: Int?
        var lastFrame: Int?
    }

    func testABurstOfPostedWorkLeavesFramesDrawing() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")])
            source.setAnswerDelay(60)
            try start(source)
            let main = try XCTUnwrap(app.mainWindow)
            let counter = FrameCounter(widget: main.pictureView.spinner)
            waitUntil("the spinner animates") { (counter.frames ?? 0) > 3 && main.pictureView.spinner.isSpinning }

            // 100 items of 3 ms: 300 ms of main-thread work posted at once from another thread.
            let burst = Burst()
            let items = 100
            DispatchQueue.global().async {
                for index in 0..<items {
                    MainThread.post {
                        if index == 0 { burst.firstFrame = counter.frames }
                        let end = Date().addingTimeInterval(0.003)
                        while Date() < end {}
                        if index == items - 1 { burst.lastFrame = counter.frames }
                    }
                }
            }
            waitUntil("the burst ran") { burst.lastFrame != nil }
            let drawn = (burst.lastFrame ?? 0) - (burst.firstFrame ?? 0)
            XCTAssertGreaterThanOrEqual(drawn, 5, "frames drawn during 300 ms of posted work: \(drawn)")
        }
    }
}
