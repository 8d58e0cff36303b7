import APODCore
import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import APODViewer

/// Every command is an application action, reachable from GActionGroup and over D-Bus.
final class ViewerActionsTests: GUITestCase, @unchecked Sendable {
    private var entries: [APODEntry] {
        [
            entry("2020-12-17", title: "The Great Conjunction"),
            entry("2026-11-27", title: "Day Before"),
            entry("2026-11-28", title: "Latest Sky"),
        ]
    }

    private func source() -> FakeSource {
        FakeSource(entries: entries, random: (1...8).map { entry("2001-01-0\($0)", title: "Random \($0)") })
    }

    func testEveryCommandIsAnApplicationActionWithItsParameterType() throws {
        try MainActor.assumeIsolated {
            try start(source())
            let names = Set(app.application.actionNames)
            for name in [
                "show-date", "random", "today", "previous", "next", "reload", "preferences",
                "shortcuts", "about", "quit",
            ] {
                XCTAssertTrue(names.contains(name), name)
            }
            XCTAssertEqual(app.application.parameterType(of: "show-date"), "s")
            XCTAssertEqual(app.application.parameterType(of: "random"), "i")
            XCTAssertNil(app.application.parameterType(of: "today"))
        }
    }

    /// The desktop file's `Actions=` are the app's actions without a parameter (GNOME Shell's app
    /// menu activates them with none, over D-Bus), each with a name and an `Exec=` for launchers
    /// that start the program instead; each shows its view, from whichever view is shown.
    func testTheDesktopFilesActionsShowTheirViews() throws {
        let desktop = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../data/\(ViewerApplication.id).desktop").standardized,
            encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-actions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let ids = AppAction.desktopActions.map(\.rawValue)
            XCTAssertTrue(desktop.contains("\nActions=\(ids.joined(separator: ";"));\n"), desktop)
            for id in ids {
                let group = try XCTUnwrap(desktop.components(separatedBy: "[Desktop Action \(id)]\n").last)
                let lines = group.components(separatedBy: "\n\n")[0].split(separator: "\n")
                XCTAssertTrue(lines.contains { $0.hasPrefix("Name=") && $0.count > 5 }, "\(id): \(lines)")
                XCTAssertTrue(lines.contains { $0.hasPrefix("Exec=apod-viewer") }, "\(id): \(lines)")
            }

            let archive = ArchiveAccess(
                dataFolder: DataFolder(root: folder),
                configuration: SourceConfiguration(
                    kind: .science, cacheDirectory: folder.appendingPathComponent("cache")),
                calendar: calendar)
            try archive.openIndex().store(entries)
            try start(
                environment: ViewerEnvironment(
                    source: source(), pictures: PictureLoader(fetcher: RecordingFetcher()), calendar: calendar,
                    archive: archive))
            let main = try XCTUnwrap(app.mainWindow)
            for (id, view) in [
                ("browse-archive", MainView.Name.browse), ("random-pictures", .random), ("today", .today),
            ] {
                XCTAssertNil(app.application.parameterType(of: id), id)
                app.application.activateAction(id)
                waitUntil("\(id) shows \(view)") { main.isShowing(view) }
            }
            XCTAssertEqual(app.openWindowCount, 1, "all in the main window")
        }
    }

    func testShowDateTodayPreviousAndNextDriveTheMainWindow() throws {
        try MainActor.assumeIsolated {
            try start(source())
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the latest entry is shown") { main.caption.titleLabel.text == "Latest Sky" }
            app.application.activateAction(AppAction.showDate, string: "2020-12-17")
            waitUntil("2020-12-17 is shown") { main.caption.titleLabel.text == "The Great Conjunction" }
            XCTAssertEqual(main.caption.dateLabel.text, "2020 Dec. 17")
            app.application.activateAction(AppAction.today)
            waitUntil("the latest entry is shown again") { main.caption.titleLabel.text == "Latest Sky" }
            app.application.activateAction(AppAction.previous)
            waitUntil("the day before is shown") { main.caption.titleLabel.text == "Day Before" }
            app.application.activateAction(AppAction.next)
            waitUntil("the latest entry is back") { main.caption.titleLabel.text == "Latest Sky" }
        }
    }

    func testABadDateIsExplainedInTheWindow() throws {
        try MainActor.assumeIsolated {
            try start(source())
            let main = try XCTUnwrap(app.mainWindow)
            app.application.activateAction(AppAction.showDate, string: "17/12/2020")
            XCTAssertEqual(main.banner.message, "\"17/12/2020\" is not a date: use YYYY-MM-DD, e.g. 2020-12-17.")
            XCTAssertEqual(main.banner.root.kind, .error)
        }
    }

    func testRandomWithACountOpensTheGridWithThatManyAndAnotherCountReloadsIt() throws {
        try MainActor.assumeIsolated {
            let fake = source()
            try start(fake)
            app.application.activateAction(AppAction.random, int: 3)
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("three cells") { grid.cells.count == 3 }
            app.application.activateAction(AppAction.random, int: 5)
            waitUntil("five cells") { grid.cells.count == 5 }
            XCTAssertTrue(app.randomView === grid)
            // Activation runs synchronously, and a new batch empties the grid before anything
            // else: five cells right after it mean no batch started.
            app.application.activateAction(AppAction.random, int: 0)
            XCTAssertEqual(grid.cells.count, 5, "0 presents the grid without a new batch")
            XCTAssertEqual(fake.requests.filter { $0.hasPrefix("random") }, ["random 3", "random 5"])
        }
    }

    func testActionsOpenTheMainWindowWhenItIsClosed() throws {
        try MainActor.assumeIsolated {
            try start(source())
            app.mainWindow?.window.close()
            waitUntil("the main window closed") { app.mainWindow == nil }
            app.application.activateAction(AppAction.showDate, string: "2020-12-17")
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("2020-12-17 is shown") { main.caption.titleLabel.text == "The Great Conjunction" }
        }
    }

    /// What a user types in a terminal, on the session bus `make test` starts.
    func testGapplicationActionReachesTheRunningApp() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            "no session bus (run under dbus-run-session)")
        let tool = URL(fileURLWithPath: "/usr/bin/gapplication")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: tool.path), "gapplication missing (libglib2.0-bin)")
        try MainActor.assumeIsolated {
            try start(source())
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the latest entry is shown") { main.caption.titleLabel.text == "Latest Sky" }
            let id = app.application.id

            let showDate = try run(tool, ["action", id, "show-date", "'2020-12-17'"])
            XCTAssertEqual(showDate.status, 0, showDate.output)
            waitUntil("2020-12-17 is shown") { main.caption.titleLabel.text == "The Great Conjunction" }

            let random = try run(tool, ["action", id, "random", "4"])
            XCTAssertEqual(random.status, 0, random.output)
            waitUntil("a grid of four") { app.randomView?.cells.count == 4 }
        }
    }

    /// `apod-viewer --date …` or `--random N` while the viewer runs: the new process hands the
    /// request to the running instance on the session bus and exits.
    func testASecondLaunchHandsDateAndRandomToTheRunningInstance() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            "no session bus (run under dbus-run-session)")
        let viewer = try BuiltViewer.url()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-second-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("APOD_") }
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        try MainActor.assumeIsolated {
            try start(source: source(), applicationID: ViewerApplication.id)
            defer { releaseBusName() }
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the latest entry is shown") { main.caption.titleLabel.text == "Latest Sky" }

            let date = try ChildProcess.run(
                viewer, ["--offline", "--date", "2020-12-17"], environment: environment,
                timeout: 20
            ) { MainActor.assumeIsolated { Gtk.iterate() } }
            XCTAssertEqual(date.status, 0, date.output)
            XCTAssertFalse(date.timedOut, "the second process exits at once")
            waitUntil("the running instance shows 2020-12-17") {
                main.caption.titleLabel.text == "The Great Conjunction"
            }

            let random = try ChildProcess.run(
                viewer, ["--offline", "--random", "3"], environment: environment,
                timeout: 20
            ) { MainActor.assumeIsolated { Gtk.iterate() } }
            XCTAssertEqual(random.status, 0, random.output)
            waitUntil("the running instance opens a grid of three") { app.randomView?.cells.count == 3 }
            XCTAssertTrue(app.mainWindow === main, "no second main window")
        }
    }

    /// Gives up the real application ID on the bus: the test's GApplication is never finalized,
    /// and while it owns the name every later `apod-viewer` process would hand itself to it.
    @MainActor
    private func releaseBusName() {
        let application = UnsafeMutablePointer<GApplication>(OpaquePointer(app.application.applicationPointer))
        guard let connection = g_application_get_dbus_connection(application) else { return }
        var name: OpaquePointer? = g_variant_new_string(ViewerApplication.id)
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus", "ReleaseName", g_variant_new_tuple(&name, 1),
            nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, nil)
        XCTAssertNotNil(reply, "the bus released the name")
        if let reply { g_variant_unref(reply) }
    }

    /// Runs a command while this thread keeps the main loop turning, so the app can answer it.
    @MainActor
    private func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ChildProcess.run(tool, arguments, timeout: 15) { MainActor.assumeIsolated { Gtk.iterate() } }
        XCTAssertFalse(outcome.timedOut, "\(tool.lastPathComponent) \(arguments.joined(separator: " ")) finished")
        return (outcome.status, outcome.output)
    }
}
