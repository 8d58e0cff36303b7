import LoopbackServer
import Synchronization
import XCTest

@testable import APODCore

/// `apod sync --translations` below the CLI: newest day first, two requests at a time, a mirror
/// that stops answering ends the run, and a later run asks only for what is still unknown.
final class TranslationSyncTests: CoreTestCase {
    private let clock = TestClock(day: "2026-11-28")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("translation-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// 2015-04-01…08 indexed in English.
    private func indexedWeek() throws -> ArchiveIndex {
        let index = try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
        try index.store(
            (1...8).map { APODEntry(date: APODDay(year: 2015, month: 4, day: $0)!, title: "Day \($0)") })
        return index
    }

    private func sync(_ index: ArchiveIndex, _ server: FakeHTTPServer) -> TranslationSync {
        let source = TranslationSource(
            base: server.baseURL, client: TestHTTP.client(timeout: 2), index: index, calendar: clock.calendar)
        return TranslationSync(source: source, index: index, calendar: clock.calendar)
    }

    func testStopsWhenTheMirrorIsUnreachableAndResumesLater() async throws {
        let index = try indexedWeek()
        let mirrorDown = Mutex(true)
        let running = Mutex((now: 0, most: 0, asked: 0))
        let server = try FakeHTTPServer { request in
            let day = FakeMirror.day(of: request)!
            let isFirst = running.withLock {
                $0.now += 1
                $0.asked += 1
                $0.most = max($0.most, $0.now)
                return $0.asked == 1
            }
            // The first request waits (up to 2 s) for the second, so two at a time is seen even
            // when a loaded machine is slow to send it.
            let deadline = Date().addingTimeInterval(isFirst ? 2 : 0.1)
            while Date() < deadline, !(isFirst && running.withLock({ $0.most }) >= 2) {
                Thread.sleep(forTimeInterval: 0.005)
            }
            running.withLock { $0.now -= 1 }
            if day.day == 1 { return .html("<h1>Not Found</h1>", status: 404) }
            if day.day <= 3, mirrorDown.withLock({ $0 }) { return FakeResponse(status: 503) }
            return .html(FakeMirror.page(year: 2015, month: 4, day: day.day, text: FakeMirror.texts[0]), status: 200)
        }
        defer { server.stop() }

        let totals = Mutex<[Int]>([])
        let first = try await sync(index, server).run { progress in totals.withLock { $0.append(progress.total) } }
        XCTAssertTrue(first.mirrorUnreachable)
        XCTAssertEqual(first.translated, 5, "08 down to 04 came before the mirror failed on 03")
        XCTAssertEqual(first.translationsIndexed, 5)
        XCTAssertLessThan(first.asked, 8, "the run ended instead of asking every day")
        XCTAssertEqual(Set(totals.withLock { $0 }), [8])
        let firstDays = server.requests.compactMap { FakeMirror.day(of: $0)?.day }
        XCTAssertTrue(Set(firstDays).isSuperset(of: [8, 7, 6, 5, 4]))
        // Each day as first asked (503s are retried); two at a time may swap neighbours, never more.
        var seen = Set<Int>()
        let order = firstDays.filter { seen.insert($0).inserted }
        XCTAssertTrue(zip(order, order.dropFirst(2)).allSatisfy { $0 > $1 }, "newest first: \(order)")
        XCTAssertFalse(firstDays.contains(1), "nothing asked once the mirror failed")
        XCTAssertEqual(running.withLock { $0.most }, 2, "two requests at a time")

        mirrorDown.withLock { $0 = false }
        let asked = server.requests.count
        let second = try await sync(index, server).run()
        XCTAssertFalse(second.mirrorUnreachable)
        let secondDays = server.requests.dropFirst(asked).compactMap { FakeMirror.day(of: $0)?.day }
        XCTAssertEqual(secondDays.sorted(by: >), [3, 2, 1], "only the days still unknown")
        XCTAssertEqual(second.asked, 3)
        XCTAssertEqual(second.translated, 2)
        XCTAssertEqual(second.translationsIndexed, 7, "day 1 has no translation")
        XCTAssertLessThanOrEqual(running.withLock { $0.most }, 2)

        let third = try await sync(index, server).run()
        XCTAssertEqual(third.asked, 0, "the untranslated day is not asked again within the day")
        clock.advance(2 * 86_400)
        let later = try await sync(index, server).run()
        XCTAssertEqual(later.asked, 1, "a day later the untranslated day is asked again")
    }
}
