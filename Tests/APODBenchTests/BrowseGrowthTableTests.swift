import XCTest

@testable import apod_bench

/// The browse row's growth line: the first screen under cairo at three sizes of the index, in
/// one run, with the ratios that say whether it grows with the archive.
final class BrowseGrowthTableTests: XCTestCase {
    private func row(_ flavour: String, days: Int, firstScreen: Double, renderer: RendererMode = .cairo) -> BenchRow {
        var measured = BrowseMeasurement()
        measured.days = days
        measured.firstScreenSeconds = firstScreen
        measured.cellsOnFirstScreen = 20
        measured.pagesCompleteSeconds = Double(days) / 2_000
        var row = BenchRow(
            name: "browse", flavour: flavour, seconds: firstScreen, mbDownloaded: 0, peakRSSMegabytes: 200,
            maxStallMilliseconds: 0)
        row.renderer = renderer.rawValue
        row.browse = measured
        return row
    }

    func testTheGrowthLineGivesTheFirstScreenAtEachSizeAndTheRatios() {
        let lines = BrowseBench.lines([
            row(BrowseBench.baselineFlavour, days: 336, firstScreen: 0.50),
            row(BrowseBench.growthFlavour, days: 5_000, firstScreen: 0.60),
            row("science-like", days: 11_412, firstScreen: 0.90),
            row("science-like", days: 11_412, firstScreen: 0.95, renderer: .automatic),
        ])
        let growth = lines.first { $0.contains("growth of the first screen") }
        XCTAssertEqual(
            growth,
            "info    browse   growth of the first screen under cairo, same run: 336 days 0.50 s, 5000 days 0.60 s, "
                + "11412 days 0.90 s; full / 5000 days 1.50×, 5000 days / newest year 1.20×; cells on it 20 / 20 / 20, "
                + "all pages in by 2.50 s / 5.71 s")
        XCTAssertEqual(
            lines.filter { $0.contains("first screen of thumbnails") }.count, 2,
            "the growth row is not one of the full index's renderers: \(lines)")
    }
}
