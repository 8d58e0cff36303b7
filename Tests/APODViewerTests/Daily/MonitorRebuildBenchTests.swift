import APODCore
import Foundation
import GtkKit
import TestSupport
import WallpaperComposition
import XCTest

@testable import APODViewer

/// The bench's rebuild, as `apod-bench --monitors-stall` runs it: set for two monitors, then
/// made again for three right after, while the first background's record is still being
/// written (`followMonitors` is busy then and is asked again, as the follower asks).
final class MonitorRebuildBenchTests: GUITestCase, @unchecked Sendable {
    func testTheRebuildRightAfterTheFirstBackgroundFinishes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebuild-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = PlainPNG.make(width: 640, height: 400, red: 20, green: 40, blue: 230)
        let two = try MonitorLayout.parse("640x400@1+0+0,400x640@1+640+0")
        let three = try MonitorLayout.parse("640x400@1+0+0,400x640@1+640+0,640x400@1+1040+0")
        try MainActor.assumeIsolated {
            let bench = try MonitorRebuildBench(picture: picture, layout: two, folder: folder)
            var taken: Bool?
            var rebuilt = false
            bench.setFirst { first in
                taken = first
                guard first else { return }
                bench.rebuild(for: three) { rebuilt = true }
            }
            XCTAssertTrue(Gtk.iterate(until: { rebuilt }, timeout: 30), "the rebuild finished")
            XCTAssertEqual(taken, true)
            XCTAssertEqual(bench.compositionsMade, 2)
        }
    }
}
