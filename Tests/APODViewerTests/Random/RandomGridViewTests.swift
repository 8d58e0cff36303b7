import APODCore
import CGtk
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

final class RandomGridViewTests: GUITestCase, @unchecked Sendable {
    private var grid: RandomGridView { MainActor.assumeIsolated { app.randomView! } }

    private func batch(_ count: Int, picture: (Int) -> String = { _ in "/800x500.jpg" }) -> [APODEntry] {
        (0..<count).map { index in
            entry(
                APODDay("2001-01-01")!.adding(days: index * 37).description,
                title: index % 3 == 0
                    ? "A Rather Long Random Title Number \(index) That Must Wrap And Then Be Cut" : "Random \(index)",
                picture: picture(index))
        }
    }

    @MainActor
    private func openGrid(_ entries: [APODEntry], count: Int) throws {
        let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: entries)
        try start(source, options: ViewerOptions(randomCount: count))
        XCTAssertEqual(app.mainWindow?.visibleView, MainView.Name.random.rawValue, "--random opens on the Random view")
        waitUntil("\(count) cells exist") { grid.cells.count == count }
    }

    /// Children 4k…4k+3 share row k, and the grid has exactly four distinct columns.
    @MainActor
    private func assertFourPerRow(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        let bounds = grid.cells.map { $0.bounds(in: grid.flowBox)! }
        XCTAssertEqual(bounds.count, count, file: file, line: line)
        let columns = Set(bounds.map { Int($0.x.rounded()) })
        XCTAssertEqual(columns.count, min(4, count), "distinct columns: \(columns.sorted())", file: file, line: line)
        for (index, rect) in bounds.enumerated() {
            let rowStart = bounds[index / 4 * 4]
            XCTAssertEqual(
                rect.y, rowStart.y, accuracy: 0.5, "child \(index) is in row \(index / 4)", file: file, line: line)
            if index % 4 > 0 {
                XCTAssertGreaterThan(
                    rect.x, bounds[index - 1].x, "child \(index) is right of \(index - 1)", file: file, line: line)
            }
            if index >= 4 {
                XCTAssertGreaterThan(
                    rect.y, bounds[index - 4].y, "row \(index / 4) is below row \(index / 4 - 1)", file: file,
                    line: line)
            }
        }
        let widths = bounds.map(\.width)
        XCTAssertLessThanOrEqual(
            widths.max()! - widths.min()!, 1, "homogeneous cells (±1 px rounding): \(widths)",
            file: file, line: line)
    }

    func testABatchOfNGivesNChildrenFourPerRowAtTwoWidths() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(10), count: 10)
            waitUntil("the grid is laid out") { grid.cells.allSatisfy { $0.width > 0 } }
            waitForFrames()
            assertFourPerRow(10)
            XCTAssertGreaterThan(grid.flowBox.width, 900)

            grid.window.resize(width: 640, height: 700)
            waitUntil("the window narrows") { grid.flowBox.width > 0 && grid.flowBox.width < 640 }
            waitForFrames()
            assertFourPerRow(10)
        }
    }

    /// `--random` opens the one main window on the Random view, its batch loading at once.
    func testRandomOpensTheMainWindowOnTheRandomView() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: batch(4))
            try start(source: source, options: ViewerOptions(randomCount: 4))
            let grid = try XCTUnwrap(app.randomView)
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertEqual(main.visibleView, MainView.Name.random.rawValue)
            XCTAssertTrue(grid.root.isMapped)
            XCTAssertEqual(app.openWindowCount, 1)
            waitUntil("the grid fills") { grid.cells.count == 4 && grid.cells.allSatisfy(\.hasThumbnail) }
        }
    }

    /// A spinner per loading cell kept the window redrawing every frame, which under software
    /// GL is a whole-window redraw each time: a loading cell shows a still icon instead.
    func testLoadingCellsShowAStillPlaceholderAndFillFourPerRow() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(6, picture: { "/slow/\(900 + $0)x600.jpg" }), count: 6)
            waitUntil("the grid is laid out") { grid.cells.allSatisfy { $0.width > 0 } }
            for cell in grid.cells {
                XCTAssertTrue(cell.isLoading)
                XCTAssertTrue(cell.showsPlaceholder, "a still icon while the thumbnail loads")
                XCTAssertFalse(Self.somethingSpins(in: cell.widgetPointer), "nothing in a loading cell animates")
            }
            assertFourPerRow(6)
            saveScreenshot(of: grid.window, named: "random-grid-loading")
            waitUntil("every thumbnail arrived", timeout: 20) { grid.cells.allSatisfy(\.hasThumbnail) }
            XCTAssertFalse(grid.cells.contains(where: \.showsPlaceholder), "the placeholder goes with the picture")
            assertFourPerRow(6)
        }
    }

    /// Whether a spinning GtkSpinner is in `widget`'s tree.
    @MainActor
    private static func somethingSpins(in widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_spinner_get_type()) != 0,
            gtk_spinner_get_spinning(OpaquePointer(widget)) != 0
        {
            return true
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if somethingSpins(in: current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    func testThumbnailsStreamInDecodedAtTheCellWidth() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(8, picture: { "/grid/\(1600 + $0)x1000.jpg" }), count: 8)
            waitUntil("every thumbnail arrived") { grid.cells.allSatisfy(\.hasThumbnail) }
            for cell in grid.cells {
                let texture = try XCTUnwrap(cell.picture.texture)
                XCTAssertLessThanOrEqual(texture.width, 400, "decoded near the cell width, not 1600 px")
                guard case .thumbnail(let width)? = pictures.fetcher.purpose(for: cell.entry.imageURL!) else {
                    return XCTFail("thumbnails are fetched as thumbnails")
                }
                XCTAssertEqual(texture.width, width, "decoded at the width asked for")
            }
        }
    }

    func testLabelsWrapToTwoLinesAndShowMarkupLiterally() throws {
        try MainActor.assumeIsolated {
            var entries = batch(3)
            entries[1].title = "Dust & <b>Gas</b> in the Eagle"
            try openGrid(entries, count: 3)
            let label = grid.cells[1].titleLabel
            XCTAssertEqual(label.text, "Dust & <b>Gas</b> in the Eagle")
            XCTAssertFalse(label.usesMarkup)
            XCTAssertTrue(grid.cells[0].titleLabel.isWrapping)
            XCTAssertTrue(grid.cells[0].titleLabel.isEllipsizing)
        }
    }

    /// Pictures of the same title are told apart by their dates, written as the app writes
    /// dates elsewhere, under the title; a screen reader hears both.
    func testEachCellShowsItsDateUnderTheTitle() throws {
        try MainActor.assumeIsolated {
            var entries = batch(2)
            entries[1].title = entries[0].title
            try openGrid(entries, count: 2)
            waitForFrames()
            for (cell, item) in zip(grid.cells, entries) {
                XCTAssertEqual(cell.dateLabel.text, item.date.displayString)
                XCTAssertTrue(cell.dateLabel.isMapped)
                XCTAssertTrue(cell.dateLabel.isInside(cell))
                let title = try XCTUnwrap(cell.titleLabel.bounds(in: cell))
                let date = try XCTUnwrap(cell.dateLabel.bounds(in: cell))
                XCTAssertGreaterThanOrEqual(date.y, title.y + title.height - 0.5, "under the title")
                XCTAssertEqual(cell.accessibleName, "\(item.title), \(item.date.displayString)")
            }
            XCTAssertEqual(grid.cells.map(\.dateLabel.text), ["2001 Jan. 1", "2001 Feb. 7"])
        }
    }

    func testACellsTooltipCarriesTheAltText() throws {
        try MainActor.assumeIsolated {
            var entries = batch(2)
            entries[0].altText = "Two galaxies colliding above a dark horizon"
            try openGrid(entries, count: 2)
            XCTAssertEqual(grid.cells[0].tooltip, "\(entries[0].title)\nTwo galaxies colliding above a dark horizon")
            XCTAssertEqual(grid.cells[1].tooltip, entries[1].title, "without alt text, the title")
            waitUntil("the thumbnail arrived") { grid.cells[0].hasThumbnail }
            XCTAssertEqual(grid.cells[0].picture.alternativeText, "Two galaxies colliding above a dark horizon")
        }
    }

    func testAFailedThumbnailShowsAnIconAndTheReason() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(2, picture: { $0 == 0 ? "/missing" : "/400x300.jpg" }), count: 2)
            waitUntil("both cells settle") { grid.cells[0].failureReason != nil && grid.cells[1].hasThumbnail }
            XCTAssertTrue(grid.cells[0].statusIcon.isVisible)
            XCTAssertTrue(grid.cells[0].failureReason?.contains(APODError.notAnImage.message) ?? false)
            XCTAssertFalse(grid.cells[1].statusIcon.isVisible)
        }
    }

    func testVideoCellsShowAPlayBadge() throws {
        try MainActor.assumeIsolated {
            let video = entry("2011-02-03", title: "A Video", picture: "/640x360.jpg", media: .video)
            try openGrid([video] + batch(1), count: 2)
            waitUntil("thumbnails arrived") { grid.cells.allSatisfy(\.hasThumbnail) }
            XCTAssertTrue(grid.cells[0].playBadge.isVisible)
            XCTAssertFalse(grid.cells[1].playBadge.isVisible)
        }
    }

    func testANewBatchCancelsThePreviousBatchsDownloads() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(6, picture: { "/slow/\(900 + $0)x600.jpg" }), count: 6)
            let oldURLs = grid.cells.compactMap(\.entry.imageURL)
            waitUntil("the old downloads are under way") {
                oldURLs.allSatisfy { pictures.fetcher.purpose(for: $0) != nil }
            }
            grid.shuffleButton.activate()
            waitUntil("every old download is cancelled") { Set(pictures.fetcher.cancelledURLs).isSuperset(of: oldURLs) }
            waitUntil("the new batch is shown") { grid.cells.count == 6 && grid.cells.allSatisfy(\.isLoading) }
        }
    }

    func testTheCountSpinLimitsTheBatch() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(5), count: 5)
            XCTAssertEqual(grid.countSpin.range, 1...100)
            grid.countSpin.value = 3
            grid.shuffleButton.activate()
            waitUntil("three cells") { grid.cells.count == 3 }
        }
    }

    func testActivatingACellOpensOneDetailWindowPerEntry() throws {
        try MainActor.assumeIsolated {
            try openGrid(batch(5), count: 5)
            let cell = grid.cells[2]
            grid.flowBox.activate(cell)
            let detail = try XCTUnwrap(app.detailWindows[cell.entry.date])
            XCTAssertEqual(detail.window.title, cell.entry.title)
            grid.flowBox.activate(cell)
            XCTAssertEqual(app.detailWindows.count, 1, "activating again presents the open window")
            XCTAssertTrue(app.detailWindows[cell.entry.date] === detail)
        }
    }

    @MainActor
    private func openStreamingGrid(_ entries: [APODEntry], count: Int, gap: TimeInterval?, limit: Int? = nil) throws
        -> FakeSource
    {
        let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: entries)
        source.setStreaming(gap: gap, limit: limit)
        try start(source, options: ViewerOptions(randomCount: count))
        return source
    }

    func testCellsAndTheirThumbnailsStartAsTheirEntriesStreamIn() throws {
        try MainActor.assumeIsolated {
            let source = try openStreamingGrid(batch(6), count: 6, gap: 0.25)
            XCTAssertEqual(grid.stack.state, .loading)
            waitUntil("the first cell appears") { !grid.cells.isEmpty }
            XCTAssertEqual(grid.stack.state, .grid, "the first entry replaces the loading page")
            let firstURL = try XCTUnwrap(grid.cells[0].entry.imageURL)
            waitUntil("the first thumbnail is fetched") { pictures.fetcher.purpose(for: firstURL) != nil }
            XCTAssertLessThan(source.yieldedCount, 6, "before the last entry was yielded")
            XCTAssertLessThanOrEqual(grid.cells.count, source.yieldedCount, "cells come from the stream")
            waitUntil("every cell and thumbnail arrived") {
                grid.cells.count == 6 && grid.cells.allSatisfy(\.hasThumbnail)
            }
            XCTAssertEqual(grid.cells.map(\.entry.date), batch(6).map(\.date), "cells in the order the entries came")
            XCTAssertFalse(grid.notice.isVisible)
        }
    }

    func testAStreamEndingShortShowsWhatCameAndSaysSo() throws {
        try MainActor.assumeIsolated {
            _ = try openStreamingGrid(batch(5), count: 5, gap: nil, limit: 3)
            waitUntil("the note about the missing pictures") { grid.notice.isVisible }
            XCTAssertEqual(grid.cells.count, 3)
            XCTAssertEqual(grid.notice.label.text, "Only 3 of the 5 pictures asked for could be found.")
            XCTAssertEqual(grid.stack.state, .grid)
            waitUntil("the thumbnails arrived") { grid.cells.allSatisfy(\.hasThumbnail) }
            saveScreenshot(of: grid.window, named: "random-grid-shortfall")
        }
    }

    /// The grid against science.nasa.gov's route on a server that never answers: the batch
    /// ends with its first round of days and the grid says the service did not answer.
    func testADeadServiceEndsTheBatchAfterItsFirstRound() throws {
        try MainActor.assumeIsolated {
            let dead = try FakeHTTPServer { _ in FakeResponse(fault: .hang) }
            defer { dead.stop() }
            let client = HTTPClient(timeout: 1, retryPolicy: RetryPolicy(retries: 2, baseDelay: 0.01, maxDelay: 0.02))
            let source = ScienceSource(
                apiURL: dead.baseURL.appendingPathComponent("wp-json/wp/v2/apod-basic"), client: client,
                calendar: calendar)
            try start(source: source, options: ViewerOptions(randomCount: 12))
            waitUntil("the error page", timeout: 30) { grid.stack.state == .error }
            XCTAssertTrue(grid.status.descriptionText.contains("did not answer"), grid.status.descriptionText)
            let days = Set(
                dead.requests.map(\.path).filter { $0.range(of: #"/\d{6}$"#, options: .regularExpression) != nil })
            XCTAssertLessThanOrEqual(days.count, 6, "one round of six days (the main window asks for the latest apart)")
        }
    }

    func testAStreamFailingBeforeAnyEntryShowsTheErrorPage() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: batch(4))
            source.setFailure(.serviceError(status: 500))
            try start(source, options: ViewerOptions(randomCount: 4))
            waitUntil("the error page") { grid.stack.state == .error }
            XCTAssertEqual(grid.status.title, "No random pictures")
            XCTAssertEqual(grid.status.descriptionText, userMessage(for: APODError.serviceError(status: 500)))
            XCTAssertTrue(grid.cells.isEmpty)

            source.setFailure(nil)
            grid.shuffleButton.activate()
            waitUntil("Shuffle recovers") { grid.cells.count == 4 && grid.stack.state == .grid }
        }
    }

    func testShuffleAndClosingTheWindowCancelTheStream() throws {
        try MainActor.assumeIsolated {
            let source = try openStreamingGrid(batch(8), count: 8, gap: 0.3)
            waitUntil("the first cell appears") { !grid.cells.isEmpty }
            source.setRandom(batch(8).reversed())
            grid.shuffleButton.activate()
            waitUntil("the first stream is cancelled") { source.cancelledStreams == 1 }
            waitUntil("the new batch's first cell") { grid.cells.first?.entry.date == batch(8).last?.date }
            grid.window.close()
            waitUntil("closing the window cancels the second stream") { source.cancelledStreams == 2 }
        }
    }
}
