import Synchronization
import TestSupport
import XCTest

@testable import APODCore

/// Whether a picture suits a monitor, reading its size from the first bytes, and choosing a day
/// per monitor from an index of known shapes.
final class PictureShapeTests: CoreTestCase {
    private let landscape = PictureShape(width: 1920, height: 1080)
    private let portrait = PictureShape(width: 1080, height: 1920)

    func testASuitablePictureIsCloseInShapeAndCoversTheMonitor() {
        XCTAssertTrue(PictureShape(width: 3840, height: 2160).suits(landscape))
        XCTAssertFalse(PictureShape(width: 3840, height: 2160).suits(portrait), "a narrow crop")
        XCTAssertTrue(PictureShape(width: 1350, height: 1920).suits(portrait), "0.70 against 0.5625: within 25 %")
        XCTAssertFalse(PictureShape(width: 1500, height: 1920).suits(portrait), "0.78: more than 25 % wider")
        XCTAssertTrue(PictureShape(width: 720, height: 1280).suits(portrait), "1.5× enlargement")
        XCTAssertFalse(PictureShape(width: 700, height: 1244).suits(portrait), "more than 1.5×")
        XCTAssertFalse(PictureShape.unusable.suits(portrait))
        XCTAssertEqual(ImageHeader(width: 20_000, height: 20_000).shape, .unusable, "too large to decode")
    }

    /// A JPEG stored landscape with an EXIF orientation of a quarter turn is shown portrait.
    func testAQuarterTurnOfTheEXIFOrientationSwapsTheSides() {
        let plain = StructuredImages.jpeg(width: 4000, height: 3000)
        func turned(_ orientation: Int, bigEndian: Bool = false) -> PictureShape? {
            var segment = Data([0xFF, 0xE1, 0, 0])
            segment.append(contentsOf: Array("Exif".utf8) + [0, 0])
            segment.append(contentsOf: Array((bigEndian ? "MM" : "II").utf8))
            for (value, size) in [
                (42, 2), (8, 4), (1, 2), (0x0112, 2), (3, 2), (1, 4), (orientation, 2), (0, 2), (0, 4),
            ] {
                let bytes: [UInt8] = (0..<size).map { UInt8((value >> (8 * $0)) & 0xFF) }
                segment.append(contentsOf: bigEndian ? bytes.reversed() : bytes)
            }
            segment[3] = UInt8(segment.count - 2)
            return ImageHeader.uprightShape(of: plain.prefix(2) + segment + plain.dropFirst(2))
        }
        XCTAssertEqual(ImageHeader.uprightShape(of: plain), PictureShape(width: 4000, height: 3000))
        XCTAssertEqual(turned(1), PictureShape(width: 4000, height: 3000))
        XCTAssertEqual(turned(3), PictureShape(width: 4000, height: 3000), "half a turn")
        XCTAssertEqual(turned(6), PictureShape(width: 3000, height: 4000))
        XCTAssertEqual(turned(8, bigEndian: true), PictureShape(width: 3000, height: 4000))
        XCTAssertEqual(turned(9), PictureShape(width: 4000, height: 3000), "not an orientation")
    }
}

final class PictureShapeProbeTests: CoreTestCase, @unchecked Sendable {
    private let client = HTTPClient(timeout: 5, retryPolicy: .none)

    private func picture(_ server: FakeHTTPServer, _ name: String) -> APODEntry {
        APODEntry(
            date: APODDay("2024-01-01")!, title: name, hdImageURL: server.baseURL.appendingPathComponent(name))
    }

    /// Answers Range requests with the bytes asked for (206), as the CDN does.
    private static func ranged(_ body: Data, _ request: FakeRequest) -> FakeResponse {
        guard let range = request.headers["range"], range.hasPrefix("bytes=0-"),
            let last = Int(range.dropFirst("bytes=0-".count))
        else { return .data(body, contentType: "image/jpeg") }
        var response = FakeResponse.data(body.prefix(last + 1), contentType: "image/jpeg", status: 206)
        response.headers["Content-Range"] = "bytes 0-\(min(last, body.count - 1))/\(body.count)"
        return response
    }

