import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The renderer known before GTK starts: an earlier probe's record, or cairo without GL until
/// the probe (a child, after the first picture) has run; `GSK_RENDERER` always wins.
final class RememberedRendererTests: XCTestCase {
    private var folder: URL!
    private let libraries = ["/nonexistent/libgtk-4.so.1", "/nonexistent/dri"]
    private let software = "llvmpipe (LLVM 15.0.6, 256 bits)"

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("remembered-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private var environment: [String: String] { ["XDG_STATE_HOME": folder.path, "DISPLAY": ":99", "HOME": "/h"] }

    /// What the probe writes, as the next start reads it.
    private func probe(_ choice: RendererChoice, at now: Date = Date()) throws {
        let start = RememberedRenderer(environment: environment, libraries: libraries)
        let record = try XCTUnwrap(start.record(probed: choice, displayName: ":99", now: now))
        try record.save(to: start.file)
    }

    func testAFirstStartDrawsWithCairoWithoutGLAndProbesAfterwards() {
        let first = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertNil(first.record)
        XCTAssertEqual(first.choice, .cairoUntilProbed)
        XCTAssertTrue(first.disablesGL)
        XCTAssertTrue(first.needsProbe)
        XCTAssertEqual(first.file.path, folder.path + "/apod-viewer/renderer")
    }

    func testSoftwareGLIsRememberedAndStartsGTKWithoutGL() throws {
        try probe(.cairoOverSoftwareGL(software))
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.record?.renderer, "GskCairoRenderer")
        XCTAssertEqual(next.choice, .cairoOverSoftwareGL(software))
        XCTAssertTrue(next.disablesGL)
        XCTAssertFalse(next.needsProbe)
    }

    func testAGPUIsRememberedWithGLKept() throws {
        try probe(.gl("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.record?.renderer, "GskGLRenderer")
        XCTAssertEqual(next.choice, .gl("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        XCTAssertFalse(next.disablesGL)
        XCTAssertFalse(next.needsProbe)
    }

    func testNoGLIsRememberedAsNoGL() throws {
        try probe(.noGL)
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.choice, .noGL)
        XCTAssertTrue(next.disablesGL)
    }

    func testAnExplicitGSKRendererWinsOverTheRecord() throws {
        try probe(.cairoOverSoftwareGL(software))
        var named = environment
        named["GSK_RENDERER"] = "gl"
        let next = RememberedRenderer(environment: named, libraries: libraries)
        XCTAssertNil(next.record)
        XCTAssertNil(next.choice)
        XCTAssertFalse(next.disablesGL)
        XCTAssertFalse(next.needsProbe)
        XCTAssertNil(next.record(probed: .named("gl"), displayName: ":99"), "a named renderer teaches nothing")
    }

    func testAWeekOldRecordIsUsedAndProbedAgain() throws {
        try probe(.gl("V3D 4.2"), at: Date() - 8 * 86_400)
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.choice, .gl("V3D 4.2"))
        XCTAssertTrue(next.needsProbe)
    }

    func testAnotherDisplayOrLibraryMeansNoRecord() throws {
        try probe(.cairoOverSoftwareGL(software))
        var other = environment
        other["DISPLAY"] = ":1"
        XCTAssertNil(RememberedRenderer(environment: other, libraries: libraries).record, "another display")
        let library = folder.appendingPathComponent("libgtk-4.so.1")
        FileManager.default.createFile(atPath: library.path, contents: Data())
        let upgraded = RememberedRenderer(environment: environment, libraries: [library.path, "/nonexistent/dri"])
        XCTAssertNil(upgraded.record, "GTK's library changed")
        XCTAssertEqual(upgraded.choice, .cairoUntilProbed)
        XCTAssertNotNil(RememberedRenderer(environment: environment, libraries: libraries).record)
    }

    func testTheDisplayIsNamedAsGDKNamesIt() {
        XCTAssertEqual(RememberedRenderer.displayName(environment: ["DISPLAY": ":0"]), ":0")
        XCTAssertEqual(
            RememberedRenderer.displayName(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1"]), "wayland-1")
        XCTAssertEqual(
            RememberedRenderer.displayName(environment: [
                "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1", "GDK_BACKEND": "x11",
            ]),
            ":0")
        XCTAssertEqual(RememberedRenderer.displayName(environment: ["GDK_BACKEND": "wayland"]), "wayland-0")
        XCTAssertNil(RememberedRenderer.displayName(environment: [:]))
    }

    /// The files whose change means another GTK or Mesa: found in this process, which maps GTK.
    func testTheFingerprintHoldsGTKsLibraryAndMesasFilesWithTheirTimes() throws {
        let files = RememberedRenderer.libraryFiles()
        XCTAssertEqual(files.count, 4, "\(files)")
        let gtk = try XCTUnwrap(files.first)
        XCTAssertTrue(gtk.contains("/libgtk-4.so"), gtk)
        XCTAssertEqual(
            files.dropFirst().map { ($0 as NSString).lastPathComponent },
            ["libGLX_mesa.so.0", "libEGL_mesa.so.0", "dri"])
        let fingerprint = RememberedRenderer.fingerprint(displayName: ":99", libraries: files)
        let lines = fingerprint.split(separator: "\n")
        XCTAssertEqual(lines.first, "display :99")
        XCTAssertNotNil(
            lines.dropFirst().first.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }, fingerprint)
    }

    func testGLIsDisabledByAddingToGDKDebug() {
        XCTAssertEqual(Gtk.debugFlags(adding: "gl-disable", to: nil), "gl-disable")
        XCTAssertEqual(Gtk.debugFlags(adding: "gl-disable", to: "events"), "events,gl-disable")
        XCTAssertEqual(Gtk.debugFlags(adding: "gl-disable", to: "events,gl-disable"), "events,gl-disable")
    }
}
