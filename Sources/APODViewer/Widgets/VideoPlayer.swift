import APODCore
import Foundation
import GtkKit

/// An APOD-hosted video played in place: fetched with the app's HTTP client into the video
/// cache (`VideoDownload`), and played by GTK's media stack from that file as soon as enough
/// has arrived, with GTK's own controls over the frame and the keys of GNOME's video players
/// while the keyboard is in it: Space or K plays and pauses, Left and Right seek 5 s, M mutes.
/// (Days step with Alt+Left and Alt+Right, or the arrows outside the video.) A clip shorter
/// than a minute loops once it is whole.
///
/// An mp4 whose index comes first (APOD's do) opens once its index is in: its first frame
/// shows at once, and it plays when the download, at the rate measured so far, stays ahead of
/// the playing position (a few seconds' margin) to the end; until then, and if it ever catches
/// up with the download, it waits with a spinner and goes on from where it was. Other files
/// open when whole.
///
/// It always starts muted. `stop()` (the day was left) cancels the download and stops the
/// pipeline. Every failure ends in `failed`, with the sentence the window shows beside the
/// still; the player never stays on a spinner. Public for `apod-bench`, which times it.
@MainActor
public final class VideoPlayer {
    /// Clips shorter than this loop, as GNOME's video player does for short clips.
    static let loopLimit = 60.0
    static let seekStep = 5.0
    /// How far ahead of the playing position the download must stay: GStreamer reads ahead
    /// of what it shows, and a read past the end of a growing file ends the stream.
    static let lookahead = 3.0

    public enum State: Equatable, Sendable {
        case idle
        /// The file is arriving (or GStreamer is reading its start).
        case loading
        /// The first frame is on screen.
        case ready
        case failed(String)
    }

    public let root: Overlay
    public let video = Video()
    /// While playing waits for more of the file.
    let spinner = Spinner(size: 32)
    public private(set) var state = State.idle
    /// The address being played, while one is.
    private(set) var address: URL?
    /// The first frame is on screen.
    public let becameReady = Event<Void>()
    /// The video cannot be played: the message to show with the still.
    public let failed = Event<String>()

    private let downloads: VideoDownload
    private let work = WorkSlot()
    private var startsPlaying = false
    private var download = Download()
    /// Playing was asked for and waits for the download (at this position, when the stream
    /// ended early).
    private var heldPlay: Double?
    /// The path the stream was opened on: the part while it arrives, or the finished file.
    private var openedPath: String?

    /// What has arrived of the file being played.
    private struct Download {
        var received: Int64 = 0
        var expected: Int64?
        var firstArrival: Double?
        var lastArrival = 0.0
        var isComplete = false
        var file: URL?

        /// Bytes per second since the first bytes came.
        var rate: Double {
            guard let firstArrival, lastArrival > firstArrival else { return 0 }
            return Double(received) / (lastArrival - firstArrival)
        }
    }

    public init(downloads: VideoDownload) {
        self.downloads = downloads
        root = Overlay(child: video)
        video.horizontalExpand = true
        video.verticalExpand = true
        video.isFocusable = true
        video.setAccessibleLabel(tr("Video"))
        // A click puts the keyboard in the video, so Space then plays it rather than pressing
        // whichever button had the focus (in Today, the previous day's).
        _ = ClickGesture(on: video) { [weak self] _, _, _ in self?.video.grabFocus() }
        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        spinner.isVisible = false
        spinner.canTarget = false
        root.addOverlay(spinner)
        addKeys()
    }

    public var media: MediaFile? { video.media }
    var isPlaying: Bool { media?.isPlaying ?? false }
    /// The file is still arriving or opening, with no frame yet.
    var isBusy: Bool { state == .loading }
    /// Whether the file is still being downloaded.
    public var isDownloading: Bool { work.isBusy }

    /// Fetches `url` and shows its first frame; `playing` starts it too (muted either way).
    public func load(_ url: URL, playing: Bool) {
        stop()
        address = url
        startsPlaying = playing
        state = .loading
        guard MediaFile.hasMediaModule else {
            fail(APODError.videoUnplayable(.noMediaSupport))
            return
        }
        let downloads = downloads
        work.stream(
            { downloads.events(for: url) },
            each: { [weak self] event in self?.arrived(event) },
            finished: { [weak self] error in
                if let error, !(error is CancellationError) { self?.fail(error) }
            })
    }

    /// Cancels the download and stops and lets go of the pipeline.
    public func stop() {
        work.cancel()
        closeMedia()
        address = nil
        download = Download()
        heldPlay = nil
        spinner.isVisible = false
        spinner.isSpinning = false
        state = .idle
    }

    func togglePlaying() {
        guard let media, state == .ready else { return }
        if media.isPlaying || heldPlay != nil {
            heldPlay = nil
            media.pause()
            showWaiting(false)
        } else {
            if media.hasEnded, download.isComplete { media.seek(to: 0) }
            play(from: media.hasEnded ? media.position : nil)
        }
    }

    /// Pauses (the view it is in was left); playing resumes only when asked.
    func pause() {
        heldPlay = nil
        showWaiting(false)
        media?.pause()
    }

    func seek(by seconds: Double) {
        guard let media, state == .ready else { return }
        media.seek(to: media.position + seconds)
    }

    func toggleMuted() {
        guard let media else { return }
        media.isMuted.toggle()
    }