    func testTheSizeComesFromTheFirstBytesOfARangeRequest() async throws {
        let jpeg = StructuredImages.jpeg(width: 1080, height: 1920, scanBytes: 400_000)
        let server = try FakeHTTPServer { Self.ranged(jpeg, $0) }
        defer { server.stop() }
        let finding = await PictureShapeProbe(client: client, images: nil).find(picture(server, "tall.jpg"))
        XCTAssertEqual(finding.shape, PictureShape(width: 1080, height: 1920))
        XCTAssertEqual(server.requests.first?.headers["range"], "bytes=0-65535")
        XCTAssertLessThanOrEqual(finding.bytesRead, PictureShapeProbe.headerCap)
    }

    func testAServerThatIgnoresTheRangeIsCutOffAtTheCap() async throws {
        // Three 60 KB APP2 segments (an ICC profile's worth each) before the frame header: the
        // size lies past the cap, and the whole file is 4 MB.
        var deepJPEG = Data([0xFF, 0xD8])
        for _ in 0..<3 {
            deepJPEG.append(contentsOf: [0xFF, 0xE2, 0xEA, 0x62])
            deepJPEG.append(Data(repeating: 0x22, count: 60_000))
        }
        deepJPEG.append(StructuredImages.jpeg(width: 4000, height: 3000, scanBytes: 4_000_000).dropFirst(2))
        let jpeg = deepJPEG
        let whole = StructuredImages.jpeg(width: 4000, height: 3000, scanBytes: 4_000_000)
        let server = try FakeHTTPServer { request in
            .data(request.path == "/deep.jpg" ? jpeg : whole, contentType: "image/jpeg")
        }
        defer { server.stop() }
        let probe = PictureShapeProbe(client: client, images: nil)

        let deep = await probe.find(picture(server, "deep.jpg"))
        XCTAssertEqual(deep.shape, .unusable, "no size within the cap: not asked again")
        XCTAssertLessThanOrEqual(deep.bytesRead, PictureShapeProbe.headerCap)

        let early = await probe.find(picture(server, "whole.jpg"))
        XCTAssertEqual(early.shape, PictureShape(width: 4000, height: 3000))
        XCTAssertLessThanOrEqual(early.bytesRead, PictureShapeProbe.headerCap, "the rest is never read")
    }

    func testAMissingPictureIsUnusableAndAServerErrorIsAskedAgainLater() async throws {
        let server = try FakeHTTPServer { request in
            request.path == "/gone.jpg" ? .html("no", status: 404) : .html("busy", status: 503)
        }
        defer { server.stop() }
        let probe = PictureShapeProbe(client: client, images: nil)
        let gone = await probe.shape(of: picture(server, "gone.jpg"))
        XCTAssertEqual(gone, .unusable)
        let busy = await probe.shape(of: picture(server, "busy.jpg"))
        XCTAssertNil(busy)
        let video = await probe.shape(of: APODEntry(date: APODDay("2024-01-02")!, title: "A film", mediaType: .video))
        XCTAssertEqual(video, .unusable, "no still")
    }

    func testACachedPictureIsReadWithoutARequest() async throws {
        let server = try FakeHTTPServer { _ in .html("no", status: 500) }
        defer { server.stop() }
        let cache = ImageDiskCache(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let entry = picture(server, "cached.png")
        cache.store(StructuredImages.png(width: 900, height: 1600), for: entry.hdImageURL!.absoluteString)
        let images = ImageLoader(client: client, cache: cache)
        let shape = await PictureShapeProbe(client: client, images: images).shape(of: entry)
        XCTAssertEqual(shape, PictureShape(width: 900, height: 1600))
        XCTAssertEqual(server.requests.count, 0)
    }
}

final class MonitorPictureChooserTests: CoreTestCase, @unchecked Sendable {
    private var folder: URL!
    private var index: ArchiveIndex!
    private let landscape = PictureShape(width: 1920, height: 1080)
    private let portrait = PictureShape(width: 1080, height: 1920)
    private let client = HTTPClient(timeout: 5, retryPolicy: .none)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("chooser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        index = try ArchiveIndex.open(in: folder, partition: "science")
    }

    override func tearDownWithError() throws {
        index = nil
        try? FileManager.default.removeItem(at: folder)
    }

    private func day(_ text: String) -> APODDay { APODDay(text)! }

