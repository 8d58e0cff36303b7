import APODCore
import Synchronization
import TestSupport
import XCTest

@testable import WallpaperComposition

/// A spanned background whose pictures are chosen by each monitor's shape from an index of
/// known shapes: the portrait monitor shows the newest portrait day, whole and uncropped, the
/// landscape one today's.
final class ShapedSpanTests: XCTestCase {
    private typealias Colour = TestPicture.Colour
    private let red: Colour = (230, 20, 20)
    private let green: Colour = (20, 200, 40)
    private let blue: Colour = (20, 40, 230)
    private let yellow: Colour = (230, 220, 20)
    private let white: Colour = (240, 240, 240)
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shaped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func framed(width: Int, height: Int, frame: Colour, middle: Colour) -> Data {
        let picture = TestPicture(width: width, height: height, colour: middle)
        let edge = max(4, min(width, height) / 40)
        picture.fill(CanvasRect(x: 0, y: 0, width: width, height: edge), frame)
        picture.fill(CanvasRect(x: 0, y: height - edge, width: width, height: edge), frame)
        picture.fill(CanvasRect(x: 0, y: 0, width: edge, height: height), frame)
        picture.fill(CanvasRect(x: width - edge, y: 0, width: edge, height: height), frame)
        return picture.jpeg
    }

    private func entry(_ date: String) -> APODEntry {
        APODEntry(
            date: APODDay(date)!, title: "Day \(date)",
            hdImageURL: URL(string: "https://pictures.example/\(date).jpg"))
    }

    private func assertNear(
        _ span: RenderedSpan, _ x: Int, _ y: Int, _ colour: Colour, file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = span.pixel(x: x, y: y)
        let near =
            abs(Int(found.red) - Int(colour.red)) <= 40 && abs(Int(found.green) - Int(colour.green)) <= 40
            && abs(Int(found.blue) - Int(colour.blue)) <= 40
        XCTAssertTrue(near, "(\(x), \(y)) is \(found), not \(colour)", file: file, line: line)
    }

