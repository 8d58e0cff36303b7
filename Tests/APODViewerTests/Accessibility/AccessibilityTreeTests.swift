import APODCore
import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// What a screen reader gets from the viewer, read from the AT-SPI tree of the real
/// `apod-viewer` (`--offline`, on the private session bus and virtual display `make test`
/// provides, accessibility on): every control has a name (not GTK's class name), each grid
/// cell is named by its entry's title and date and each picture by its alt text, Tab reaches every
/// control of each window in reading order, and toasts and errors are alerts.
///
/// `make test` runs this class in a pass of its own (`A11Y_TEST_ENV`): the other passes
/// turn accessibility off (`GTK_A11Y=none`), where it skips.
final class AccessibilityTreeTests: ViewerProcessTestCase {
    /// Days the sample lacks, stored in the viewer's metadata cache with alt text (the sample
    /// has none) and the sample's pictures.
    private let describedDays: [(day: String, title: String, altText: String, picture: String)] = [
        ("2001-01-02", "Described: Spiral Arms", "A bright spiral galaxy with blue arms on black", "galaxy-spiral.jpg"),
        ("2001-01-03", "Described: Red Nebula", "Glowing red gas clouds with dark dust lanes", "nebula-rose.jpg"),
    ]

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(
            environment["GTK_A11Y"] == "none" || environment["NO_AT_BRIDGE"] == "1",
            "accessibility is off in this environment; make test runs this class with it on")
        try super.setUpWithError()
        try XCTSkipUnless(AccessibilityProbe.isAvailable, "python3-pyatspi is not installed (scripts/install-deps)")
    }

    // MARK: - Set-up

    /// Titles and what each picture should be called: the alt text, else the title.
    private var expectedPictureNames: [String: String] {
        var names: [String: String] = [:]
        let data =
            (try? Data(contentsOf: TestConfiguration.sampleDirectory.appendingPathComponent("entries.json"))) ?? Data()
        for object in (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? [] {
            if let title = object["title"] as? String { names[title] = title }
        }
        for described in describedDays { names[described.title] = described.altText }
        return names
    }

    /// Writes the described days into the metadata cache of the viewer's home.
    private func storeDescribedDays() throws {
        let cache = MetadataCache(root: home.appendingPathComponent("cache/apod-viewer"), partition: "science")
        for described in describedDays {
            let picture = TestConfiguration.sampleDirectory.appendingPathComponent("images/" + described.picture)
            XCTAssertTrue(FileManager.default.fileExists(atPath: picture.path), picture.path)
            cache.store(
                APODEntry(
                    date: APODDay(described.day)!, title: described.title,
                    explanation: "An entry with alt text, as science.nasa.gov sends it.",
                    copyright: "Test", mediaType: .image, imageURL: picture, hdImageURL: picture,
                    altText: described.altText))
        }
    }

    /// The viewer on a described day with the random grid of every stored picture.
    private func launchViewer(_ extra: [String] = ["--random", "40"]) throws {
        try storeDescribedDays()
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = nil
        _ = try launch(["--offline", "--date", describedDays[0].day] + extra, environment: environment)
    }

    /// Reads the tree until `condition` holds (the viewer fills its windows as pictures load).
    private func waitForTree(
        _ what: String, timeout: TimeInterval = 40,
        _ condition: (AccessibilityTree) -> Bool
    ) throws -> AccessibilityTree {
        let deadline = Date().addingTimeInterval(timeout)
        var last: AccessibilityTree?
        var lastError: (any Error)?
        while Date() < deadline {
            do {
                let tree = try AccessibilityProbe.tree()
                last = tree
                if condition(tree) { return tree }
            } catch {
                lastError = error
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        XCTFail(
            "timed out waiting until \(what); windows: \(last?.windows.map(\.name) ?? [])"
                + (last == nil ? "; the tree could not be read: \(lastError.map { "\($0)" } ?? "")" : ""))
        throw XCTSkip("no tree")
    }

    /// Asks the application over D-Bus (`gapplication action` does the same).
    private func activateAppAction(_ action: AppAction, _ parameter: String? = nil) throws {
        let arguments = [action.rawValue, parameter.map { "[<\($0)>]" } ?? "[]", "{}"]
        let result = try gdbusCall("org.freedesktop.Application.ActivateAction", arguments)
        XCTAssertEqual(result.status, 0, result.output)
    }

    // MARK: - Assertions

    private func assertEveryControlNamed(
        in window: AccessibilityTree.Window, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertFalse(window.controls.isEmpty, "\(window.name): no controls found", file: file, line: line)
        for control in window.controls where !control.hasRealName {
            XCTFail(
                "\(window.name): a \(control.role) at \(control.path) is named \"\(control.name)\"", file: file,
                line: line)
        }
    }

    /// Presses Tab until the focus comes round again and checks the stops: every control on
    /// screen is reached, in reading order.
    private func assertTabReadsInOrder(
        _ window: AccessibilityTree.Window, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let controls = window.tabbableControls
        let stops = try AccessibilityProbe.tab(controls.count * 2 + 6).compactMap { $0 }
        var cycle: [AccessibilityTree.Node] = []
        for stop in stops {
            if let first = cycle.first, first.path == stop.path { break }
            if !cycle.contains(where: { $0.path == stop.path }) { cycle.append(stop) }
        }
        // A stop is the control at its path, or, when the tree has changed around it since the
        // snapshot (a state's page shown or hidden shifts its siblings' paths), the one control
        // of its role and name.
        func snapshotPath(of stop: AccessibilityTree.Node) -> [Int]? {
            if controls.contains(where: { $0.path == stop.path }) { return stop.path }
            let alike = controls.filter { $0.role == stop.role && $0.name == stop.name }
            return alike.count == 1 ? alike[0].path : nil
        }
        let reachedPaths = cycle.compactMap(snapshotPath)
        let reached = Set(reachedPaths)
        for control in controls where !reached.contains(control.path) {
            XCTFail(
                "\(window.name): Tab never reaches the \(control.role) \"\(control.name)\" at \(control.path); "
                    + "it goes to \(cycle.map { "\($0.role) \"\($0.name)\"" })", file: file, line: line)
        }
        let expected = AccessibilityTree.readingOrder(controls).map(\.path)
        let order = reachedPaths
        guard let start = order.first, let offset = expected.firstIndex(of: start) else { return }
        let rotated = Array(expected[offset...] + expected[..<offset]).filter { order.contains($0) }
        XCTAssertEqual(
            order.map { window.node(at: $0)?.name ?? "?" }, rotated.map { window.node(at: $0)?.name ?? "?" },
            "\(window.name): Tab follows the reading order", file: file, line: line)
    }

    /// Each of the main window's seven views is one page tab: libadwaita 1.2 keeps the view
    /// switchers it does not show (the wide one squeezed out, the bottom bar's while hidden)
    /// visible, and the app keeps them from screen readers.
    private func assertEachViewListedOnce(
        in window: AccessibilityTree.Window, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let tabs = window.controls.filter { $0.role == "page tab" }.map(\.name)
        XCTAssertEqual(
            tabs.sorted(), ["Browse", "Favourites", "History", "On This Day", "Random", "Search", "Today"],
            "\(window.name): the views' tabs", file: file, line: line)
    }

    // MARK: - Tests

    func testTheRandomViewNamesEveryControlCellAndPictureAndTabFollowsReadingOrder() throws {
        try launchViewer()
        let names = expectedPictureNames
        let tree = try waitForTree("the Random view holds every stored picture") { tree in
            tree.window(named: "APOD Viewer")?.controls.filter { $0.role == "table cell" }.count == names.count
        }
        let random = try XCTUnwrap(tree.window(named: "APOD Viewer"))
        assertEveryControlNamed(in: random)
        assertEachViewListedOnce(in: random)
        for cell in random.controls where cell.role == "table cell" {
            let labels = random.descendants(of: cell).filter { $0.role == "label" }.map(\.name)
            XCTAssertEqual(labels.count, 2, "the title and the date")
            let title = labels.first ?? "?"
            let date = labels.last ?? "?"
            XCTAssertNotNil(date.range(of: #"^\d{4} "#, options: .regularExpression), date)
            // The sample's one video day says so.
            let expected = title == "Sample: Video of a Night Sky" ? "\(title), video, \(date)" : "\(title), \(date)"
            XCTAssertEqual(cell.name, expected, "a cell is named by its entry's title and date")
            let picture = random.descendants(of: cell).first { $0.role == "image" }
            XCTAssertEqual(picture?.name, names[title], "the picture of \(title) is named by its alt text")
        }
        XCTAssertTrue(random.isActive, "the window is in front")
        try assertTabReadsInOrder(random)
    }

    /// Today, as the viewer opens without `--random`.
    func testTodayNamesEveryControlAndPictureAndTabFollowsReadingOrder() throws {
        try launchViewer([])
        let withToday = try waitForTree("Today shows its picture") { tree in
            tree.window(named: "APOD Viewer")?.onScreen.contains {
                $0.role == "image" && $0.name == self.describedDays[0].altText
            } == true
        }
        let today = try XCTUnwrap(withToday.window(named: "APOD Viewer"))
        assertEveryControlNamed(in: today)
        assertEachViewListedOnce(in: today)
        XCTAssertTrue(today.controls.contains { $0.name == "Open Details" }, "a visible way to the details")
        try assertTabReadsInOrder(today)
    }

    func testTheDetailPreferencesAboutAndListWindowsNameEveryControlAndTabFollowsReadingOrder() throws {
        try launchViewer()
        let names = expectedPictureNames
        _ = try waitForTree("the Random view is in front with its cells") { tree in
            tree.activeWindow?.name == "APOD Viewer"
                && tree.activeWindow?.controls.contains { $0.role == "table cell" } == true
        }
        // The sample's video: its detail window has the most controls over the picture (play,
        // and the batch's previous and next).
        let title = "Sample: Video of a Night Sky"
        // A cell is named by its title, "video" on a video day, and date (data/sample/entries.json
        // has the date).
        let cell = try AccessibilityProbe.tab(to: "\(title), video, \(APODDay("2026-10-16")!.displayString)")
        XCTAssertEqual(cell?.role, "table cell", "Tab reaches the video's grid cell")
        try AccessibilityProbe.press(keysym: 0xFF0D)
        let play = "Play the video on science.nasa.gov in your browser"
        // The play button is mapped a frame after the picture under load: wait for both.
        let withDetail = try waitForTree("Enter opens the cell's detail window with its picture and play button") {
            tree in
            guard let detail = tree.window(named: title), detail.isActive else { return false }
            return detail.onScreen.contains { $0.role == "image" && !$0.name.isEmpty }
                && detail.controls.contains { $0.name == play }
        }
        let detail = try XCTUnwrap(withDetail.window(named: title))
        assertEveryControlNamed(in: detail)
        XCTAssertEqual(
            detail.onScreen.first { $0.role == "image" && !$0.name.isEmpty }?.name, names[title],
            "the detail picture is named by its alt text")
        XCTAssertTrue(detail.controls.contains { $0.name == "Previous picture" })
        try assertTabReadsInOrder(detail)

        try activateAppAction(.preferences)
        let withPreferences = try waitForTree("Preferences is in front") { $0.activeWindow?.name == "Preferences" }
        let preferences = try XCTUnwrap(withPreferences.activeWindow)
        assertEveryControlNamed(in: preferences)
        try assertTabReadsInOrder(preferences)
        try AccessibilityProbe.press(keysym: 0xFF1B)
        _ = try waitForTree("Preferences closed") { $0.window(named: "Preferences") == nil }

        // History is a view of the main window.
        try activateAppAction(.history)
        let withHistory = try waitForTree("History is shown in the main window") { tree in
            tree.window(named: "APOD Viewer")?.onScreen.contains {
                $0.role == "label" && $0.name.contains("viewed recently")
            } == true
        }
        let history = try XCTUnwrap(withHistory.window(named: "APOD Viewer"))
        assertEveryControlNamed(in: history)
        // Only the view shown is in the tree: Random's controls, shown before, are not.
        XCTAssertFalse(
            history.nodes.contains { $0.name == "Shuffle" || $0.name == "How many pictures" },
            "the Random view behind History is kept from screen readers")
        try activateAppAction(.about)
        let withAbout = try waitForTree("the about window is in front") { tree in
            tree.activeWindow.map { $0.onScreen.contains { $0.role == "label" && $0.name == AppVersion.current } }
                == true
        }
        let about = try XCTUnwrap(withAbout.activeWindow)
        assertEveryControlNamed(in: about)
        try assertTabReadsInOrder(about)
    }

    func testToastsAndErrorsReachScreenReadersAsAlerts() throws {
        // A stored day whose picture is gone: the main window says so on its failure page.
        let broken = APODDay("2001-01-04")!
        let missing = TestConfiguration.sampleDirectory.appendingPathComponent("images/not-there.jpg")
        MetadataCache(root: home.appendingPathComponent("cache/apod-viewer"), partition: "science")
            .store(
                APODEntry(
                    date: broken, title: "Broken Picture", explanation: "x", mediaType: .image,
                    imageURL: missing, hdImageURL: missing))
        try launchViewer([])
        _ = try waitForTree("the main window shows its picture") { tree in
            tree.window(named: "APOD Viewer")?.onScreen.contains {
                $0.role == "image" && $0.name == self.describedDays[0].altText
            } == true
        }

        let copy = try gdbusCall(
            "org.gtk.Actions.Activate", ["copy-link", "[]", "{}"], path: Self.objectPath + "/window/1")
        XCTAssertEqual(copy.status, 0, copy.output)
        let toast = try waitForTree("the toast is in the tree") { tree in
            tree.window(named: "APOD Viewer")?.onScreen.contains { $0.name == "Link copied" } == true
        }
        XCTAssertEqual(
            toast.window(named: "APOD Viewer")?.onScreen.first { $0.name == "Link copied" }?.role, "alert",
            "a toast is an alert")

        try activateAppAction(.showDate, "'17/12/2020'")
        let message = "\"17/12/2020\" is not a date: use YYYY-MM-DD, e.g. 2020-12-17."
        _ = try waitForTree("the error strip is an alert named by its message") { tree in
            tree.window(named: "APOD Viewer")?.onScreen.contains { $0.role == "alert" && $0.name == message } == true
        }

        try activateAppAction(.showDate, "'\(broken.description)'")
        let failed = try waitForTree("the failure page is an alert") { tree in
            tree.window(named: "APOD Viewer")?.onScreen.contains {
                $0.role == "alert" && $0.name == "The picture could not be shown"
            } == true
        }
        let page = try XCTUnwrap(
            failed.window(named: "APOD Viewer")?.onScreen.first { $0.name == "The picture could not be shown" })
        let window = try XCTUnwrap(failed.window(named: "APOD Viewer"))
        XCTAssertTrue(
            window.descendants(of: page).contains { $0.role == "label" && $0.name.contains("picture") },
            "the page says why: \(window.descendants(of: page).map(\.name))")
    }
}
