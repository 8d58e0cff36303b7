import APODCore
import AdwKit
import Foundation
import GtkKit

/// One entry in full: the best picture available, then title, date, credit and explanation in
/// a vertical scroller. The parts are their own types, as GNOME's image viewer splits its
/// window: the header bar (`DetailHeader`), the picture area with its fall-back chain
/// (`DetailPicture`, zooming and panning in `ZoomablePicture`), fullscreen
/// (`FullscreenPicture`), saving (`PictureSaver`), the clipboard (`EntryClipboard`), the
/// background (`BackgroundSetter`), handing the picture to other applications
/// (`PictureHandOff`, `DetailWindow+HandOff`), its properties (`PropertiesPanel`) and, opened from the random grid, stepping through its
/// batch (`BatchNavigation`). This type puts them together and follows the entry shown.
@MainActor
final class DetailWindow {
    static let defaultSize = PixelSize(width: 900, height: 900)

    /// The entry shown; changes when stepping through a batch.
    private(set) var entry: APODEntry
    let window: Window
    /// What listens to this window's parts and events; released with it.
    let subscriptions = Subscriptions()
    let header: DetailHeader
    /// The favourite star in the header bar, with an archive index; kept as long as the window.
    private(set) var favouriteStar: FavouriteButton?
    let banner = MessageBanner()
    let scroller: ScrolledWindow
    let pictureArea: DetailPicture
    let caption = EntryCaption(layout: .leading)
    let explanationLabel = Label()
    /// Shown when a label had to cut the entry's text (`BoundedText`): copies all of it.
    let fullTextButton = Button(label: tr("Copy _Full Text"))
    let background = BackgroundSetter()
    /// The translator's credit and the English / Chinese toggle, when explanations are in Chinese.
    private(set) var translation: TranslationStrip?
    /// "More of M31": the objects of the entry and their other days (with an archive index).
    private(set) var related: RelatedObjectsRow?
    /// Quick feedback over the window: "Link copied", "Saved to …", "Background set".
    private(set) var toasts: ToastOverlay!
    private(set) var clipboard: EntryClipboard!
    private var saver: PictureSaver!
    /// F11, the header button; Esc leaves.
    private(set) var fullscreen: FullscreenPicture!
    /// Copy Picture, Open With…, Print…; the drag out of the picture; the properties panel (F9).
    var handOff: PictureHandOff!
    var drag: PictureDragSource!
    let properties = PropertiesPanel()
    private(set) var propertiesFlap: Flap!
    /// The explanation's runs, to tell which link was right-clicked (`contextLink`).
    var explanationRuns: [LinkedText.Run] = []
    private(set) var contextLink: URL?
    /// "Open Link in Browser" in the explanation's context menu, enabled over a link.
    var openInBrowserAction: Action?

    /// The explanation was right-clicked at UTF-8 `offset` into its text (nil: off the text):
    /// its context menu's Open Link in Browser acts on the link there, if any.
    func rightClicked(atTextOffset offset: Int?) {
        contextLink = offset.flatMap { LinkMarkup.link(atUTF8Offset: $0, in: explanationRuns) }
        openInBrowserAction?.isEnabled = contextLink != nil
    }
    /// Opens another APOD day an explanation links to (the app's `show-date`; tests record).
    var openDay: @MainActor (APODDay) -> Void
    /// Previous / next within the batch the window was opened from (nil outside a batch).
    private(set) var batch: BatchNavigation?
    /// Opens an explanation link (tests record instead of starting a browser).
    var openExplanationLink: @MainActor (URL) -> Void = { _ in }
    /// The window now shows another entry of its batch (the application re-files it).
    let entryChanged = Event<(old: APODEntry, new: APODEntry)>()
    private let environment: ViewerEnvironment
    private let videoPlayback: VideoPlayback

    var zoomable: ZoomablePicture { pictureArea.zoomable }
    var picture: Picture { pictureArea.picture }
    /// Over a video's still: opens the player in the browser.
    var playButton: Button? { pictureArea.playButton.isVisible ? pictureArea.playButton : nil }