    /// Today 2024-05-05 is landscape; the index knows a newer landscape day, the portrait day
    /// 2024-05-03 and an older portrait day.
    private func gather(chooser: Bool, missing: String? = nil) async throws -> (
        MonitorLayout, SpannedScreens, PictureBytes
    ) {
        let index = try ArchiveIndex.open(in: folder, partition: "science")
        let days = ["2024-05-02", "2024-05-03", "2024-05-04"]
        try index.store(days.map(entry))
        try index.storeShape(PictureShape(width: 1080, height: 1920), of: APODDay("2024-05-02")!)
        try index.storeShape(PictureShape(width: 1080, height: 1920), of: APODDay("2024-05-03")!)
        try index.storeShape(PictureShape(width: 1920, height: 1080), of: APODDay("2024-05-04")!)
        var served = [
            "2024-05-02": framed(width: 1080, height: 1920, frame: white, middle: white),
            "2024-05-03": framed(width: 1080, height: 1920, frame: blue, middle: yellow),
            "2024-05-04": framed(width: 1920, height: 1080, frame: white, middle: white),
        ]
        if let missing { served[missing] = nil }
        let bytes = PictureBytes(served)
        let layout = try MonitorLayout.parse("960x540+0+0,540x960+960+0")
        let today = entry("2024-05-05")
        let pictures = await SpannedScreens.gather(
            today: today, data: framed(width: 1920, height: 1080, frame: red, middle: green), layout: layout,
            chooser: chooser
                ? MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: nil)) : nil,
            pool: .archive, picture: WallpaperPicture(images: bytes), width: nil, fit: .auto, caption: .title)
        return (layout, pictures, bytes)
    }

    func testThePortraitRegionHoldsThePortraitDayWholeAndTheLandscapeRegionToday() async throws {
        let (layout, pictures, bytes) = try await gather(chooser: true)
        XCTAssertEqual(pictures.entries.map(\.date.description), ["2024-05-05", "2024-05-03"])
        XCTAssertEqual(pictures.screens.map { $0.caption?.title }, ["Day 2024-05-05", "Day 2024-05-03"])
        XCTAssertEqual(bytes.asked, ["2024-05-03"], "only the chosen day is downloaded")
        let span = try SpannedComposer.render(layout, screens: pictures.screens)
        XCTAssertTrue(span.monitors[1].fit.showsWholePicture)
        assertNear(span, 480, 200, green)
        let portrait = layout.region(of: 1)
        assertNear(span, portrait.x + 270, portrait.y + 300, yellow)
        // The portrait day's frame lies on its region's edges: nothing of it was cut off.
        assertNear(span, portrait.x + 2, portrait.y + 480, blue)
        assertNear(span, portrait.maxX - 3, portrait.y + 480, blue)
        assertNear(span, portrait.x + 270, portrait.y + 2, blue)
        assertNear(span, portrait.x + 270, portrait.maxY - 3, blue)
        // Today's frame at the landscape monitor's edge.
        assertNear(span, portrait.x - 3, 270, red)
    }

    /// 1920×1080 at scale 2 beside 540×960 at scale 1: the canvas is drawn at scale 2, so the
    /// portrait region is 1080×1920 canvas pixels for 540×960 device pixels. A 360×640 day covers
    /// the portrait screen at 1.5× its own pixels: it is chosen and fills its region, not left at
    /// 1.5× the canvas's pixels over a backdrop.
    func testMixedScalesJudgeTheEnlargementInEachMonitorsDevicePixels() async throws {
        let index = try ArchiveIndex.open(in: folder, partition: "science")
        try index.store(["2024-05-03", "2024-05-04"].map(entry))
        try index.storeShape(PictureShape(width: 360, height: 640), of: APODDay("2024-05-03")!)
        try index.storeShape(PictureShape(width: 300, height: 533), of: APODDay("2024-05-04")!)
        let bytes = PictureBytes([
            "2024-05-03": framed(width: 360, height: 640, frame: blue, middle: yellow),
            "2024-05-04": framed(width: 300, height: 533, frame: white, middle: white),
        ])
        let layout = try MonitorLayout.parse("1920x1080@2+0+0,540x960@1+960+0")
        let pictures = await SpannedScreens.gather(
            today: entry("2024-05-05"), data: framed(width: 1280, height: 720, frame: red, middle: green),
            layout: layout,
            chooser: MonitorPictureChooser(index: index, probe: PictureShapeProbe(client: nil, images: nil)),
            pool: .archive, picture: WallpaperPicture(images: bytes), width: nil, fit: .auto, caption: .none)
        XCTAssertEqual(pictures.entries.map(\.date.description), ["2024-05-05", "2024-05-03"])
        let span = try SpannedComposer.render(layout, screens: pictures.screens)
        XCTAssertEqual(span.size, CanvasSize(width: 3000, height: 1920))
        XCTAssertEqual(span.monitors[0].fit.kind, .fill)
        XCTAssertFalse(span.monitors[0].fit.needsBackdrop, "1280×720 covers 1920×1080 at 1.5×")
        XCTAssertFalse(span.monitors[1].fit.needsBackdrop, "360×640 covers 540×960 at 1.5×")
        let portrait = layout.region(of: 1)
        XCTAssertEqual(portrait, CanvasRect(x: 1920, y: 0, width: 1080, height: 1920))
        assertNear(span, portrait.x + 540, portrait.y + 960, yellow)
        assertNear(span, portrait.x + 4, portrait.y + 960, blue)
        assertNear(span, portrait.maxX - 5, portrait.y + 960, blue)
        assertNear(span, portrait.x + 540, portrait.y + 4, blue)
        assertNear(span, portrait.x + 540, portrait.maxY - 5, blue)
        assertNear(span, 960, 540, green)
        assertNear(span, portrait.x - 5, 540, red)
    }

    func testAStandInThatCannotBeDownloadedLeavesItsMonitorToday() async throws {
        let (_, pictures, bytes) = try await gather(chooser: true, missing: "2024-05-03")
        XCTAssertEqual(bytes.asked, ["2024-05-03"])
        XCTAssertEqual(pictures.entries.map(\.date.description), ["2024-05-05", "2024-05-05"])
        XCTAssertEqual(pictures.screens.map { $0.caption?.title }, ["Day 2024-05-05", "Day 2024-05-05"])
    }

    func testTheSamePictureOnEveryScreenKeepsTodayOnBoth() async throws {
        let (_, pictures, bytes) = try await gather(chooser: false)
        XCTAssertEqual(pictures.entries.map(\.date.description), ["2024-05-05", "2024-05-05"])
        XCTAssertEqual(bytes.asked, [])
    }
}

/// Picture bytes by day, counting what was asked for.
private final class PictureBytes: ImageFetching, Sendable {
    private let pictures: [String: Data]
    private let log = Mutex<[String]>([])

    init(_ pictures: [String: Data]) { self.pictures = pictures }

    var asked: [String] { log.withLock { $0 } }

    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        let day = url.deletingPathExtension().lastPathComponent
        log.withLock { $0.append(day) }
        guard let data = pictures[day] else { throw APODError.notAnImage }
        return data
    }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }
}
