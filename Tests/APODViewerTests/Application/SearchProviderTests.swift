import APODCore
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// GNOME Shell's search provider, asked with `gdbus` as the Shell asks it: the built viewer is
/// started the way the Shell starts it (D-Bus activation, `--gapplication-service`) over an
/// archive index written here, on the private session bus `make test` provides.
final class SearchProviderTests: ViewerProcessTestCase {
    private static let path = SearchProvider.objectPath(applicationID: id)
    private static let method = "org.gnome.Shell.SearchProvider2."

    private let moon = APODEntry(
        date: APODDay("2019-07-20")!, title: "Apollo 11 on the Moon",
        explanation: "Footprints in lunar dust.", imageURL: URL(string: "https://apod.example/moon.jpg"))
    private let crescent = APODEntry(
        date: APODDay("2021-03-14")!, title: "A Crescent over the Sea",
        explanation: "The young moon sets after the Sun.", imageURL: URL(string: "https://apod.example/crescent.jpg"))
    private let comet = APODEntry(
        date: APODDay("2020-07-11")!, title: "Comet NEOWISE",
        explanation: "A comet's dust tail.", imageURL: URL(string: "https://apod.example/comet.jpg"))

    /// The viewer's environment, with its XDG folders in the test's home.
    private var viewerEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        return environment
    }

    /// Indexes the three entries where `--offline` reads its index, and caches the moon's picture.
    private func prepareArchive() throws {
        let cache = SourceConfiguration.defaultCacheDirectory(environment: viewerEnvironment)
        let dataFolder = DataFolder(root: home.appendingPathComponent("data/apod-viewer"))
        try dataFolder.openIndex(for: SourceConfiguration(kind: .offline, cacheDirectory: cache)).store([
            moon, crescent, comet,
        ])
        ImageDiskCache(directory: ImageDiskCache.directory(inCache: cache))
            .store(TestImages.jpeg(width: 640, height: 400), for: moon.imageURL!.absoluteString)
    }

    private func call(_ method: String, _ arguments: [String]) throws -> String {
        let result = try gdbus(
            [
                "call", "--session", "--dest", Self.id, "--object-path", Self.path,
                "--method", Self.method + method,
            ] + arguments)
        XCTAssertEqual(result.status, 0, "\(method): \(result.output)")
        return result.output
    }

    func testTheShellFindsTitlesFromTheIndexAndOpensThem() throws {
        try prepareArchive()
        let process = try launch(["--gapplication-service", "--offline"], environment: viewerEnvironment)
        XCTAssertTrue(wait(5) { self.ownsName() }, "the service took its bus name")

        // Title words weigh more than explanation words: the index's own ranking.
        XCTAssertEqual(try call("GetInitialResultSet", ["['moon']"]), "(['2019-07-20', '2021-03-14'],)\n")
        XCTAssertEqual(try call("GetInitialResultSet", ["['neowise']"]), "(['2020-07-11'],)\n")
        XCTAssertEqual(try call("GetInitialResultSet", ["['nothing-like-this']"]), "(@as [],)\n")
        XCTAssertEqual(
            try call("GetInitialResultSet", ["['\"(NOT', '*:']"]), "(@as [],)\n", "query syntax is searched as words")
        XCTAssertEqual(
            try call("GetSubsearchResultSet", ["['2019-07-20', '2021-03-14']", "['moon', 'sea']"]),
            "(['2021-03-14'],)\n")

        let metas = try call("GetResultMetas", ["['2019-07-20', '2021-03-14', '1900-01-01', 'banana']"])
        XCTAssertTrue(metas.contains("'name': <'Apollo 11 on the Moon'>"), metas)
        XCTAssertTrue(metas.contains("'description': <'\(DisplayDate.string(for: moon.date))'>"), metas)
        XCTAssertTrue(metas.contains("'name': <'A Crescent over the Sea'>"), metas)
        XCTAssertEqual(
            metas.components(separatedBy: "'icon': <('bytes', <[byte ").count, 2,
            "a thumbnail for the picture in the cache only: \(metas)")
        XCTAssertEqual(
            metas.components(separatedBy: "'gicon': <'\(Self.id)'>").count, 2,
            "the app's icon for the other: \(metas)")
        XCTAssertFalse(metas.contains("1900-01-01") || metas.contains("banana"), "IDs the index lacks are left out")
        // Any program on the bus may ask for one day thousands of times: one meta, and the
        // viewer stays on the bus (18,500 copies made a reply over D-Bus's limit and it quit).
        let repeated = "[" + Array(repeating: "'2019-07-20'", count: 6_000).joined(separator: ", ") + "]"
        let once = try call("GetResultMetas", [repeated])
        XCTAssertEqual(once.components(separatedBy: "'name': <'Apollo 11 on the Moon'>").count, 2, once)
        XCTAssertTrue(ownsName())

        XCTAssertFalse(hasWindow(), "searching opens no window")
        _ = try call("ActivateResult", ["2020-07-11", "['neowise']", "0"])
        XCTAssertTrue(wait(10) { self.hasWindow() }, "ActivateResult opened a window")
        XCTAssertTrue(process.isRunning)
    }

    func testTheIniFileNamesTheProvidersObject() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../data")
            .standardized
        let ini = try String(contentsOf: data.appendingPathComponent("\(Self.id).search-provider.ini"), encoding: .utf8)
        XCTAssertTrue(ini.hasPrefix("[Shell Search Provider]\n"), ini)
        for line in ["DesktopId=\(Self.id).desktop", "BusName=\(Self.id)", "ObjectPath=\(Self.path)", "Version=2"] {
            XCTAssertTrue(ini.contains("\n" + line + "\n"), line)
        }
    }
}