    /// - Parameter batch: the entries of the grid the window was opened from, in grid order
    ///   (asked again at each step, so a grid still filling in is followed); nil outside a batch.
    init(
        application: Application, environment: ViewerEnvironment, entry: APODEntry,
        batch: (@MainActor () -> [APODEntry])? = nil
    ) {
        self.entry = entry
        self.environment = environment
        videoPlayback = VideoPlayback(source: environment.source)
        openDay = { [weak application] day in application?.activateAction(AppAction.showDate, string: day.description) }
        window = Window(application: application)
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        header = DetailHeader(window: window, backgroundButton: background.button)
        pictureArea = DetailPicture(
            pictures: environment.pictures, videos: environment.videos, source: environment.source)
        let column = Box(.vertical, spacing: 12)
        scroller = ScrolledWindow(child: column)
        zoomable.enclosingScroller = scroller

        column.setMargins(top: 18, bottom: 24, start: 24, end: 24)
        column.append(banner.root)
        column.append(pictureArea.root)
        column.append(caption.root)
        explanationLabel.enableWrapping()
        explanationLabel.setTextAlignment(0)
        explanationLabel.isSelectable = true
        explanationLabel.setMaxWidthChars(90)
        explanationLabel.horizontalAlign = .start
        column.append(explanationLabel)
        fullTextButton.tooltip = tr("The text is too long to show here; copy all of it as plain text")
        fullTextButton.horizontalAlign = .start
        column.append(fullTextButton)
        translation = environment.translations.map(TranslationStrip.init(translations:))
        if let translation { column.append(translation.root) }
        related = environment.archive.map { RelatedObjectsRow(archive: $0, pictures: environment.pictures) }
        if let related { column.append(related.root) }

        fullscreen = FullscreenPicture(
            window: window, header: header.bar, content: scroller,
            picture: pictureArea.root, home: column)
        propertiesFlap = Flap(content: fullscreen.root, flap: properties.root)
        toasts = ToastOverlay(child: propertiesFlap)
        window.setChild(toasts)
        clipboard = EntryClipboard(
            window: window, toasts: toasts, entry: { [weak self] in self?.entry },
            pictureURL: { [weak self] in self?.pictureArea.shown?.source.url })
        saver = PictureSaver(window: window, toasts: toasts, banner: banner, pictures: environment.pictures)
        installHandOff(environment: environment)
        if let batch {
            let player = pictureArea.videoPlayer
            let navigation = BatchNavigation(
                over: zoomable.root, window: window, entries: batch,
                arrowTaken: { [weak player] offset in
                    guard let player, player.state == .ready, player.root.containsFocus else { return false }
                    player.seek(by: Double(offset) * VideoPlayer.seekStep)
                    return true
                })
            navigation.stepped.subscribe { [weak self] next in self?.show(next) }.store(in: subscriptions)
            self.batch = navigation
        }
        fullscreen.controlsShownChanged.subscribe { [weak self] shown in
            self?.zoomable.fullscreenControlsShown = shown
            self?.batch?.fullscreenControlsShown = shown
        }.store(in: subscriptions)
        wire()
        installActions()
        showText()
        window.onDestroy { [weak self] in
            self?.pictureArea.cancel()
            self?.saver.cancel()
            self?.background.cancel()
            self?.videoPlayback.cancel()
            self?.related?.cancel()
            self?.translation?.cancel()
        }
        loadPicture()
    }

    private func wire() {
        header.pageButton.onClicked { [weak self] in
            guard let self else { return }
            self.openLink(self.entry.webPageURL)
        }
        header.saveButton.onClicked { [weak self] in self?.save() }
        background.parent = window
        background.frames = VideoFrameStill(videos: environment.videos)
        background.button.onClicked { [weak self] in self?.setAsBackground() }
        background.finished.subscribe { [weak self] outcome in
            guard let self else { return }
            if outcome.offersSave {
                // The message says to save the picture: the strip offers it at once.
                self.banner.show(outcome.message, offering: tr("_Save…")) { [weak self] in self?.save() }
            } else if outcome.isFailure {
                self.banner.show(outcome.message)
            } else {
                self.toasts.show(outcome.message)
            }
        }.store(in: subscriptions)
        pictureArea.shownChanged.subscribe { [weak self] shown in
            guard let self else { return }
            self.header.saveButton.isSensitive = shown != nil
            self.background.button.isSensitive = shown != nil || self.videoForBackground != nil
            self.pictureChanged()
        }.store(in: subscriptions)
        pictureArea.entryCompleted.subscribe { [weak self] completed in
            guard let self else { return }
            self.header.offerBackground(for: completed)
            self.background.button.isSensitive = self.pictureArea.shown != nil || self.videoForBackground != nil
        }.store(in: subscriptions)
        pictureArea.playRequested.subscribe { [weak self] in
            guard let self else { return }
            // The picture area's entry has the player's address once it asked for it.
            let shown = self.pictureArea.entry?.date == self.entry.date ? self.pictureArea.entry : nil
            self.videoPlayback.play(shown ?? self.entry) { [weak self] url in self?.openLink(url) }
        }.store(in: subscriptions)
        openExplanationLink = { [weak self] url in self?.openLink(url) }
        explanationLabel.onActivateLink { [weak self] uri in self?.activateLink(uri) }
        fullTextButton.onClicked { [weak self] in self?.clipboard.copyFullText() }
        translation?.onChange = { [weak self] in self?.showText() }
        translation?.openLink = { [weak self] url in self?.openLink(url) }
    }

    private func installActions() {
        window.addAction(Action(WindowAction.fullscreen) { [weak self] in self?.fullscreen.toggle() })
        window.addAction(
            Action(WindowAction.escape) { [weak self] in
                guard let self else { return }
                if self.fullscreen.isActive { self.fullscreen.leave() } else { self.window.close() }
            })
        window.addShortcut(trigger: "Escape", action: WindowAction.escape.detailedName)
        // Zoom in / out, best fit, 100 %, as in GNOME's image viewer (keys in `Shortcuts`).
        let zooms: [(WindowAction, @MainActor (ZoomablePicture) -> Void)] = [
            (.zoomIn, { $0.zoomIn() }), (.zoomOut, { $0.zoomOut() }),
            (.zoomFit, { $0.bestFit() }), (.zoomActual, { $0.actualSize() }),
        ]
        for (action, apply) in zooms {
            window.addAction(
                Action(action) { [weak self] in
                    guard let self else { return }
                    apply(self.zoomable)
                    // In fullscreen the zoom level shows with the controls, as after a motion.
                    self.fullscreen.revealControls()
                })
        }
    }