    private func arrived(_ event: VideoDownload.Event) {
        let now = ProcessInfo.processInfo.systemUptime
        switch event {
        case .arriving(let part, let progress, let opensEarly):
            if download.firstArrival == nil { download.firstArrival = now }
            download.lastArrival = now
            download.received = progress.received
            download.expected = progress.expected
            if media == nil, opensEarly, progress.expected != nil { open(part) }
        case .complete(let file):
            download.isComplete = true
            download.file = file
            if let media, media.isPrepared {
                media.loops = media.duration > 0 && media.duration < Self.loopLimit
            } else {
                // A part renamed before GStreamer opened it is gone: open the file instead.
                closeMedia()
                open(file)
            }
        }
        resumeIfAhead()
    }

    private func open(_ file: URL) {
        let media = MediaFile(path: file.path)
        openedPath = file.path
        media.isMuted = true
        media.onPrepared { [weak self, weak media] in
            guard let self, let media, media === self.media, media.isPrepared else { return }
            if self.download.isComplete { media.loops = media.duration > 0 && media.duration < Self.loopLimit }
            if self.state != .ready {
                self.state = .ready
                if self.startsPlaying { self.play(from: nil) }
                self.becameReady.emit()
            }
            self.resumeIfAhead()
        }
        media.onEnded { [weak self, weak media] in
            guard let self, let media, media === self.media, media.hasEnded, !self.download.isComplete else { return }
            // It read to the end of what had arrived: go on from here once more is in.
            self.play(from: media.position)
        }
        media.onProblem { [weak self, weak media] in
            guard let self, let media, media === self.media, let problem = media.problem else { return }
            self.streamFailed(problem, file: file)
        }
        video.setMedia(media)
        if let problem = media.problem { streamFailed(problem, file: file) }
    }

    /// A file still arriving may fail to read where it stops: it opens again once whole.
    private func streamFailed(_ problem: MediaFile.Problem, file: URL) {
        if download.isComplete, let whole = download.file, openedPath != whole.path {
            closeMedia()
            open(whole)
            return
        }
        guard download.isComplete else {
            let position = media?.position ?? 0
            let wasPlaying = isPlaying || heldPlay != nil
            closeMedia()
            if wasPlaying { heldPlay = position }
            return
        }
        fail(APODError.videoUnplayable(Self.videoProblem(problem, file: file)))
    }

    /// Plays now when the download keeps ahead, else once it does (from `position`, when the
    /// stream ended early there).
    private func play(from position: Double?) {
        heldPlay = position ?? media?.position ?? 0
        resumeIfAhead()
    }

    private func resumeIfAhead() {
        if media == nil, download.isComplete, let file = download.file, state == .ready || state == .loading {
            open(file)
            return
        }
        guard let from = heldPlay, let media, media.isPrepared else { return }
        guard download.isComplete || staysAhead(from: from, duration: media.duration) else {
            showWaiting(true)
            return
        }
        heldPlay = nil
        showWaiting(false)
        if media.hasEnded || abs(media.position - from) > 0.05 { media.seek(to: from) }
        media.play()
    }

    /// Whether, at the rate measured so far, the file arrives ahead of a playing position
    /// that starts at `from` by `lookahead` seconds, to its end: the bytes for `from +
    /// lookahead` are in, and the rest is in by the time the position reaches the end.
    private func staysAhead(from: Double, duration: Double) -> Bool {
        guard let size = download.expected, size > 0, duration > 0 else { return false }
        let total = Double(size)
        let needed = min(total, (from + Self.lookahead) / duration * total)
        let remainingTime = max(0, duration - from - Self.lookahead)
        return Double(download.received) >= needed
            && Double(download.received) + download.rate * remainingTime >= total
    }

    private func showWaiting(_ waiting: Bool) {
        spinner.isVisible = waiting
        spinner.isSpinning = waiting
    }

    private func closeMedia() {
        openedPath = nil
        if let media {
            media.close()
            video.setMedia(nil)
        }
    }

    private func fail(_ error: any Error) {
        work.cancel()
        closeMedia()
        heldPlay = nil
        showWaiting(false)
        let message = userMessage(for: error)
        state = .failed(message)
        failed.emit(message)
    }

    /// What GStreamer's error means for the user: a decoder it lacks names the package that
    /// brings one (H.264 and most others: `gstreamer1.0-libav`; AV1: the bad plug-ins).
    static func videoProblem(_ problem: MediaFile.Problem, file: URL) -> VideoProblem {
        let text = problem.message.lowercased()
        let missing =
            text.contains("missing a plug-in") || text.contains("missing plugin") || text.contains("no decoder")
            || (problem.domain == "gst-stream-error-quark" && problem.code == 6)
            || (problem.domain == "gst-core-error-quark" && problem.code == 12)
        guard missing else {
            return text.contains("media module") ? .noMediaSupport : .damaged
        }
        return .missingPlugin(package: text.contains("av1") ? "gstreamer1.0-plugins-bad" : "gstreamer1.0-libav")
    }

    private func addKeys() {
        for key in ["space", "k"] {
            root.addKeyShortcut(key) { [weak self] in
                guard let self, self.state == .ready else { return false }
                self.togglePlaying()
                return true
            }
        }
        for (key, step) in [("Left", -Self.seekStep), ("Right", Self.seekStep)] {
            root.addKeyShortcut(key) { [weak self] in
                guard let self, self.state == .ready else { return false }
                self.seek(by: step)
                return true
            }
        }
        root.addKeyShortcut("m") { [weak self] in
            guard let self, self.media != nil else { return false }
            self.toggleMuted()
            return true
        }
    }
}
