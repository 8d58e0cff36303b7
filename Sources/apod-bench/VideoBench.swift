import APODCore
import APODViewer
import CGtk
import Foundation
import GtkKit
import LoopbackServer
import Synchronization

/// `apod-bench --video-only`: the viewer's video player (`VideoPlayer`, the one Today and the
/// detail window use) against the clips `scripts/make-test-media` writes, served from
/// 127.0.0.1 at about 1 MB/s at APOD's real path. Each first frame is given against the same
/// file's first byte, fetched by the same HTTP client from the same server in the same run;
/// then the CPU the player costs while paused on screen and while its window is hidden, and
/// while a 1080p H.264 clip plays (with the frames GTK drew and the ones the clip had), and
/// the process's peak RSS, against its resident memory before any video. GTK starts and
/// chooses its renderer as the viewer does (`GSK_RENDERER` wins, as there). Needs a display
/// (the viewer's rows do too).
@MainActor
enum VideoBench {
    static let rate = 1_000_000

    struct Row {
        let name: String
        let value: String
        let note: String
    }

    static func run(mediaDirectory: URL) -> Never {
        guard let choice = ViewerLauncher.initializeGTKAsTheViewerDoes(environment: ProcessInfo.processInfo.environment)
        else { fail("--video-only needs a display (run it under xvfb-run)") }
        renderer = choice.traceName
        // Held for the whole run, as g_application_run holds it in the app: GTK's GStreamer sink
        // hands frames over with g_main_context_invoke, which runs them on the streaming thread
        // itself whenever that thread can take a free default context (while this one waits).
        g_main_context_acquire(nil)
        let small = mediaDirectory.appendingPathComponent("clip.mp4")
        let hd = mediaDirectory.appendingPathComponent("clip-1080p.mp4")
        guard let smallData = try? Data(contentsOf: small), let hdData = try? Data(contentsOf: hd) else {
            fail("no clips in \(mediaDirectory.path): run scripts/make-test-media DIR hd")
        }
        let server: FakeHTTPServer
        do {
            server = try FakeHTTPServer { request in
                switch request.path {
                case "/apod/image/2607/clip.mp4": return .data(smallData, contentType: "video/mp4")
                case "/apod/image/2607/clip-1080p.mp4": return .data(hdData, contentType: "video/mp4")
                default: return .html("", status: 404)
                }
            }
        } catch {
            fail("no loopback server: \(error)")
        }
        server.profile = NetworkProfile(roundTrip: 0.04, bytesPerSecond: rate)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-video-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let client = HTTPClient()
        let downloads = VideoDownload(client: client, cache: VideoCache(directory: cache, capacity: 1 << 30))

        let window = Window()
        window.setDefaultSize(width: 960, height: 600)
        let player = VideoPlayer(downloads: downloads)
        window.setChild(player.root)
        window.present()
        wait(seconds: 0.5)

        var rows: [Row] = [
            Row(
                name: "RSS before any video", value: String(format: "%.0f MB", PeakMemory.residentMegabytes()),
                note: "whole process, window on screen, \(renderer)")
        ]
        for (name, path, bytes) in [
            ("320×180 H.264, 3 s", "/apod/image/2607/clip.mp4", smallData.count),
            ("1080p H.264, 10 s", "/apod/image/2607/clip-1080p.mp4", hdData.count),
        ] {
            let url = server.baseURL.appendingPathComponent(String(path.dropFirst()))
            let firstByte = firstByteSeconds(url, client: client)
            let started = Clock.now()
            player.load(url, playing: false)
            _ = Gtk.iterate(until: { player.state != .loading }, timeout: 120)
            guard player.state == .ready else { fail("\(name): \(player.state)") }
            waitForFrame(of: player.video)
            let firstFrame = Clock.now() - started
            let megabytes = String(format: "%.1f MB", Double(bytes) / 1_000_000)
            rows.append(
                Row(
                    name: "first frame, \(name) (\(megabytes))",
                    value: String(format: "%.2f s", firstFrame),
                    note: String(
                        format: "first byte %.2f s; frame − byte %.2f s (goal ≤ 1.5 s)", firstByte,
                        firstFrame - firstByte)))
        }

        // The 1080p clip is loaded, whole, and paused on screen now.
        _ = Gtk.iterate(until: { !player.isDownloading }, timeout: 60)
        wait(seconds: 1)
        rows.append(
            Row(
                name: "RSS, 1080p paused on screen", value: String(format: "%.0f MB", PeakMemory.residentMegabytes()),
                note: "whole process: what a paused player's pipeline and frame hold over the row before any video"))
        rows.append(Row(name: "CPU paused on screen", value: cpu(over: 10), note: "per 10 s (goal ≤ 0.05 s)"))
        window.isVisible = false
        rows.append(Row(name: "CPU paused, window hidden", value: cpu(over: 10), note: "per 10 s (goal ≤ 0.05 s)"))
        window.present()
        wait(seconds: 0.5)
        guard let media = player.media else { fail("no stream") }
        let counter = FrameTally(video: player.video, media: media)
        media.seek(to: 0)
        media.play()
        let playingCPU = cpu(over: 10)
        rows.append(
            Row(
                name: "CPU playing 1080p H.264", value: playingCPU,
                note: "per 10 s, \(renderer)"))
        rows.append(
            Row(
                name: "frames while playing 1080p", value: "\(counter.drawn) drawn",
                note:
                    "\(counter.videoFrames) new video frames of 300 (30 fps × 10 s): \(max(0, 300 - counter.videoFrames)) dropped"
            ))
        media.pause()
        rows.append(
            Row(
                name: "peak RSS", value: String(format: "%.0f MB", PeakMemory.megabytes()),
                note: "whole process, after playing 1080p (goal ≤ 250 MB), \(renderer)"))
        player.stop()
        window.isVisible = false
        // As the detail window does: playing from the start, once the download keeps ahead.
        let hdURL = server.baseURL.appendingPathComponent("apod/image/2607/clip-1080p.mp4")
        let playing = VideoPlayer(
            downloads: VideoDownload(
                client: client, cache: VideoCache(directory: cache.appendingPathComponent("again"), capacity: 1 << 30)))
        let other = Window()
        other.setDefaultSize(width: 960, height: 600)
        other.setChild(playing.root)
        other.present()
        wait(seconds: 0.5)
        let firstByte = firstByteSeconds(hdURL, client: client)
        let started = Clock.now()
        playing.load(hdURL, playing: true)
        _ = Gtk.iterate(
            until: { playing.media?.isPlaying == true || playing.state != .loading && playing.media == nil },
            timeout: 60)
        let playingAfter = Clock.now() - started
        let playStarted = Clock.now()
        _ = Gtk.iterate(until: { (playing.media?.position ?? 0) >= 9 }, timeout: 40)
        let reached = playing.media?.position ?? 0
        let stall = Clock.now() - playStarted - reached
        rows.append(
            Row(
                name: "playing starts, 1080p (detail window)", value: String(format: "%.2f s", playingAfter),
                note: String(
                    format: "first byte %.2f s; then %.1f s of video played with %.2f s of waiting", firstByte,
                    reached, max(0, stall))))
        playing.stop()
        other.isVisible = false
        rows.append(
            Row(
                name: "peak RSS, whole run", value: String(format: "%.0f MB", PeakMemory.megabytes()),
                note: "after the detail window's 1080p too (goal ≤ 250 MB)"))

        server.stop()

        print("Video (VideoPlayer from 127.0.0.1 at \(rate / 1_000_000) MB/s, 40 ms round trip)")
        let width = rows.map(\.name.count).max() ?? 0
        for row in rows {
            print(
                row.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + row.value.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + row.note)
        }
        exit(0)
    }

