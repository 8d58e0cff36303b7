import APODCore
import AdwKit
import Foundation
import GtkKit

/// A detail window's picture area, as GNOME's image viewer keeps its image widget apart: a
/// spinner while loading, the picture (zoomable, `ZoomablePicture`) with a play button over a
/// video's still, a video's placeholder when it has no still, or a status page: no picture for
/// this entry, or why none could be shown,
/// with Retry. It loads the best picture there is (HD, then normal, then the thumbnail:
/// `PictureLoader.firstPicture`) decoded to fit, and fetches the full resolution only when
/// zoomed past it. An APOD-hosted video plays here in its still's place (`VideoPlayer`,
/// playing and muted); when it cannot, the still says why (`VideoNotice`).
@MainActor
final class DetailPicture {
    /// The picture on screen, the source it came from (what Save and Set as Background use).
    struct Shown {
        let image: DecodedImage
        let source: (url: URL, purpose: ImagePurpose)
    }

    enum Page {
        case loading, picture, missing, failed
        /// An APOD-hosted video, playing in place.
        case video
        /// A video day without a still to be had (`VideoPlaceholder`).
        case placeholder
    }

    let root = ContentStack<Page>()
    let zoomable = ZoomablePicture()
    var picture: Picture { zoomable.picture }
    /// An entry without a picture (a video, say).
    let missing = StatusPage(iconName: "image-missing-symbolic", title: tr("No picture"))
    /// The picture could not be loaded: the reason, with Retry (announced to screen readers).
    let failure = StatusPage(
        iconName: "image-missing-symbolic", title: tr("The picture could not be shown"), isAlert: true)
    /// Over a video's still: opens the player in the browser.
    let playButton = Button(iconName: "media-playback-start-symbolic", tooltip: tr("Play the video in your browser"))
    let videoPlayer: VideoPlayer
    /// Over the still when the video cannot be played here.
    let videoNotice = VideoNotice()
    /// A video day's picture when no still can be had.
    let placeholder = VideoPlaceholder()
    private let videoSubscriptions = Subscriptions()
    private let spinner = Spinner(size: 48)
    private let retryButton = Button(label: tr("_Retry"))
    private let pictures: PictureLoader
    /// Where a video day's player address is asked for when the entry came without it.
    private let source: (any APODSource)?
    private let work = WorkSlot()
    private let addressWork = WorkSlot()
    /// The entry shown, with its player's address once asked for (`completeVideoAddress`).
    private(set) var entry: APODEntry?
    private var box = PixelSize(width: 1, height: 1)
    private(set) var shown: Shown?

    /// A picture is on screen (Save and Set as Background can act), or none is (nil).
    let shownChanged = Event<Shown?>()
    /// A video day's entry got its player's address (`completeVideoAddress`).
    let entryCompleted = Event<APODEntry>()
    /// The play button was pressed (the video's player is fetched then: `VideoPlayback`).
    let playRequested = Event<Void>()

    init(pictures: PictureLoader, videos: VideoDownload, source: (any APODSource)? = nil) {
        self.pictures = pictures
        self.source = source
        videoPlayer = VideoPlayer(downloads: videos)
        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        root.add(spinner, for: .loading)
        playButton.addCSSClass("osd")
        playButton.addCSSClass("circular")
        playButton.horizontalAlign = .center
        playButton.verticalAlign = .center
        playButton.setSizeRequest(width: 64, height: 64)
        playButton.onClicked { [weak self] in
            self?.playRequested.emit()
        }
        // Over the picture beside the batch's previous and next buttons, in the same overlay:
        // GTK orders Tab by position among siblings, so it reads previous, play, next. The
        // page is a frame around it, so hiding the picture (fullscreen moves it) never makes
        // the stack turn to another page.
        zoomable.root.addOverlay(playButton)
        zoomable.root.addOverlay(videoNotice.root)
        videoNotice.openRequested.subscribe { [weak self] in self?.playRequested.emit() }.store(in: videoSubscriptions)
        root.add(Overlay(child: zoomable.root), for: .picture)
        root.add(videoPlayer.root, for: .video)
        videoPlayer.becameReady.subscribe { [weak self] in self?.videoReady() }.store(in: videoSubscriptions)
        videoPlayer.failed.subscribe { [weak self] message in self?.videoFailed(message) }
            .store(in: videoSubscriptions)
        root.add(missing, for: .missing)
        placeholder.playRequested.subscribe { [weak self] in self?.playRequested.emit() }.store(in: videoSubscriptions)
        root.add(placeholder.root, for: .placeholder)
        retryButton.markSuggested()
        retryButton.onClicked { [weak self] in self?.reload() }
        failure.setButtons([retryButton])
        root.add(failure, for: .failed)
        root.setSizeRequest(height: 420)
    }

    var page: Page? { root.state }

    /// Loads `entry`'s picture decoded to fit `box` (device pixels), dropping what was loading.
    func load(_ entry: APODEntry, fitting box: PixelSize) {
        self.entry = entry
        self.box = box
        playButton.isVisible = entry.mediaType == .video && entry.hostedVideoURL == nil
        playButton.tooltip = entry.playTooltip
        playButton.setAccessibleLabel(entry.playTooltip)
        videoNotice.hide()
        videoPlayer.stop()
        if let address = entry.hostedVideoURL { videoPlayer.load(address, playing: true) }
        reload()
        addressWork.cancel()
        if entry.lacksVideoAddress { completeVideoAddress(of: entry) }
    }

