import APODCore
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The random grid through a batch where a third of the pictures fail in every way a picture
/// host can fail, with the real image loader and disk cache: every cell must end in a picture
/// or an error state (icon and the reason as tooltip), the main loop must keep running while
/// it happens, the window must still answer clicks, and nothing broken may reach the cache.
final class GridFaultTests: GUITestCase, @unchecked Sendable {
    private var faulty: FaultyPictureServer!
    private var cacheFolder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        faulty = try FaultyPictureServer()
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-grid-faults-\(UUID().uuidString)")
    }

    override func tearDown() {
        super.tearDown()
        faulty = nil
        // nil when setUp skipped (no display): the suite must skip, not crash.
        if let cacheFolder { try? FileManager.default.removeItem(at: cacheFolder) }
    }

    /// 30 entries: every third one fails, cycling through all the faults.
    private func batch() -> (entries: [APODEntry], faults: [APODDay: FaultyPictureServer.Fault]) {
        var entries: [APODEntry] = []
        var faults: [APODDay: FaultyPictureServer.Fault] = [:]
        let kinds = FaultyPictureServer.Fault.allCases
        for index in 0..<30 {
            let day = APODDay("2004-02-01")!.adding(days: index * 17)
            var url = faulty.url(ok: index)
            if index % 3 == 2 {
                let fault = kinds[(index / 3) % kinds.count]
                faults[day] = fault
                url = faulty.url(fault, index)
            }
            entries.append(
                APODEntry(
                    date: day, title: "Picture \(index)", explanation: "", mediaType: .image,
                    imageURL: url, hdImageURL: url))
        }
        return (entries, faults)
    }

    func testEveryCellSettlesAndTheWindowStillResponds() throws {
        try MainActor.assumeIsolated {
            let (entries, faults) = batch()
            XCTAssertEqual(faults.count, 10)
            XCTAssertEqual(
                Set(faults.values).count, FaultyPictureServer.Fault.allCases.count, "every fault is in the batch")
            let loader = faulty.loader(cacheIn: cacheFolder)
            try start(
                source: FakeSource(entries: [entries[0]], random: entries), options: ViewerOptions(randomCount: 30),
                fetcher: loader)
            let grid = try XCTUnwrap(app.randomView)

            let ticks = TimerTicks(every: 20)
            defer { ticks.stop() }
            var longestStep = 0.0
            let started = Date()
            waitUntil("every cell shows a picture or an error", timeout: 60) {
                let before = Date()
                Gtk.iterateOnce()
                longestStep = max(longestStep, Date().timeIntervalSince(before))
                return grid.cells.count == 30 && grid.cells.allSatisfy { $0.hasThumbnail || $0.failureReason != nil }
            }
            let seconds = Date().timeIntervalSince(started)
            print(
                "grid faults: 30 cells settled in \(String(format: "%.1f", seconds)) s, longest main-loop step \(Int(longestStep * 1000)) ms, \(ticks.count) timer ticks"
            )
            XCTAssertLessThan(longestStep, 0.5, "the main loop never stalls")
            XCTAssertGreaterThan(
                ticks.count, Int(seconds * 1000 / 20 / 4), "a 20 ms timer kept firing while the batch loaded")

            for cell in grid.cells {
                if let fault = faults[cell.entry.date] {
                    XCTAssertFalse(cell.hasThumbnail, "\(fault)")
                    XCTAssertTrue(cell.statusIcon.isVisible, "\(fault): an icon")
                    XCTAssertEqual(
                        cell.failureReason, "\(cell.entry.title)\n\(FaultyPictureServer.reason(for: fault))", "\(fault)"
                    )
                    XCTAssertFalse(cell.isLoading, "\(fault)")
                } else {
                    XCTAssertTrue(cell.hasThumbnail, "\(cell.entry.title)")
                    XCTAssertNil(cell.failureReason)
                }
            }

            let cache = ImageDiskCache(directory: cacheFolder)
            for entry in entries {
                let cached = cache.data(for: entry.imageURL!.absoluteString)
                if let fault = faults[entry.date] {
                    XCTAssertNil(cached, "\(fault) must not be cached")
                } else {
                    XCTAssertNotNil(cached, "\(entry.title) is cached")
                }
            }
            // Pictures stream into temporary files: the failed ones' must be gone, not left behind.
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter {
                $0.hasSuffix(".tmp")
            }
            XCTAssertEqual(leftovers, [], "no temporary cache file outlives its download")

            // Still answering: a click on a failed cell opens its detail window, which says why.
            let bombCell = try XCTUnwrap(grid.cells.first { faults[$0.entry.date] == .bomb })
            grid.flowBox.activate(bombCell)
            let detail = try XCTUnwrap(app.detailWindows[bombCell.entry.date])
            waitUntil("the detail window explains the refusal") { detail.pictureArea.page == .failed }
            XCTAssertEqual(detail.pictureArea.failure.descriptionText, FaultyPictureServer.reason(for: .bomb))
            XCTAssertNil(detail.banner.message, "said once, in place of the picture")
            XCTAssertFalse(detail.header.saveButton.isSensitive, "nothing to save")

            // And a new batch loads normally.
            let good = entries.filter { faults[$0.date] == nil }.prefix(4)
            (app.environment.source as? FakeSource)?.setRandom(Array(good))
            grid.countSpin.value = 4
            grid.shuffleButton.activate()
            waitUntil("the next batch shows its pictures") {
                grid.cells.count == 4 && grid.cells.allSatisfy(\.hasThumbnail)
            }
        }
    }
}

/// Counts the ticks of a GLib timer on the main context: proof the loop kept running.
@MainActor
final class TimerTicks {
    private let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var source: guint = 0

    init(every milliseconds: UInt32) {
        counter.initialize(to: 0)
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                data!.assumingMemoryBound(to: Int.self).pointee += 1
                return 1
            }, counter, nil)
    }

    /// Ticks so far; read before `stop()`.
    var count: Int { counter.pointee }

    /// Removes the timer and frees the counter; call exactly once.
    func stop() {
        g_source_remove(source)
        counter.deallocate()
    }
}
