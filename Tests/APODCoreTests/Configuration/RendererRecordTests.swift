import Foundation
import XCTest

@testable import APODCore

/// The renderer kept between launches: read back as written, believed for one fingerprint and
/// one week, and kept where the XDG spec keeps state.
final class RendererRecordTests: XCTestCase {
    private let written = Date(timeIntervalSince1970: 1_796_000_000)
    private let fingerprint = "display :99\n/usr/lib/libgtk-4.so.1 1700000000\n/usr/lib/dri -"

    func testARecordReadsBackAsWritten() throws {
        let cairo = RendererRecord(
            fingerprint: fingerprint, renderer: "GskCairoRenderer", glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)",
            written: written)
        XCTAssertEqual(RendererRecord(encoded: cairo.encoded), cairo)
        let noGL = RendererRecord(
            fingerprint: fingerprint, renderer: "GskCairoRenderer", glRenderer: nil, written: written)
        XCTAssertEqual(RendererRecord(encoded: noGL.encoded), noGL)
        XCTAssertFalse(cairo.encoded.dropLast().contains("\n\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("apod-viewer/renderer")
        try cairo.save(to: file)
        XCTAssertEqual(RendererRecord.load(from: file), cairo)
    }

    func testATornOrForeignFileIsNoRecord() {
        XCTAssertNil(RendererRecord(encoded: ""))
        XCTAssertNil(RendererRecord(encoded: "renderer=GskCairoRenderer\ngl=\n"), "no date, no fingerprint")
        XCTAssertNil(RendererRecord(encoded: "renderer=GskCairoRenderer\ngl=\nwritten=soon\nfingerprint=x\n"))
        XCTAssertNil(RendererRecord.load(from: URL(fileURLWithPath: "/nonexistent/renderer")))
    }

    func testARecordHoldsForItsFingerprintAndAWeek() {
        let record = RendererRecord(
            fingerprint: fingerprint, renderer: "GskGLRenderer", glRenderer: "V3D 4.2", written: written)
        XCTAssertTrue(record.isValid(for: fingerprint, at: written))
        XCTAssertTrue(record.isValid(for: fingerprint, at: written + 6 * 86_400 + 86_000))
        XCTAssertFalse(record.isValid(for: fingerprint, at: written + 7 * 86_400), "a week old: probe again")
        XCTAssertFalse(
            record.isValid(for: fingerprint, at: written - 60), "written in the future: the clock moved back")
        XCTAssertFalse(record.isValid(for: fingerprint.replacingOccurrences(of: ":99", with: ":0"), at: written))
        XCTAssertFalse(
            record.isValid(for: fingerprint.replacingOccurrences(of: "1700000000", with: "1700000001"), at: written))
        XCTAssertFalse(record.drewWithCairo)
        XCTAssertTrue(
            RendererRecord(fingerprint: "", renderer: "GskCairoRenderer", glRenderer: nil, written: written)
                .drewWithCairo)
    }

    func testTheRecordIsKeptInTheStateHome() {
        XCTAssertEqual(
            RendererRecord.file(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path, "/s/apod-viewer/renderer")
        XCTAssertEqual(
            RendererRecord.file(environment: ["XDG_STATE_HOME": "s", "HOME": "/h"]).path,
            "/h/.local/state/apod-viewer/renderer")
        XCTAssertEqual(RendererRecord.file(environment: ["HOME": "/h"]).path, "/h/.local/state/apod-viewer/renderer")
    }
}