/// The same provider inside the test process, so the windows it opens can be looked at.
final class SearchProviderWindowTests: GUITestCase, @unchecked Sendable {
    func testActivateOpensTheDaysDetailAndLaunchSearchTheSearchWindow() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            let dataFolder = DataFolder(root: files.folder.appendingPathComponent("data"))
            let configuration = files.configuration(.offline)
            let day = entry("2020-12-17", title: "The Great Conjunction")
            try dataFolder.openIndex(for: configuration, calendar: calendar).store([day])
            try start(
                services: ViewerServices(
                    configuration: configuration, store: files.store, calendar: calendar,
                    dataFolder: dataFolder))
            let path = try XCTUnwrap(
                app.searchProvider.map { _ in SearchProvider.objectPath(applicationID: app.application.id) },
                "the provider is on the bus")
            let found = callProvider(path, "GetInitialResultSet", ["['conjunction']"])
            XCTAssertEqual(found, "(['2020-12-17'],)\n")

            _ = callProvider(path, "ActivateResult", ["2020-12-17", "['conjunction']", "0"])
            waitUntil("the day's detail window opened") { app.detailWindows[day.date] != nil }
            let detail = try XCTUnwrap(app.detailWindows[day.date])
            waitUntil("its picture is shown") { detail.picture.shownPixelSize != nil }
            saveScreenshot(of: detail.window, named: "detail-from-shell-search")

