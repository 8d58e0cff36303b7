import APODCore
import Foundation
import GtkKit

/// The still an APOD-hosted video gives the daily background: the frame 10 % into it. The
/// file comes through the app's video download and cache (`VideoDownload`), GStreamer opens
/// it through GTK's media stack without showing it, seeks there and hands over the frame;
/// it is encoded as a JPEG off the main thread. Downloading and decoding never run on the
/// main thread, which only hears GTK's signals.
@MainActor
final class VideoFrameStill {
    /// Where in the video the frame is taken, as Preferences' "On video days" says.
    static let standardFraction = 0.1
    /// A video that gives no frame within this is treated as damaged.
    static let limitSeconds = 30

    private let videos: VideoDownload
    private let fraction: Double
    private let work = WorkSlot()
    private var media: MediaFile?
    /// Where the frame is taken, once the stream's length is known.
    private var target: Double?
    private var hasSought = false
    /// Frames handed over since the seek: the one to take comes after it.
    private var framesSinceSeek = 0
    /// Seconds of a frame's length: a position this near the target is there.
    private static let closeEnough = 0.05
    private var deadline: Timeout?
    private var delivery: (@MainActor (Result<Data, APODError>) -> Void)?

    /// - Parameter fraction: how far into the video the frame is taken (tests compare others).
    init(videos: VideoDownload, fraction: Double = VideoFrameStill.standardFraction) {
        self.videos = videos
        self.fraction = fraction
    }

    /// A frame is being fetched or taken.
    var isBusy: Bool { delivery != nil }

    /// The frame `fraction` into the video at `url` as JPEG bytes, or why there is none
    /// (`APODError.videoUnplayable`). Replaces a frame still being taken (never delivered).
    func frame(of url: URL, then deliver: @escaping @MainActor (Result<Data, APODError>) -> Void) {
        cancel()
        delivery = deliver
        let videos = videos
        deadline = Timeout(seconds: Self.limitSeconds) { [weak self] in
            self?.finish(.failure(.videoUnplayable(.damaged)))
        }
        work.start(
            { try await videos.file(for: url) },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let file): self.open(file)
                case .failure(let error): self.finish(.failure(Self.named(error)))
                }
            })
    }

    func cancel() {
        work.cancel()
        deadline?.cancel()
        deadline = nil
        delivery = nil
        media?.close()
        media = nil
    }

    private func open(_ file: URL) {
        let media = MediaFile(path: file.path)
        self.media = media
        media.isMuted = true
        target = nil
        hasSought = false
        framesSinceSeek = 0
        // The seek waits for the first frame: a pipeline that has not prerolled yet drops it.
        media.onPrepared { [weak self, weak media] in
            guard let self, let media, media === self.media, media.isPrepared, self.target == nil else { return }
            self.target = media.duration * self.fraction
            self.advance(media)
        }
        media.onFrame { [weak self, weak media] in
            guard let self, let media, media === self.media else { return }
            if self.hasSought { self.framesSinceSeek += 1 }
            self.advance(media)
        }
        // GTK sets the position after it says the seek ended.
        media.onPositionChanged { [weak self, weak media] in
            guard let self, let media, media === self.media else { return }
            self.advance(media)
        }
        media.onSeekingChanged { [weak self, weak media] in
            guard let self, let media, media === self.media, !media.isSeeking else { return }
            self.advance(media)
        }
        media.onProblem { [weak self, weak media] in
            guard let self, let media, media === self.media, let problem = media.problem else { return }
            self.finish(.failure(.videoUnplayable(VideoPlayer.videoProblem(problem, file: file))))
        }
        if let problem = media.problem {
            finish(.failure(.videoUnplayable(VideoPlayer.videoProblem(problem, file: file))))
        }
    }

    /// Seeks once the length is known and a first frame came; takes the frame once the seek
    /// ended, the stream stands at the target and a frame came since the seek.
    private func advance(_ media: MediaFile) {
        guard let at = target, media.currentFrame != nil else { return }
        if !hasSought && at > Self.closeEnough {
            hasSought = true
            media.seek(to: at)
            return
        }
        guard !media.isSeeking, !hasSought || framesSinceSeek > 0, media.position + Self.closeEnough >= at,
            let frame = media.currentFrame
        else { return }
        media.close()
        self.media = nil
        work.start(
            {
                guard let data = frame.jpegData(quality: 92) else { throw APODError.videoUnplayable(.damaged) }
                return data
            },
            then: { [weak self] result in
                self?.finish(result.mapError(Self.named))
            })
    }

    private func finish(_ result: Result<Data, APODError>) {
        guard let deliver = delivery else { return }
        cancel()
        deliver(result)
    }

    private static func named(_ error: any Error) -> APODError {
        if let error = error as? APODError { return error }
        if let problem = error as? VideoProblem { return .videoUnplayable(problem) }
        return .videoUnplayable(.damaged)
    }
}
