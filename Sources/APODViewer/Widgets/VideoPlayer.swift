import APODCore
import Foundation
import GtkKit

/// An APOD-hosted video played in place: fetched with the app's HTTP client into the video
/// cache (`VideoDownload`), then played from that file by GTK's media stack, with GTK's own
/// controls over the frame and the keys of GNOME's video players while the keyboard is in it:
/// Space or K plays and pauses, Left and Right seek 5 s, M mutes. (Days step with Alt+Left and
/// Alt+Right, or the arrows outside the video.) A clip shorter than a minute loops.
///
/// It always starts muted. `stop()` (the day was left) cancels the download and stops the
/// pipeline. Every failure ends in `failed`, with the sentence the window shows beside the
/// still; the player never stays on a spinner.
@MainActor
final class VideoPlayer {
    /// Clips shorter than this loop, as GNOME's video player does for short clips.
    static let loopLimit = 60.0
    static let seekStep = 5.0

    enum State: Equatable {
        case idle
        /// The file is arriving (or GStreamer is reading its start).
        case loading
        /// The first frame is on screen.
        case ready
        case failed(String)
    }

    let root: Overlay
    let video = Video()
    private(set) var state = State.idle
    /// The address being played, while one is.
    private(set) var address: URL?
    /// The first frame is on screen.
    let becameReady = Event<Void>()
    /// The video cannot be played: the message to show with the still.
    let failed = Event<String>()

    private let downloads: VideoDownload
    private let work = WorkSlot()
    private var startsPlaying = false

    init(downloads: VideoDownload) {
        self.downloads = downloads
        root = Overlay(child: video)
        video.horizontalExpand = true
        video.verticalExpand = true
        video.isFocusable = true
        video.setAccessibleLabel(tr("Video"))
        addKeys()
    }

    var media: MediaFile? { video.media }
    var isPlaying: Bool { media?.isPlaying ?? false }
    /// The file is still arriving or opening.
    var isBusy: Bool { state == .loading }

    /// Fetches `url` and shows its first frame; `playing` starts it too (muted either way).
    func load(_ url: URL, playing: Bool) {
        stop()
        address = url
        startsPlaying = playing
        state = .loading
        guard MediaFile.hasMediaModule else {
            fail(APODError.videoUnplayable(.noMediaSupport))
            return
        }
        let downloads = downloads
        work.start(
            { try await downloads.file(for: url) },
            then: { [weak self] result in
                switch result {
                case .success(let file): self?.open(file)
                case .failure(let error): self?.fail(error)
                }
            })
    }

    /// Cancels the download and stops and lets go of the pipeline.
    func stop() {
        work.cancel()
        if let media {
            media.close()
            video.setMedia(nil)
        }
        address = nil
        state = .idle
    }

    func togglePlaying() {
        guard let media, state == .ready else { return }
        if media.isPlaying {
            media.pause()
        } else {
            if media.hasEnded { media.seek(to: 0) }
            media.play()
        }
    }

    func seek(by seconds: Double) {
        guard let media, state == .ready else { return }
        media.seek(to: media.position + seconds)
    }

    func toggleMuted() {
        guard let media else { return }
        media.isMuted.toggle()
    }

    private func open(_ file: URL) {
        let media = MediaFile(path: file.path)
        media.isMuted = true
        media.onPrepared { [weak self, weak media] in
            guard let self, let media, media === self.media, media.isPrepared else { return }
            media.loops = media.duration > 0 && media.duration < Self.loopLimit
            self.state = .ready
            if self.startsPlaying { media.play() }
            self.becameReady.emit()
        }
        media.onProblem { [weak self, weak media] in
            guard let self, let media, media === self.media, let problem = media.problem else { return }
            self.fail(APODError.videoUnplayable(Self.videoProblem(problem, file: file)))
        }
        video.setMedia(media)
        if let problem = media.problem { fail(APODError.videoUnplayable(Self.videoProblem(problem, file: file))) }
    }

    private func fail(_ error: any Error) {
        if let media {
            media.close()
            video.setMedia(nil)
        }
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
