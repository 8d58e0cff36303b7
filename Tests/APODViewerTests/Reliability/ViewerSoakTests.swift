import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

#if canImport(Glibc)
    import Glibc
#endif

/// The soak: ten rounds of a 40-picture grid plus five detail windows opened and closed (50
/// windows, 400 thumbnails in all), every round with new picture URLs so each one downloads
/// and decodes again. Resident memory after the last round must stay within 20 % of the
/// figure after the first: textures, pixbufs, GBytes, windows and their controllers are freed.
///
/// Runs only with `APOD_SOAK=1` (`make soak`), so `make test` stays quick.
/// Prints RSS after every round; docs/reliability.md records the figures.
final class ViewerSoakTests: GUITestCase, @unchecked Sendable {
    /// Ten by default; `APOD_SOAK_ROUNDS` runs a longer soak.
    static let rounds = Int(ProcessInfo.processInfo.environment["APOD_SOAK_ROUNDS"] ?? "") ?? 10
    static let gridSize = 40
    static let detailsPerRound = 5
    private static let sizes = ["1600x1000", "1200x800", "2000x1300", "900x600"]

    private var cacheFolder: URL!

    /// glibc's `malloc_trim`, which Swift's Glibc module does not export.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    override func setUpWithError() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["APOD_SOAK"] == "1", "the soak runs with APOD_SOAK=1 (make soak)")
        try super.setUpWithError()
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-soak-\(UUID().uuidString)")
    }

    override func tearDown() {
        super.tearDown()
        if let cacheFolder { try? FileManager.default.removeItem(at: cacheFolder) }
    }

    private func batch(round: Int) -> [APODEntry] {
        (0..<Self.gridSize).map { index in
            let day = APODDay("1996-01-01")!.adding(days: round * Self.gridSize + index)
            return entry(
                day.description, title: "Round \(round) picture \(index)",
                picture: "/soak/r\(round)/c\(index)/\(Self.sizes[index % Self.sizes.count]).jpg")
        }
    }

    /// Resident set size in MB from /proc/self/status, after returning freed heap pages to the
    /// system (glibc keeps them otherwise, which would hide a leak's absence, not its presence).
    private func residentMegabytes() -> Double {
        Self.mallocTrim?(0)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }

    func testFiftyDetailWindowsAndTenGridsOfFortyDoNotGrowMemory() throws {
        try MainActor.assumeIsolated {
            let first = batch(round: 0)
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")], random: first)
            // The shipped texture cache (its default bound), so the figures are the real steady state.
            let loader = ImageLoader(
                client: HTTPClient(timeout: 10, retryPolicy: .none),
                cache: ImageDiskCache(directory: cacheFolder))
            let textures = TextureCache()
            try start(source: source, fetcher: loader, textureCache: textures)
            var figures: [Double] = []
            let started = Date()
            for round in 0..<Self.rounds {
                let entries = round == 0 ? first : batch(round: round)
                source.setRandom(entries)
                if let grid = app.randomView {
                    grid.shuffleButton.activate()
                } else {
                    app.showRandom(count: Self.gridSize)
                }
                let grid = try XCTUnwrap(app.randomView)
                waitUntil("round \(round): 40 thumbnails", timeout: 90) {
                    grid.cells.count == Self.gridSize && grid.cells.allSatisfy(\.hasThumbnail)
                        && grid.cells[0].entry.date == entries[0].date
                }
                for index in 0..<Self.detailsPerRound {
                    let entry = entries[index * 7]
                    app.openDetail(for: entry)
                    let detail = try XCTUnwrap(app.detailWindows[entry.date])
                    waitUntil("round \(round): detail \(index) shows its picture") {
                        detail.picture.shownPixelSize != nil
                    }
                    detail.window.close()
                    waitUntil("round \(round): detail \(index) is gone") { app.detailWindows[entry.date] == nil }
                }
                waitForFrames()
                figures.append(residentMegabytes())
                print(
                    String(
                        format: "soak round %d: RSS %.1f MB, texture cache %d pictures, %.1f MB (%.1f MB off screen)",
                        round + 1, figures.last!, textures.count, Double(textures.totalBytes) / 1_048_576,
                        Double(textures.offScreenBytes) / 1_048_576))
            }
            let after = figures.last!
            let firstRound = figures.first!
            print(
                String(
                    format:
                        "soak: RSS after the first round %.1f MB, after %d rounds %.1f MB (%+.1f %%), %d detail windows, %d thumbnails, %.0f s",
                    firstRound, Self.rounds, after, (after / firstRound - 1) * 100,
                    Self.rounds * Self.detailsPerRound, Self.rounds * Self.gridSize, Date().timeIntervalSince(started)))
            XCTAssertLessThanOrEqual(after, firstRound * 1.2, "resident memory grew more than 20 %")
            XCTAssertLessThanOrEqual(
                textures.offScreenBytes, textures.capacity, "the cache keeps to its bound beyond the screen")
            XCTAssertEqual(
                Gtk.toplevelTitles.count, 2,
                "only the main and grid windows are left: every detail window was destroyed")
            XCTAssertTrue(app.detailWindows.isEmpty)
        }
    }
}
