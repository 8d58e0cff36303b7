import Foundation
import GtkKit
import XCTest

/// GtkKit's pieces for programs that make pictures and run the loop themselves (the bench).
final class BenchSupportTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(MainActor.assumeIsolated { Gtk.initialize() }, "no display")
    }

    func testAPixbufRoundTripsThroughJPEGAndScalesKeepingItsAspect() throws {
        let made = Pixbuf(width: 300, height: 200) { y, row in
            for x in 0..<300 {
                row[x * 3] = UInt8(x % 256)
                row[x * 3 + 1] = UInt8(y)
                row[x * 3 + 2] = 90
            }
        }
        let jpeg = try XCTUnwrap(made.texture().jpegData(quality: 90))
        let decoded = try Pixbuf.decode(jpeg)
        XCTAssertEqual([decoded.width, decoded.height], [300, 200])
        let small = decoded.scaled(toWidth: 150)
        XCTAssertEqual([small.width, small.height], [150, 100])
        XCTAssertThrowsError(try Pixbuf.decode(Data("not a picture".utf8)))
    }

    func testAQuitAskedBeforeTheLoopRunsStillEndsIt() {
        MainActor.assumeIsolated {
            let loop = MainLoop()
            DispatchQueue.global().sync { loop.quit() }
            let safety = MainLoop.Safety(loop)
            let started = Date()
            loop.run()
            safety.cancel()
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "ended by the early quit, not the safety net")
        }
    }

    func testARepeatingTimerKeepsTicking() {
        MainActor.assumeIsolated {
            var ticks = 0
            let timer = RepeatingTimer(milliseconds: 5) { ticks += 1 }
            XCTAssertTrue(Gtk.iterate(until: { ticks >= 3 }, timeout: 10))
            timer.stop()
        }
    }
}

extension MainLoop {
    /// Quits the loop after 5 s in case the quit under test was lost, so the test fails
    /// instead of hanging.
    final class Safety: @unchecked Sendable {
        private let work: DispatchWorkItem

        init(_ loop: MainLoop) {
            work = DispatchWorkItem { loop.quit() }
            DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: work)
        }

        func cancel() { work.cancel() }
    }
}