    /// The renderer chosen for the windows, as the viewer's start chooses it.
    static var renderer = ""

    /// The same file's first bytes through the app's client, on a fresh connection.
    static func firstByteSeconds(_ url: URL, client: HTTPClient) -> Double {
        let result = FirstByte()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let started = Clock.now()
            if let response = try? await client.stream(url) {
                var iterator = response.body.makeAsyncIterator()
                if (try? await iterator.next()) != nil { result.set(Clock.now() - started) }
            }
            done.signal()
        }
        done.wait()
        return result.value
    }

    /// Runs the GLib loop for `seconds` (blocking between events, as the app does) and gives
    /// the process CPU it took.
    static func cpu(over seconds: Double) -> String {
        let before = Clock.processCPU()
        wait(seconds: seconds)
        return String(format: "%.3f s", Clock.processCPU() - before)
    }

    static func wait(seconds: Double) {
        let loop = MainLoop()
        let timeout = Timeout(milliseconds: Int(seconds * 1000)) { loop.quit() }
        loop.run()
        timeout.cancel()
    }

    static func waitForFrame(of widget: Widget) {
        var drawn = false
        widget.addTickCallback {
            drawn = true
            return false
        }
        _ = Gtk.iterate(until: { drawn }, timeout: 10)
        wait(seconds: 0.05)
    }
}

/// Counts, while a stream plays, the frames GTK's frame clock drew for the video widget and
/// the new frames the stream handed it (`invalidate-contents` of the paintable).
@MainActor
final class FrameTally {
    private(set) var drawn = 0
    private(set) var videoFrames = 0

    init(video: Video, media: MediaFile) {
        video.addTickCallback { [weak self] in
            self?.drawn += 1
            return self != nil
        }
        media.onFrame { [weak self] in self?.videoFrames += 1 }
    }
}

/// The first byte's time, set on the download's thread and read here.
final class FirstByte: Sendable {
    private let seconds = Mutex(-1.0)
    var value: Double { seconds.withLock { $0 } }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
}
