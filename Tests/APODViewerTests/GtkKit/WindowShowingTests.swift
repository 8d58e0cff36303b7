import APODCore
import CGtk
import GtkKit
import XCTest

@testable import APODViewer

/// The steps that keep costly window work out of one main-loop iteration: a later iteration,
/// after a window's first frame, and closing a window that was never shown.
final class WindowShowingTests: GUITestCase, @unchecked Sendable {
    @MainActor
    private func newWindow() throws -> Window {
        try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
        let window = Window(application: app.application)
        window.setDefaultSize(width: 200, height: 150)
        return window
    }

    func testNextIterationRunsLaterNotNow() throws {
        try MainActor.assumeIsolated {
            _ = try newWindow()
            var runs = 0
            NextIteration.run { runs += 1 }
            XCTAssertEqual(runs, 0, "not in the caller's iteration")
            waitUntil("it ran") { runs == 1 }
        }
    }

    func testAfterNextFrameRunsOnceTheWindowHasDrawn() throws {
        try MainActor.assumeIsolated {
            let window = try newWindow()
            window.present()
            var runs = 0
            window.afterNextFrame { runs += 1 }
            XCTAssertEqual(runs, 0)
            waitUntil("after the first frame") { runs == 1 }
            window.resize(width: 260, height: 180)
            waitForFrames()
            XCTAssertEqual(runs, 1, "once, not after every frame")
            window.close()
        }
    }

    func testAfterNextFrameOfAWindowNeverShownStillRuns() throws {
        try MainActor.assumeIsolated {
            let window = try newWindow()
            var runs = 0
            window.afterNextFrame { runs += 1 }
            waitUntil("it ran without a frame") { runs == 1 }
            window.close()
        }
    }

    /// A realized window that is never mapped has a frame clock but paints nothing: the time
    /// limit runs the body and must give the clock back.
    func testAfterNextFrameThatTimesOutLetsGoOfTheFrameClock() throws {
        try MainActor.assumeIsolated {
            let window = try newWindow()
            gtk_widget_realize(window.widgetPointer)
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.widgetPointer))
            let references = { UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self).pointee.ref_count }
            let before = references()
            var runs = 0
            window.afterNextFrame { runs += 1 }
            XCTAssertEqual(references(), before + 1, "held while waiting")
            waitUntil("it ran without a frame", timeout: 5) { runs == 1 }
            XCTAssertEqual(references(), before, "released after the time limit")
            window.close()
        }
    }

    func testClosingAWindowNeverShownDestroysIt() throws {
        try MainActor.assumeIsolated {
            let window = try newWindow()
            window.close()
            XCTAssertTrue(window.isDestroyed, "GTK's close ignores an unrealized window; it must not be shown later")
            window.present()
            XCTAssertFalse(window.isMapped)
        }
    }
}
