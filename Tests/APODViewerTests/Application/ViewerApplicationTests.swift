import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

final class ViewerApplicationTests: GUITestCase, @unchecked Sendable {
    func testShortcutsWindowAndAboutDialogOpenFromTheMenuActions() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            let before = Gtk.toplevelTitles.count
            app.application.activateAction(AppAction.shortcuts)
            waitUntil("the shortcuts window is open") { Gtk.toplevelTitles.count == before + 1 }
            app.application.activateAction(AppAction.about)
            waitUntil("the about window is open") { app.aboutWindow?.isMapped == true }
            let about = try XCTUnwrap(app.aboutWindow)
            XCTAssertTrue(about.isModal)
            XCTAssertTrue(about.isDialog(of: try XCTUnwrap(app.mainWindow).window))
        }
    }

    func testEveryShortcutListedIsBound() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            for group in Shortcuts.groups {
                for binding in group.bindings {
                    XCTAssertFalse(app.application.accelerators(for: binding.action).isEmpty, binding.action)
                }
            }
            XCTAssertTrue(Shortcuts.descriptions.flatMap(\.shortcuts).contains { $0.title.contains("Escape") })
        }
    }

    func testRandomActionOpensOneGridAndPresentsItAgain() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(
                entries: [entry("2026-11-28", title: "Latest Sky")],
                random: [entry("2001-01-01", title: "One")])
            try start(source)
            app.application.activateAction(AppAction.random, int: 0)
            let grid = try XCTUnwrap(app.randomView)
            XCTAssertEqual(grid.countSpin.value, ViewerOptions.defaultRandomCount)
            app.application.activateAction(AppAction.random, int: 0)
            XCTAssertTrue(app.randomView === grid)
            waitUntil("one random batch was asked for") { source.requests.filter { $0.hasPrefix("random") }.count == 1 }
        }
    }

    func testTheMainLoopKeepsRunningWhileABatchOf100Loads() throws {
        try MainActor.assumeIsolated {
            let batch = (0..<100).map {
                entry(
                    APODDay("2000-01-01")!.adding(days: $0 * 11).description,
                    title: "Picture \($0)", picture: "/p\($0)/\(2000 + $0 % 4)x1400.jpg")
            }
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: batch),
                options: ViewerOptions(randomCount: 100))
            let grid = try XCTUnwrap(app.randomView)
            // The main thread's own CPU time per loop step, not wall time: a busy machine stretches
            // wall time, but only work done on the main thread (a decode, a read) costs its CPU.
            var longestStep = 0.0
            waitUntil("100 thumbnails arrived", timeout: 90) {
                let before = Self.mainThreadCPUSeconds()
                Gtk.iterateOnce()
                longestStep = max(longestStep, Self.mainThreadCPUSeconds() - before)
                return grid.cells.count == 100 && grid.cells.allSatisfy(\.hasThumbnail)
            }
            XCTAssertLessThan(longestStep, 0.25, "no network, disk or decoding on the main thread")
        }
    }

    func testClosingAWindowCancelsItsDownloads() throws {
        try MainActor.assumeIsolated {
            let batch = (0..<4).map {
                entry(
                    APODDay("2003-01-01")!.adding(days: $0).description, title: "Slow \($0)",
                    picture: "/slow/\(700 + $0)x500.jpg")
            }
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: batch),
                options: ViewerOptions(randomCount: 4))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the downloads started") {
                batch.allSatisfy { pictures.fetcher.purpose(for: $0.imageURL!) != nil }
            }
            grid.window.close()
            waitUntil("every download is cancelled") {
                Set(pictures.fetcher.cancelledURLs).isSuperset(of: batch.map { $0.imageURL! })
            }
            XCTAssertNil(app.randomView)
        }
    }

    func testClosedWindowsAreFreedWithTheirHandlers() throws {
        try MainActor.assumeIsolated {
            let latest = entry("2026-11-28", title: "Latest Sky")
            try start(FakeSource(entries: [latest], random: [latest]), options: ViewerOptions(randomCount: 1))
            waitUntil("the grid is filled") { app.randomView?.cells.first?.hasThumbnail == true }
            waitUntil("the main picture is shown") { app.mainWindow?.pictureView.page == .picture }
            app.openDetail(for: latest)
            weak let main = app.mainWindow
            weak let weakGrid = app.randomView
            weak let detail = app.detailWindows[latest.date]
            weak let cell = app.randomView?.cells.first
            app.closeAllWindows()
            waitUntil("every window is gone") { app.openWindowCount == 0 }
            waitForFrames()
            XCTAssertNil(main, "the main window controller was freed")
            XCTAssertNil(weakGrid, "the grid controller was freed")
            XCTAssertNil(detail, "the detail controller was freed")
            XCTAssertNil(cell, "grid cells were freed")
        }
    }

    /// CPU seconds the calling thread has used.
    private static func mainThreadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
