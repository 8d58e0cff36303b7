import APODCore
import Foundation
import LoopbackServer
import TestSupport
import XCTest

/// `APOD_TRACE=1` on the real `apod-viewer`: the start-up timeline on stderr, each step once and
/// in the order start-up takes them, ending with the first frame that shows the picture.
final class StartupTraceTests: ViewerProcessTestCase {
    private var service: FakeHTTPServer?
    private var pictures: PictureServer?

    override func tearDown() {
        service?.stop()
        super.tearDown()
    }

    func testTheOfflineSampleTracesEveryStepUpToThePicturesFrame() throws {
        let lines = try trace(["--offline"], until: .firstPictureFrame)
        let steps = lines.map(\.step)
        for step: StartupTrace.Step in [
            .processStart, .gtkInit, .adwaitaInit, .rendererChosen, .windowMapped, .decodeStart, .decodeEnd,
        ] {
            XCTAssertEqual(steps.filter { $0 == step }.count, 1, "\(step) traced once: \(lines)")
        }
        XCTAssertFalse(steps.contains(.firstRequest), "the offline sample asks no server")
        // Asked before the first allocation: fitting the picture area expected, not the window.
        let asked = try XCTUnwrap(lines.first { $0.step == .pictureAsked }?.detail.split(separator: "x").first)
        XCTAssertLessThan(Int(asked) ?? .max, 1180 - 380, "the picture's box: \(lines)")
        let index = { (step: StartupTrace.Step) in steps.firstIndex(of: step) ?? -1 }
        for (earlier, later): (StartupTrace.Step, StartupTrace.Step) in [
            (.processStart, .gtkInit), (.gtkInit, .adwaitaInit), (.adwaitaInit, .rendererChosen),
            (.decodeStart, .decodeEnd), (.decodeEnd, .firstPictureFrame), (.windowMapped, .firstPictureFrame),
            (.entryAsked, .windowMapped), (.pictureAsked, .decodeStart),
        ] {
            XCTAssertLessThan(index(earlier), index(later), "\(earlier) before \(later): \(lines)")
        }
        XCTAssertEqual(
            steps.last { !StartupTrace.Step.afterFirstPicture.contains($0) }, .firstPictureFrame,
            "nothing on the way to the picture traced after its frame")
        XCTAssertEqual(lines.map(\.seconds), lines.map(\.seconds).sorted(), "time only goes forward")
        XCTAssertTrue(lines.allSatisfy { $0.seconds >= 0 && $0.seconds < 60 }, "timed from the process's start")
    }

    func testAServiceDaySendsItsRequestsAndTracesTheirFirstByteWithoutTheKey() throws {
        let pictures = try PictureServer()
        self.pictures = pictures
        let pictureURL = pictures.url("trace/640x400.jpg").absoluteString
        let server = try FakeHTTPServer { request in
            let day = request.query["date"] ?? "2020-12-17"
            return .json(
                #"{"date":"\#(day)","title":"Traced","explanation":"A day for the trace.","url":"\#(pictureURL)","hdurl":"\#(pictureURL)","media_type":"image","service_version":"v1"}"#
            )
        }
        service = server
        var environment = ProcessInfo.processInfo.environment
        environment["NASA_API_KEY"] = "TRACEKEY0123456789"
        let route = server.baseURL.appendingPathComponent("planetary/apod").absoluteString
        let lines = try trace(
            ["--source", "legacy", "--api-url", route, "--date", "2020-12-17"], environment: environment,
            until: .firstPictureFrame)
        let steps = lines.map(\.step)
        for step: StartupTrace.Step in [.firstRequest, .firstByte, .decodeStart, .decodeEnd, .firstPictureFrame] {
            XCTAssertTrue(steps.contains(step), "\(step) traced: \(lines)")
        }
        let request = try XCTUnwrap(lines.first { $0.step == .firstRequest })
        XCTAssertEqual(request.detail, "/planetary/apod", "the path, never the query with its key")
        XCTAssertFalse(lines.contains { $0.detail.contains("TRACEKEY") })
        XCTAssertFalse(steps.contains(.diskSync), "no fsync on the way to the first picture (the cache's): \(lines)")
        let index = { (step: StartupTrace.Step) in steps.firstIndex(of: step)! }
        XCTAssertLessThan(index(.entryAsked), index(.windowMapped), "the day is asked for before the window shows")
        XCTAssertLessThan(index(.firstRequest), index(.firstByte))
        XCTAssertLessThan(index(.firstByte), index(.decodeEnd))
        XCTAssertLessThan(index(.decodeEnd), index(.firstPictureFrame))
    }

