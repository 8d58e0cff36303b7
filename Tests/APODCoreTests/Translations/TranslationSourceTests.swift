import LoopbackServer
import Synchronization
import XCTest

@testable import APODCore

/// The mirror through the app's HTTP client: answers kept in the index, "none" asked again a
/// day later, at most two requests at once, and every failure a quiet lookup, never an error.
final class TranslationSourceTests: CoreTestCase {
    private let clock = TestClock(day: "2026-11-28")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("translations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A mirror serving a page for each day asked, in the ways real pages come.
    private func mirror(_ respond: @escaping @Sendable (FakeRequest) -> FakeResponse) throws -> (
        TranslationSource, FakeHTTPServer
    ) {
        let server = try FakeHTTPServer(handler: respond)
        let index = try ArchiveIndex.open(in: folder, partition: "science", calendar: clock.calendar)
        let source = TranslationSource(
            base: server.baseURL.appendingPathComponent("astrolab/mirrors/apod/"), client: TestHTTP.client(timeout: 2),
            index: index, calendar: clock.calendar)
        return (source, server)
    }

    private static func page(for request: FakeRequest, text: FakeMirror.Text = FakeMirror.texts[0]) -> String {
        let day = FakeMirror.day(of: request)!
        return FakeMirror.page(year: day.year, month: day.month, day: day.day, text: text)
    }

    func testTranslationsComeFromTheMirrorAndAreKept() async throws {
        let (source, server) = try mirror { request in
            FakeResponse(headers: ["Content-Type": "text/html"], body: Data(Self.page(for: request).utf8))
        }
        defer { server.stop() }
        let day = APODDay("2015-04-02")!
        let lookup = try await source.translation(for: day)
        let translation = try XCTUnwrap(lookup.translation)
        XCTAssertEqual(translation.title, "冰島夜空中的北極光")
        XCTAssertEqual(translation.translator, FakeMirror.translator)
        XCTAssertEqual(translation.pageURL.path, "/astrolab/mirrors/apod/ap150402.html")
        XCTAssertEqual(server.requests.map(\.path), ["/astrolab/mirrors/apod/ap150402.html"])
        _ = try await source.translation(for: day)
        XCTAssertEqual(server.requests.count, 1, "kept in the index")
        XCTAssertEqual(source.stored(day), lookup)
    }

    /// A stretch of days' kept titles in one read (Browse's wall): translated days only, inside
    /// the stretch.
    func testStoredTitlesOfAStretchOfDays() async throws {
        let (source, server) = try mirror { request in
            FakeMirror.day(of: request)?.day == 3
                ? .html("<h1>Not Found</h1>", status: 404)
                : FakeResponse(headers: ["Content-Type": "text/html"], body: Data(Self.page(for: request).utf8))
        }
        defer { server.stop() }
        for day in ["2015-04-01", "2015-04-02", "2015-04-03", "2015-04-05"] {
            _ = try await source.translation(for: APODDay(day)!)
        }
        let titles = source.storedTitles(from: APODDay("2015-04-02")!, through: APODDay("2015-04-04")!)
        XCTAssertEqual(titles, [APODDay("2015-04-02")!: "冰島夜空中的北極光"], "04-03 has none, 04-01 and 04-05 are outside")
        XCTAssertEqual(source.storedTitles(from: APODDay("2015-04-05")!, through: APODDay("2015-04-01")!), [:])
    }

    func testBig5WithoutCharsetHeaderIsRead() async throws {
        let (source, server) = try mirror { request in
            FakeResponse(headers: ["Content-Type": "text/html"], body: FakeMirror.big5(Self.page(for: request)))
        }
        defer { server.stop() }
        let translation = try await source.translation(for: APODDay("2015-04-02")!).translation
        XCTAssertEqual(translation?.title, "冰島夜空中的北極光")
    }

    func testWhatIsNoTranslation() async throws {
        let english = FakeMirror.Text(title: "Aurora", explanation: "The English text, copied untranslated.")
        let (source, server) = try mirror { request in
            let day = FakeMirror.day(of: request)!
            switch day.day {
            case 1: return FakeResponse.html("<h1>Not Found</h1>", status: 404)
            case 2: return .html(FakeMirror.page(year: 2015, month: 4, day: 9, text: FakeMirror.texts[0]), status: 200)
            case 3: return .html(Self.page(for: request, text: english), status: 200)
            case 4: return .html("<html><body><b>說明", status: 200)
            default:
                return FakeResponse(
                    headers: ["Content-Type": "text/html"], body: Data(repeating: 0x41, count: 5 << 20))
            }
        }
        defer { server.stop() }
        for day in 1...5 {
            let lookup = try await source.translation(for: APODDay(year: 2015, month: 4, day: day)!)
            XCTAssertEqual(lookup, .untranslated, "day \(day)")
        }
    }

    func testUntranslatedDaysAreAskedAgainADayLater() async throws {
        let translated = Mutex(false)
        let (source, server) = try mirror { request in
            translated.withLock { $0 }
                ? .html(Self.page(for: request), status: 200) : .html("<h1>Not Found</h1>", status: 404)
        }
        defer { server.stop() }
        let day = APODDay("2026-11-27")!
        let first = try await source.translation(for: day)
        XCTAssertEqual(first, .untranslated)
        translated.withLock { $0 = true }
        clock.advance(3600)
        let soon = try await source.translation(for: day)
        XCTAssertEqual(soon, .untranslated)
        XCTAssertEqual(server.requests.count, 1, "not asked again within the day")
        clock.advance(86_400)
        let later = try await source.translation(for: day)
        XCTAssertNotNil(later.translation)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testAnUnreachableMirrorIsQuietAndLeftAlone() async throws {
        let (source, server) = try mirror { _ in FakeResponse(status: 503) }
        defer { server.stop() }
        let first = try await source.translation(for: APODDay("2015-04-02")!)
        XCTAssertEqual(first, .unreachable)
        XCTAssertEqual(first.notice, "Cannot reach the Chinese mirror")
        let asked = server.requests.count
        let second = try await source.translation(for: APODDay("2015-04-03")!)
        XCTAssertEqual(second, .unreachable)
        XCTAssertEqual(server.requests.count, asked, "left alone for a while after failing")
        XCTAssertNil(source.stored(APODDay("2015-04-02")!), "a failure is not kept")
    }

    func testASlowMirrorEndsInTheTimeOut() async throws {
        let (source, server) = try mirror { _ in FakeResponse(fault: .hang) }
        defer { server.stop() }
        let started = Date()
        let lookup = try await within(
            30, "a hanging mirror", Task { try await source.translation(for: APODDay("2015-04-02")!) })
        XCTAssertEqual(lookup, .unreachable)
        XCTAssertLessThan(Date().timeIntervalSince(started), 25)
    }

    func testAtMostTwoRequestsAtOnce() async throws {
        let running = Mutex((now: 0, most: 0))
        let (source, server) = try mirror { request in
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            Thread.sleep(forTimeInterval: 0.15)
            running.withLock { $0.now -= 1 }
            return .html(Self.page(for: request), status: 200)
        }
        defer { server.stop() }
        try await withThrowingTaskGroup(of: TranslationLookup.self) { group in
            for day in 1...6 {
                group.addTask { try await source.translation(for: APODDay(year: 2015, month: 4, day: day)!) }
            }
            for try await lookup in group { XCTAssertNotNil(lookup.translation) }
        }
        XCTAssertEqual(running.withLock { $0.most }, 2)
    }
}