    private func entry(_ date: String, base: URL = URL(string: "http://127.0.0.1:9")!) -> APODEntry {
        APODEntry(date: day(date), title: "Day \(date)", hdImageURL: base.appendingPathComponent("\(date).jpg"))
    }

    /// Days with known shapes, newest last.
    private func store(_ days: [(String, PictureShape?)], base: URL = URL(string: "http://127.0.0.1:9")!) throws {
        try index.store(days.map { entry($0.0, base: base) })
        for (date, shape) in days {
            if let shape { try index.storeShape(shape, of: day(date)) }
        }
    }

    private func chooser(_ client: HTTPClient? = nil) -> MonitorPictureChooser {
        MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: client, images: nil))
    }

    func testThePortraitMonitorGetsTheNewestPortraitDayAndTheLandscapeOneToday() async throws {
        try store([
            ("2024-05-01", PictureShape(width: 1200, height: 2000)),
            ("2024-05-02", PictureShape(width: 1100, height: 1900)),
            ("2024-05-03", PictureShape(width: 600, height: 1000)), // too small: over 1.5×
            ("2024-05-04", PictureShape(width: 5000, height: 3000)),
            ("2024-05-05", nil),
        ])
        var video = entry("2024-05-06")
        video.mediaType = .video
        try index.store([video])
        let today = entry("2024-05-07")
        let chosen = await chooser().choose(
            today: today, todayShape: PictureShape(width: 4000, height: 2250),
            monitors: [landscape, portrait, portrait], pool: .archive)
        XCTAssertEqual(chosen.map(\.date.description), ["2024-05-07", "2024-05-02", "2024-05-02"])
        XCTAssertEqual(try index.pictureShape(of: today.date), nil, "today is not in this index")
    }

    /// 3840×2160 at scale 2 beside 1080×1920 at scale 1 (the callers give device pixels): a
    /// picture is judged against the pixels each screen has, not its 1920×1080 logical size.
    func testMixedScalesAreJudgedInEachMonitorsDevicePixels() async throws {
        try store([
            ("2024-05-01", PictureShape(width: 2560, height: 1440)), // 1.5× on the 4K screen
            ("2024-05-02", PictureShape(width: 720, height: 1280)), // 1.5× on the portrait one
            ("2024-05-03", PictureShape(width: 1400, height: 788)), // covers 1920×1080, not 3840×2160
        ])
        let today = entry("2024-05-04")
        let chosen = await chooser().choose(
            today: today, todayShape: PictureShape(width: 1920, height: 1080),
            monitors: [PictureShape(width: 3840, height: 2160), portrait], pool: .archive)
        XCTAssertEqual(chosen.map(\.date.description), ["2024-05-01", "2024-05-02"])
        let next = await chooser().nextSuitable(
            for: PictureShape(width: 3840, height: 2160), olderThan: day("2024-05-04"), pool: .archive)
        XCTAssertEqual(next?.date.description, "2024-05-01", "the rotation passes the 1400×788 day too")
    }

    func testWithoutASuitableDayEveryMonitorShowsToday() async throws {
        try store([("2024-05-01", PictureShape(width: 4000, height: 3000))])
        let today = entry("2024-05-02")
        let chosen = await chooser().choose(
            today: today, todayShape: PictureShape(width: 4000, height: 2250), monitors: [landscape, portrait],
            pool: .archive)
        XCTAssertEqual(chosen, [today, today])
    }

    func testWhenTodaysShapeCannotBeFoundOutEveryMonitorShowsToday() async throws {
        try store([("2024-05-01", PictureShape(width: 1200, height: 2000)), ("2024-05-02", landscape)])
        let today = entry("2024-05-03")
        let chosen = await chooser().choose(
            today: today, todayShape: nil, monitors: [landscape, portrait], pool: .archive)
        XCTAssertEqual(chosen, [today, today], "not the newest landscape day in place of today's")
    }

    func testAPortraitTodayGoesToThePortraitMonitorAndTheLandscapeOneGetsALandscapeDay() async throws {
        try store([("2024-05-01", PictureShape(width: 3840, height: 2160)), ("2024-05-02", nil)])
        let today = entry("2024-05-02")
        let chosen = await chooser().choose(
            today: today, todayShape: PictureShape(width: 2000, height: 3200), monitors: [landscape, portrait],
            pool: .archive)
        XCTAssertEqual(chosen.map(\.date.description), ["2024-05-01", "2024-05-02"])
        XCTAssertEqual(try index.pictureShape(of: today.date), PictureShape(width: 2000, height: 3200), "kept")
    }

    func testFavouritesAreChosenFromWhenTheRotationIsOverThem() async throws {
        try store([
            ("2024-05-01", PictureShape(width: 1200, height: 2000)),
            ("2024-05-02", PictureShape(width: 1300, height: 2100)),
        ])
        let favourites = [entry("2024-05-01"), entry("2024-04-01")]
        let today = entry("2024-05-03")
        let chosen = await chooser().choose(
            today: today, todayShape: landscape, monitors: [portrait], pool: .favourites(favourites))
        XCTAssertEqual(chosen.map(\.date.description), ["2024-05-01"], "the favourite, not the newer day")
    }

    func testTheRotationGetsTheNextSuitableDayOlderThanTheLastAndWrapsRound() async throws {
        try store([
            ("2024-05-01", PictureShape(width: 1200, height: 2000)),
            ("2024-05-02", landscape),
            ("2024-05-03", PictureShape(width: 1100, height: 1900)),
        ])
        let chooser = chooser()
        let first = await chooser.nextSuitable(for: portrait, olderThan: nil, pool: .archive)
        XCTAssertEqual(first?.date.description, "2024-05-03")
        let second = await chooser.nextSuitable(for: portrait, olderThan: day("2024-05-03"), pool: .archive)
        XCTAssertEqual(second?.date.description, "2024-05-01")
        let wrapped = await chooser.nextSuitable(for: portrait, olderThan: day("2024-05-01"), pool: .archive)
        XCTAssertEqual(wrapped?.date.description, "2024-05-03")
        let excluded = await chooser.nextSuitable(
            for: portrait, olderThan: day("2024-05-01"), pool: .archive, excluding: [day("2024-05-03")])
        XCTAssertNil(excluded, "2024-05-01 is the one on screen")
    }

    /// Unknown shapes are read newest first, two at a time, at most eight for one monitor, and
    /// kept: the next choice reads none of them again.
    func testUnknownShapesAreProbedTwoAtATimeWithinABudgetAndKept() async throws {
        let inFlight = Mutex((now: 0, most: 0))
        let tall = StructuredImages.jpeg(width: 1080, height: 1920)
        let wide = StructuredImages.jpeg(width: 1920, height: 1080)
        let server = try FakeHTTPServer { request in
            inFlight.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            Thread.sleep(forTimeInterval: 0.15)
            inFlight.withLock { $0.now -= 1 }
            return .data(request.path == "/2024-04-20.jpg" ? tall : wide, contentType: "image/jpeg")
        }
        defer { server.stop() }
        // 2024-04-01 … 2024-04-30 unknown; only 04-20 is tall, the eleventh newest.
        try store((1...30).map { (String(format: "2024-04-%02d", $0), nil) }, base: server.baseURL)
        let today = entry("2024-05-01", base: server.baseURL)
        let probing = chooser(client)
        let first = await probing.choose(today: today, todayShape: landscape, monitors: [portrait], pool: .archive)
        XCTAssertEqual(first, [today], "the tall day lies past the budget")
        XCTAssertEqual(server.requests.count, MonitorPictureChooser.probesPerChoice)
        XCTAssertEqual(inFlight.withLock { $0.most }, MonitorPictureChooser.probesAtOnce)
        XCTAssertEqual(try index.pictureShape(of: day("2024-04-30")), landscape)

        let second = await probing.choose(today: today, todayShape: landscape, monitors: [portrait], pool: .archive)
        XCTAssertEqual(second.map(\.date.description), ["2024-04-20"])
        XCTAssertEqual(server.requests.count, 12, "two more pairs, none read again")
        let third = await probing.choose(today: today, todayShape: landscape, monitors: [portrait], pool: .archive)
        XCTAssertEqual(third.map(\.date.description), ["2024-04-20"])
        XCTAssertEqual(server.requests.count, 12, "known now: no request")
    }
}
