import Foundation
import XCTest

@testable import APODCore

/// What the daily picture keeps in the data folder, and the notification's words.
final class DailyFilesTests: CoreTestCase {
    func testOnlyTheCurrentAndPreviousBackgroundsAreKept() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-backgrounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let history = BackgroundHistory(dataFolder: DataFolder(root: root))
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])
        let first = try history.store(png, for: APODDay("2026-11-01")!)
        XCTAssertEqual(first.lastPathComponent, "apod-2026-11-01.png")
        history.becameCurrent(first)
        XCTAssertNil(history.previous)
        let second = try history.store(Data([0xFF, 0xD8, 0xFF, 0xE0]), for: APODDay("2026-11-02")!)
        history.becameCurrent(second)
        XCTAssertEqual(history.previous, first)
        let refused = try history.store(png, for: APODDay("2026-11-03")!)
        history.discard(refused)
        XCTAssertFalse(FileManager.default.fileExists(atPath: refused.path))
        let third = try history.store(png, for: APODDay("2026-11-04")!)
        history.becameCurrent(third)
        XCTAssertEqual(history.kept, [second, third])
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.path), "older pictures are removed")
        history.dropCurrent()
        XCTAssertEqual(history.kept, [second], "after Skip")
        XCTAssertFalse(FileManager.default.fileExists(atPath: third.path))
    }

    /// A spanned background's lock-screen picture lives and goes with it.
    func testTheLockScreenCopyIsKeptAndRemovedWithItsBackground() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-backgrounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let history = BackgroundHistory(dataFolder: DataFolder(root: root))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let first = try history.store(jpeg, for: APODDay("2026-11-01")!)
        let firstLock = try history.storeLockScreenCopy(jpeg, besides: first)
        XCTAssertEqual(firstLock.lastPathComponent, "apod-2026-11-01.lock-screen.jpg")
        XCTAssertEqual(history.lockScreenCopy(of: first), firstLock)
        history.becameCurrent(first)
        XCTAssertTrue(FileManager.default.fileExists(atPath: firstLock.path), "kept with its background")
        XCTAssertEqual(history.currentDay, APODDay("2026-11-01"))

        let refused = try history.store(jpeg, for: APODDay("2026-11-02")!)
        let refusedLock = try history.storeLockScreenCopy(jpeg, besides: refused)
        history.discard(refused)
        XCTAssertFalse(FileManager.default.fileExists(atPath: refusedLock.path), "discarded with it")

        history.becameCurrent(try history.store(jpeg, for: APODDay("2026-11-03")!))
        history.becameCurrent(try history.store(jpeg, for: APODDay("2026-11-04")!))
        XCTAssertFalse(FileManager.default.fileExists(atPath: firstLock.path), "removed with its background")
        XCTAssertNil(history.lockScreenCopy(of: first))
    }

    /// Spanned backgrounds made for the monitors' layouts: found again by what they were made
    /// for, the newest three kept with their lock-screen copies (besides the backgrounds kept
    /// for "Skip"), the rest removed; a composition replacing the current one after a change of
    /// the monitors leaves the one before for "Skip".
    func testTheLastThreeCompositionsAreKeptAndFoundAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-compositions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let history = BackgroundHistory(dataFolder: DataFolder(root: root))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let yesterday = try history.store(jpeg, for: APODDay("2026-11-30")!)
        history.becameCurrent(yesterday)
        let day = APODDay("2026-12-01")!
        var files: [URL] = []
        for layout in ["A", "B", "C", "D"] {
            let file = try history.storeComposition(jpeg, for: day, key: "layout \(layout)")
            _ = try history.storeLockScreenCopy(jpeg, besides: file)
            files.append(file)
            if layout == "A" {
                history.becameCurrent(file)
            } else {
                history.replacedCurrent(with: file)
            }
        }
        XCTAssertEqual(Set(files).count, 4, "a file per layout")
        XCTAssertEqual(history.currentDay, day, "read from a composition's name: \(files[3].lastPathComponent)")
        XCTAssertEqual(history.previous, yesterday, "Skip still puts yesterday's back")
        XCTAssertNil(history.composition(for: "layout A"), "only the newest three")
        XCTAssertFalse(FileManager.default.fileExists(atPath: files[0].path))
        XCTAssertNil(history.lockScreenCopy(of: files[0]), "removed with its composition")
        for (index, layout) in ["B", "C", "D"].enumerated() {
            XCTAssertEqual(history.composition(for: "layout \(layout)"), files[index + 1])
            XCTAssertNotNil(history.lockScreenCopy(of: files[index + 1]))
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: history.folder.path).sorted()
        XCTAssertEqual(onDisk.count, 1 + 3 * 2, "yesterday's, and three compositions with their copies: \(onDisk)")

        // The same layout made again replaces its entry rather than adding one.
        let again = try history.storeComposition(jpeg, for: day, key: "layout C")
        XCTAssertEqual(again, files[2])
        XCTAssertEqual(history.compositions.map(\.key), ["layout B", "layout D", "layout C"])
    }

    /// What a background shows is kept beside it, read by a new process (a restart), and goes
    /// with its file.
    func testWhatABackgroundShowsIsKeptWithIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-backgrounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let history = BackgroundHistory(dataFolder: DataFolder(root: root))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let day = APODEntry(date: APODDay("2026-11-01")!, title: "Day", explanation: "", mediaType: .image)
        let favourite = APODEntry(date: APODDay("2019-01-04")!, title: "Favourite", explanation: "", mediaType: .image)
        let first = try history.store(jpeg, for: day.date)
        history.becameCurrent(first)
        XCTAssertNil(history.shows(of: first), "nothing recorded")
        let shows = BackgroundShows(entry: day, perMonitor: [day, favourite], key: "1280x1024 2026-11-01,2019-01-04")
        history.record(shows, for: first)
        XCTAssertEqual(BackgroundHistory(dataFolder: DataFolder(root: root)).shows(of: first), shows)

        var next = day
        next.date = APODDay("2026-11-02")!
        let second = try history.store(jpeg, for: next.date)
        history.becameCurrent(second)
        let picked = BackgroundShows(
            entry: next, key: "one", monitors: [MonitorPick(monitor: "eDP-1", entry: favourite)],
            layout: "1280x1024@1+0+0")
        history.record(picked, for: second)
        XCTAssertEqual(history.shows(of: first), shows, "the one before keeps its record, for Skip")
        let read = BackgroundHistory(dataFolder: DataFolder(root: root)).shows(of: second)
        XCTAssertEqual(read, picked, "each monitor's picture and the layout, read by a new process")
        XCTAssertEqual(read?.picture(of: "eDP-1"), favourite)
        XCTAssertNil(read?.picture(of: "HDMI-1"))

        let third = try history.store(jpeg, for: APODDay("2026-11-03")!)
        history.becameCurrent(third)
        XCTAssertNil(history.shows(of: first), "gone with its file")
        history.record(BackgroundShows(entry: day), for: third)
        XCTAssertEqual(history.shows(of: third), BackgroundShows(entry: day))
    }

    func testFirstSentence() {
        XCTAssertEqual(
            DailyAnnouncement.firstSentence(of: "What is that glow over\n the hills?  It is an aurora."),
            "What is that glow over the hills?")
        XCTAssertEqual(
            DailyAnnouncement.firstSentence(of: "Seen from M. 31 at 2.5 Mly, the Milky Way shines. More."),
            "Seen from M. 31 at 2.5 Mly, the Milky Way shines.")
        let long = String(repeating: "word ", count: 60)
        let shortened = DailyAnnouncement.firstSentence(of: long)
        XCTAssertTrue(shortened.hasSuffix("word…"))
        XCTAssertLessThanOrEqual(shortened.count, 181)
        XCTAssertEqual(DailyAnnouncement.firstSentence(of: ""), "")
    }
}