    /// Shows the window; the first time with nothing focused, since GTK would focus the
    /// selectable explanation and blink a caret before its first word.
    /// What the window shows only in some setups; the window places each part itself.
    enum Part {
        /// The favourite star (Ctrl+D): at the end of the header bar.
        case favouriteStar(FavouriteButton)
    }

    /// Places `part` where it belongs in this window.
    func install(_ part: Part) {
        switch part {
        case .favouriteStar(let star):
            favouriteStar = star
            header.bar.packEnd(star.button)
            window.addAction(star.makeAction())
        }
    }

    func present() {
        let isNew = !window.isVisible
        window.present()
        if isNew { window.clearFocus() }
    }

    /// Fills everything that depends on the entry but the picture: in Chinese when the
    /// mirror's translation has come and the window shows it.
    private func showText() {
        translation?.load(entry)
        let shown = translation?.shown(entry) ?? entry
        window.title = shown.shownTitle.text
        header.show(shown)
        caption.show(shown)
        explanationRuns = []
        if shown.explanation.isEmpty {
            explanationLabel.text = tr("No explanation was published for this day.")
        } else {
            explanationRuns = LinkedText.runs(shown.shownExplanation.text, links: shown.explanationLinks)
            explanationLabel.setMarkup(LinkMarkup.markup(explanationRuns))
        }
        fullTextButton.isVisible = entry.hasTruncatedText
        related?.show(entry)
        batch?.update(current: entry)
    }

    /// Explanations changed language in Preferences: the entry's text again, asked anew.
    func refreshTranslation() {
        translation?.reset()
        showText()
    }

    /// Shows another entry of the batch in this window, as a slideshow would.
    func show(_ next: APODEntry) {
        guard next != entry else { return }
        let old = entry
        entry = next
        saver.cancel()
        background.cancel()
        videoPlayback.cancel()
        banner.hide()
        toasts.dismiss()
        showText()
        loadPicture()
        entryChanged.emit((old: old, new: next))
    }

    private func loadPicture() {
        pictureArea.load(entry, fitting: pictureBox)
    }

    /// The column's width by the window's height in device pixels (the default size before the
    /// window is laid out): the picture is decoded to fit that, not at full size.
    private var pictureBox: PixelSize {
        let scale = max(1, window.scaleFactor)
        let laidOut = window.width > 1 && window.height > 1
        let size = laidOut ? PixelSize(width: window.width, height: window.height) : Self.defaultSize
        return PixelSize(width: (size.width - 48) * scale, height: size.height * scale)
    }

    /// A link in the explanation was activated: a link to another APOD day opens that day in
    /// the app (`openDay`), other web addresses in the browser, anything else is ignored (the
    /// markup only ever holds web links; this holds even if it did not). Returns the address.
    @discardableResult
    func activateLink(_ uri: String) -> URL? {
        guard let url = URL(string: uri), WebURL.isWeb(url) else { return nil }
        if let day = APODDayLink.day(of: url) {
            openDay(day)
        } else {
            openExplanationLink(url)
        }
        return url
    }

    func openLink(_ url: URL) {
        window.openWebLink(url, reportingTo: banner, toasts: toasts)
    }

    private func save() {
        guard let source = pictureArea.shown?.source else { return }
        saver.save(source.url, purpose: source.purpose, of: entry)
    }

    /// Writes the shown picture's bytes, as the service sent them, to `path`.
    func savePicture(to path: String) {
        guard let source = pictureArea.shown?.source else { return }
        saver.write(source.url, purpose: source.purpose, to: path)
    }

    /// The APOD-hosted video of the day shown (its address completed), whose frame is its background.
    private var videoForBackground: URL? {
        (pictureArea.entry?.date == entry.date ? pictureArea.entry : entry)?.hostedVideoURL
    }

    /// Hands the shown picture to the desktop as its background, made as the daily background
    /// is: on an APOD-hosted video day the frame 10 % into the video, its poster if none.
    func setAsBackground() {
        let source = pictureArea.shown?.source
        let pictures = environment.pictures
        var poster: (@Sendable () async throws -> Data)?
        if let source {
            let url = source.url
            let purpose = source.purpose
            poster = { try await pictures.data(from: url, for: purpose) }
        }
        if let video = videoForBackground {
            banner.hide()
            toasts.dismiss()
            background.setBackground(
                pictureArea.entry ?? entry, video: video, folder: environment.wallpaperDirectory,
                settings: environment.dailySettings, poster: poster)
            return
        }
        guard let poster else { return }
        banner.hide()
        toasts.dismiss()
        background.setBackground(
            entry, folder: environment.wallpaperDirectory, settings: environment.dailySettings, bytes: poster)
    }
}