    /// Opening the index and the library, the history write and the Shell's search provider
    /// wait until the first picture is on screen: each is traced once, after its frame.
    func testWhatTheFirstPictureDoesNotNeedWaitsForItsFrame() throws {
        // The renderer's probe has a test of its own: under this run's GSK_RENDERER nothing is probed.
        let deferred = StartupTrace.Step.afterFirstPicture.subtracting([.rendererProbed])
        let lines = try trace(["--offline"], untilAll: deferred.union([.firstPictureFrame]))
        let steps = lines.map(\.step)
        let frame = try XCTUnwrap(steps.firstIndex(of: .firstPictureFrame), "\(lines)")
        for step in deferred {
            XCTAssertEqual(steps.filter { $0 == step }.count, 1, "\(step) traced once: \(lines)")
            XCTAssertGreaterThan(steps.firstIndex(of: step) ?? -1, frame, "\(step) after the first picture: \(lines)")
        }
    }

    /// A first start knows no renderer: it draws with cairo without loading GL and, after its
    /// first picture, a child probes GL and keeps the answer. The next start takes it (Xvfb's GL
    /// is software: cairo, again without GL). A `GSK_RENDERER` still wins over the record.
    func testTheRendererIsProbedAfterTheFirstPictureAndRememberedWithoutLoadingGL() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = nil
        environment["GDK_DEBUG"] = nil
        let record = home.appendingPathComponent("state/apod-viewer/renderer")
        var mapped = ""
        let first = try trace(
            ["--offline"], environment: environment, untilAll: [.firstPictureFrame, .rendererProbed]
        ) { mapped = $0 }
        XCTAssertEqual(first.first { $0.step == .rendererChosen }?.detail, "cairo (GL not loaded until probed)")
        XCTAssertTrue(mapped.contains("/libgtk-4.so"), "the first start's mappings were read")
        XCTAssertFalse(mapped.contains("_dri.so") || mapped.contains("libGLX_mesa"), "the first start loaded no GL")
        let steps = first.map(\.step)
        XCTAssertGreaterThan(
            steps.firstIndex(of: .rendererProbed) ?? -1, steps.firstIndex(of: .firstPictureFrame) ?? .max,
            "probed after the first picture: \(first)")
        let kept = try XCTUnwrap(RendererRecord.load(from: record), "the probe kept what it found")
        XCTAssertEqual(kept.renderer, "GskCairoRenderer", "Xvfb's GL is software: cairo draws")
        XCTAssertNotNil(kept.glRenderer, "the probe made a GL context")

        let second = try trace(["--offline"], environment: environment, until: .firstPictureFrame) { mapped = $0 }
        let secondChoice = try XCTUnwrap(second.first { $0.step == .rendererChosen }?.detail)
        XCTAssertTrue(secondChoice.hasPrefix("cairo (over ") && secondChoice.hasSuffix(", remembered"), secondChoice)
        XCTAssertTrue(mapped.contains("/libgtk-4.so"), "the second start's mappings were read")
        XCTAssertFalse(mapped.contains("_dri.so") || mapped.contains("libGLX_mesa"), "GTK started without loading GL")
        XCTAssertEqual(RendererRecord.load(from: record), kept, "a remembered start leaves the record as it is")

        environment["GSK_RENDERER"] = "cairo"
        let named = try trace(["--offline"], environment: environment, until: .firstPictureFrame) { mapped = $0 }
        XCTAssertEqual(named.first { $0.step == .rendererChosen }?.detail, "GSK_RENDERER=cairo")
        XCTAssertTrue(mapped.contains("_dri.so") || mapped.contains("libGLX_mesa"), "GL is GTK's to load then")
    }

    func testWithoutTheVariableNothingIsTraced() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["APOD_TRACE"] = nil
        let output = try stderr(of: ["--offline"], environment: environment, for: 4)
        XCTAssertFalse(output.contains(StartupTrace.prefix), output)
    }

    /// The viewer's trace lines, read until `last` is traced (or 30 s).
    private func trace(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        until last: StartupTrace.Step, mappings: ((String) -> Void)? = nil
    ) throws -> [StartupTrace.Line] {
        try trace(arguments, environment: environment, untilAll: [last], mappings: mappings)
    }

    /// The viewer's trace lines, read until every step of `wanted` is traced (or 30 s).
    private func trace(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        untilAll wanted: Set<StartupTrace.Step>, mappings: ((String) -> Void)? = nil
    ) throws -> [StartupTrace.Line] {
        var environment = environment
        environment["APOD_TRACE"] = "1"
        let file = home.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let process = try launch(arguments, environment: environment, standardError: handle)
        let read = { StartupTrace.lines(in: (try? String(contentsOf: file, encoding: .utf8)) ?? "") }
        XCTAssertTrue(wait(30) { Set(read().map(\.step)).isSuperset(of: wanted) }, "\(wanted) traced: \(read())")
        if let mappings {
            // Read to the end: procfs files have no size, and a read by size stops early.
            let maps = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps")?.readDataToEndOfFile()
            mappings(String(decoding: maps ?? Data(), as: UTF8.self))
        }
        process.terminate()
        process.waitUntilExit()
        return read()
    }

    private func stderr(of arguments: [String], environment: [String: String], for seconds: TimeInterval) throws
        -> String
    {
        let file = home.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let process = try launch(arguments, environment: environment, standardError: handle)
        Thread.sleep(forTimeInterval: seconds)
        process.terminate()
        process.waitUntilExit()
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
