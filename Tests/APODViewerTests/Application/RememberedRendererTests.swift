import APODCore
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// The renderer an earlier run drew with, read before GTK starts: a valid record replaces the GL
/// probe and, when cairo drew, GTK starts without GL; `GSK_RENDERER` always wins.
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

    /// What a start that probed writes, read by the next start.
    private func keep(_ choice: RendererChoice, renderer: String, at now: Date = Date()) throws {
        let first = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertNil(first.record, "nothing kept yet")
        let record = try XCTUnwrap(
            first.record(after: choice, remembered: false, renderer: renderer, displayName: ":99", now: now))
        try record.save(to: first.file)
    }

    func testCairoOverSoftwareGLIsRememberedAndStartsGTKWithoutGL() throws {
        try keep(.cairoOverSoftwareGL(software), renderer: "GskCairoRenderer")
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.choice, .cairoOverSoftwareGL(software))
        XCTAssertTrue(next.disablesGL)
        XCTAssertEqual(next.file.path, folder.path + "/apod-viewer/renderer")
    }

    func testAGPUIsRememberedWithGLKept() throws {
        try keep(.gl("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"), renderer: "GskGLRenderer")
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.choice, .gl("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        XCTAssertFalse(next.disablesGL)
    }

    func testNoGLIsRememberedAsNoGL() throws {
        try keep(.noGL, renderer: "GskCairoRenderer")
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertEqual(next.choice, .noGL)
        XCTAssertTrue(next.disablesGL)
    }

    func testAnExplicitGSKRendererWinsOverTheRecord() throws {
        try keep(.cairoOverSoftwareGL(software), renderer: "GskCairoRenderer")
        var named = environment
        named["GSK_RENDERER"] = "gl"
        let next = RememberedRenderer(environment: named, libraries: libraries)
        XCTAssertNil(next.record)
        XCTAssertNil(next.choice)
        XCTAssertFalse(next.disablesGL)
        XCTAssertNil(
            next.record(after: .named("gl"), remembered: false, renderer: "GskGLRenderer", displayName: ":99"),
            "a named renderer teaches nothing")
    }

    func testAnotherDisplayOrLibraryOrAnOldRecordMeansAProbe() throws {
        try keep(.cairoOverSoftwareGL(software), renderer: "GskCairoRenderer", at: Date() - 8 * 86_400)
        XCTAssertNil(RememberedRenderer(environment: environment, libraries: libraries).record, "older than a week")
        try keep(.cairoOverSoftwareGL(software), renderer: "GskCairoRenderer")
        var other = environment
        other["DISPLAY"] = ":1"
        XCTAssertNil(RememberedRenderer(environment: other, libraries: libraries).record, "another display")
        let library = folder.appendingPathComponent("libgtk-4.so.1")
        FileManager.default.createFile(atPath: library.path, contents: Data())
        XCTAssertNil(
            RememberedRenderer(environment: environment, libraries: [library.path, "/nonexistent/dri"]).record,
            "GTK's library changed")
        XCTAssertNotNil(RememberedRenderer(environment: environment, libraries: libraries).record)
    }

    func testARememberedStartKeepsTheRecordsDate() throws {
        try keep(.cairoOverSoftwareGL(software), renderer: "GskCairoRenderer")
        let next = RememberedRenderer(environment: environment, libraries: libraries)
        XCTAssertNil(
            next.record(
                after: .cairoOverSoftwareGL(software), remembered: true, renderer: "GskCairoRenderer",
                displayName: ":99"),
            "rewriting it would make it last for ever")
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