    /// A video day that came without its player's address (a grid's or a synced day) asks the
    /// source for it once (the source keeps it): an APOD-hosted video then plays here.
    private func completeVideoAddress(of entry: APODEntry) {
        guard let source else { return }
        addressWork.start(
            {
                try await source.withVideoAddresses([entry]).first ?? entry
            },
            then: { [weak self] result in
                guard let self, case .success(let completed) = result, self.entry?.date == entry.date,
                    self.entry?.lacksVideoAddress == true, !completed.lacksVideoAddress
                else { return }
                self.entry = completed
                self.entryCompleted.emit(completed)
                self.playButton.tooltip = completed.playTooltip
                self.playButton.setAccessibleLabel(completed.playTooltip)
                if let address = completed.hostedVideoURL {
                    self.playButton.isVisible = false
                    self.videoPlayer.load(address, playing: true)
                } else if completed.detailPictureSources.isEmpty {
                    self.reload()
                }
            })
    }

    func cancel() {
        work.cancel()
        addressWork.cancel()
        videoPlayer.stop()
    }

    /// The video's first frame is ready: it takes the still's place (and starts, muted).
    private func videoReady() {
        spinner.isSpinning = false
        videoNotice.hide()
        root.state = .video
    }

    /// The video cannot be played here: the still with why and Open in Browser, or the
    /// missing page saying so when there is no still.
    private func videoFailed(_ message: String) {
        playButton.isVisible = true
        switch page {
        case .picture?:
            videoNotice.show(message)
        case .video?:
            reload()
        case .missing?:
            missing.setDescription(message)
        default:
            break
        }
    }

    private func reload() {
        guard let entry else { return }
        work.cancel()
        setShown(nil)
        let sources = entry.detailPictureSources
        guard !sources.isEmpty else {
            if videoPlayer.isBusy {
                spinner.isSpinning = true
                root.state = .loading
                return
            }
            if case .failed(let message) = videoPlayer.state {
                missing.setDescription(message)
            } else if entry.mediaType == .video {
                loadDerivedStill(of: entry)
                return
            } else {
                missing.setDescription(tr("This entry has no picture."))
            }
            root.state = .missing
            return
        }
        spinner.isSpinning = true
        root.state = .loading
        let pictures = pictures
        let box = box
        work.start(
            {
                try await pictures.firstPicture(of: sources, fitting: box)
            },
            then: { [weak self] result in
                guard let self else { return }
                // The video's first frame came first: the still stays behind it.
                if self.videoPlayer.state == .ready { return }
                self.spinner.isSpinning = false
                switch result {
                case .success(let (image, source)):
                    self.zoomable.show(
                        image, fullResolution: self.fullResolutionLoader(for: source),
                        animation: {
                            try await pictures.animation(from: source.url, for: source.purpose)
                        })
                    self.picture.alternativeText = entry.pictureDescription
                    self.picture.setAccessibleLabel(entry.pictureDescription)
                    self.root.state = .picture
                    self.setShown(Shown(image: image, source: source))
                    if case .failed(let message) = self.videoPlayer.state { self.videoNotice.show(message) }
                case .failure(let error):
                    self.failure.setDescription(userMessage(for: error))
                    self.root.state = .failed
                }
            })
    }

    /// A video day without a poster: the still its player's address gives (YouTube's, Vimeo's
    /// oEmbed), else the placeholder naming the host.
    private func loadDerivedStill(of entry: APODEntry) {
        spinner.isSpinning = true
        root.state = .loading
        let pictures = pictures
        let box = box
        work.start(
            {
                try await pictures.derivedStill(of: entry, for: .display, fitting: box)
            },
            then: { [weak self] result in
                guard let self else { return }
                self.spinner.isSpinning = false
                switch result {
                case .success(let (image, url)):
                    self.zoomable.show(image, fullResolution: nil)
                    self.picture.alternativeText = entry.pictureDescription
                    self.picture.setAccessibleLabel(entry.pictureDescription)
                    self.root.state = .picture
                    self.setShown(Shown(image: image, source: (url, .display)))
                case .failure:
                    self.playButton.isVisible = false
                    self.placeholder.show(host: entry.videoHost)
                    self.root.state = .placeholder
                }
            })
    }

    private func setShown(_ shown: Shown?) {
        self.shown = shown
        shownChanged.emit(shown)
    }

    /// How the zoomable picture gets the shown HD picture at full resolution; nil for the
    /// fallbacks (a normal-size picture or a thumbnail is not the full picture).
    private func fullResolutionLoader(for source: (url: URL, purpose: ImagePurpose))
        -> (@Sendable () async throws -> DecodedImage)?
    {
        guard source.purpose == .hd else { return nil }
        let pictures = pictures
        let url = source.url
        return { try await pictures.fullResolutionPicture(from: url) }
    }
}