            _ = callProvider(path, "LaunchSearch", ["['great', 'conjunction']", "0"])
            let windows = try XCTUnwrap(app.archiveViews)
            waitUntil("the search window opened on the terms") {
                windows.searchView != nil && windows.searchField.text == "great conjunction"
            }
            let search = try XCTUnwrap(windows.searchView)
            waitUntil("the result is shown") { search.cells.first?.hasThumbnail == true }
            saveScreenshot(of: search.window, named: "search-from-shell-search")
        }
    }

    /// Every result has an icon: the app's while its picture is not cached, and the shown
    /// results' thumbnails are fetched meanwhile (at the icon's size, each once), so the next
    /// metas carry them.
    func testResultsWithoutACachedPictureGetTheAppsIconAndTheirThumbnailIsFetched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-shell-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let days = [
                entry("2020-12-17", title: "The Great Conjunction", picture: "/17/640x400.jpg"),
                entry("2020-12-18", title: "A Conjunction Seen", picture: "/18/640x400.jpg"),
            ]
            let latest = entry("2026-11-28", title: "Latest Sky", picture: "/28/1600x1000.jpg")
            let fetcher = RecordingFetcher()
            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder),
                configuration: SourceConfiguration(
                    kind: .science, cacheDirectory: folder.appendingPathComponent("cache")),
                calendar: calendar)
            try archive.openIndex().store(days + [latest])
            try start(
                environment: ViewerEnvironment(
                    source: FakeSource(entries: [latest]), pictures: PictureLoader(fetcher: fetcher),
                    calendar: calendar,
                    archive: archive))
            waitUntil("the main window's picture") { app.mainWindow?.pictureView.picture.shownPixelSize != nil }
            fetcher.cachesWhatItFetches = true
            let path = SearchProvider.objectPath(applicationID: app.application.id)
            let provider = try XCTUnwrap(app.searchProvider)
            let before = fetcher.urls.count

            let first = callProvider(path, "GetResultMetas", ["['2020-12-17', '2020-12-18']"])
            XCTAssertEqual(
                first.components(separatedBy: "'gicon': <'\(ViewerApplication.id)'>").count, 3,
                String(first.prefix(400)))
            XCTAssertFalse(first.contains("'icon'"), String(first.prefix(400)))
            waitUntil("the thumbnails fetched") { fetcher.urls.count == before + 2 && provider.iconFetches.count == 0 }
            let fetched = Array(fetcher.urls.suffix(2))
            XCTAssertEqual(
                Set(fetched),
                Set(
                    days.map {
                        ImageSizing.url($0.thumbnailSourceURL!, for: .thumbnail(width: SearchProvider.iconSize))
                            .absoluteString
                    }))

            let second = callProvider(path, "GetResultMetas", ["['2020-12-17', '2020-12-18']"])
            XCTAssertEqual(
                second.components(separatedBy: "'icon': <('bytes', <[byte ").count, 3, String(second.prefix(400)))
            XCTAssertFalse(second.contains("'gicon'"), String(second.prefix(400)))
            Gtk.iterate()
            XCTAssertEqual(fetcher.urls.count, before + 2, "nothing fetched twice")
        }
    }

    /// A program asking again and again (the hostile probe's 60 calls opened 61 windows) gets
    /// one window: a day's own when open, else the one the Shell's results opened, showing the
    /// day asked last.
    func testActivationsOpenOneWindow() throws {
        let files = TestConfiguration()
        defer { files.remove() }
        try MainActor.assumeIsolated {
            let dataFolder = DataFolder(root: files.folder.appendingPathComponent("data"))
            let configuration = files.configuration(.offline)
            let days = (1...30).map { entry(String(format: "2020-11-%02d", $0), title: "Day \($0)") }
            try dataFolder.openIndex(for: configuration, calendar: calendar).store(days)
            try start(
                services: ViewerServices(
                    configuration: configuration, store: files.store, calendar: calendar,
                    dataFolder: dataFolder))
            let windowsBefore = app.openWindowCount
            let path = SearchProvider.objectPath(applicationID: app.application.id)
            let call =
                "gdbus call --session --dest \(app.application.id) --object-path \(path) --method \(SearchProvider.interface).ActivateResult"
            let same = "for i in $(seq 30); do \(call) 2020-11-05 \"['day']\" 0 >/dev/null & done; wait"
            var outcome = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", same], timeout: 60) {
                Gtk.iterate()
            }
            XCTAssertEqual(outcome.status, 0, outcome.output)
            waitUntil("the day's detail window opened") { app.detailWindows[APODDay("2020-11-05")!] != nil }
            waitForFrames()
            XCTAssertEqual(app.openWindowCount, windowsBefore + 1, "one window for the day")

            let each = "for d in $(seq -w 1 30); do \(call) 2020-11-$d \"['day']\" 0 >/dev/null; done"
            outcome = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", each], timeout: 60) {
                Gtk.iterate()
            }
            XCTAssertEqual(outcome.status, 0, outcome.output)
            waitUntil("the last day shown") { app.detailWindows[APODDay("2020-11-30")!] != nil }
            waitForFrames()
            XCTAssertEqual(app.openWindowCount, windowsBefore + 1, "still one window, on the day asked last")
        }
    }

    /// Calls the provider of this process with `gdbus` in a child, the main loop running meanwhile.
    @MainActor
    private func callProvider(_ path: String, _ method: String, _ arguments: [String]) -> String {
        let arguments =
            [
                "call", "--session", "--dest", app.application.id, "--object-path", path,
                "--method", SearchProvider.interface + "." + method,
            ] + arguments
        let outcome = try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/gdbus"), arguments, timeout: 20) {
            Gtk.iterate()
        }
        XCTAssertEqual(outcome?.status, 0, outcome?.output ?? "gdbus did not run")
        return outcome?.output ?? ""
    }
}
