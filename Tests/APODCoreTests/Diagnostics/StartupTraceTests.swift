import XCTest

@testable import APODCore

final class StartupTraceLinesTests: XCTestCase {
    func testTraceLinesAreReadAndOtherLinesIgnored() {
        let stderr = """
            apod-trace: 0.062 s process-start
            Gtk-WARNING: something else
            apod-trace: 0.544 s renderer-chosen cairo (over llvmpipe (LLVM 15.0.6, 256 bits))
            apod-trace: 1.635 s window-mapped
            apod-trace: nonsense
            apod-trace: 2.0 s no-such-step
            """
        XCTAssertEqual(
            StartupTrace.lines(in: stderr),
            [
                StartupTrace.Line(seconds: 0.062, step: .processStart, detail: ""),
                StartupTrace.Line(
                    seconds: 0.544, step: .rendererChosen, detail: "cairo (over llvmpipe (LLVM 15.0.6, 256 bits))"),
                StartupTrace.Line(seconds: 1.635, step: .windowMapped, detail: ""),
            ])
    }
}
