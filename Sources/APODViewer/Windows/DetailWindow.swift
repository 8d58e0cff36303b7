import APODCore
import Foundation
import GtkKit

/// One entry in full: the best picture available, date, title, copyright and explanation in a
/// vertical scroller, with buttons to open the web page, save the picture and copy its link.
/// The picture zooms and pans (`ZoomablePicture`) and goes fullscreen (`FullscreenPicture`);
/// opened from the random grid, the window steps through the grid's batch (`BatchNavigation`).
@MainActor
final class DetailWindow {
    /// The entry shown; changes when stepping through a batch.
    private(set) var entry: APODEntry
    let window: Window
    let banner = ErrorBanner()
    let scroller: ScrolledWindow
    let pictureStack = Stack()
    /// The picture, zoomable and pannable (see `ZoomablePicture`).
    let zoomable = ZoomablePicture()
    var picture: Picture { zoomable.picture }
    let dateLabel = Label()
    let titleLabel = Label()
    let copyrightLabel = Label()
    let explanationLabel = Label()
    let saveButton = Button(iconName: "document-save-symbolic", tooltip: tr("Save the picture…"))
    let pageButton = Button(label: tr("_Web Page"))
    let fullscreenButton = Button(iconName: "view-fullscreen-symbolic", tooltip: tr("Show the picture alone on the whole screen (F11)"))
    /// F11, the header button; Esc leaves.
    private(set) var fullscreen: FullscreenPicture!
    let background = BackgroundSetter()
    /// Outcomes that are not errors ("The picture is now your desktop background.").
    let noticeLabel = Label()
    /// Over a video's still: opens the player in the browser.
    var playButton: Button? { play.isVisible ? play : nil }
    private let play = Button(iconName: "media-playback-start-symbolic", tooltip: tr("Play the video in your browser"))
    /// Opens an explanation link (tests record instead of starting a browser).
    var openExplanationLink: @MainActor (URL) -> Void = { _ in }
    /// Previous / next within the batch the window was opened from (nil outside a batch).
    private(set) var batch: BatchNavigation?
    /// The window now shows another entry of its batch (the application re-files it).
    var onEntryChanged: (@MainActor (_ old: APODEntry, _ new: APODEntry) -> Void)?
    private let spinner = Spinner(size: 48)
    private let missing = StatusPage(iconName: "image-missing-symbolic", heading: tr("No picture"))
    private let environment: ViewerEnvironment
    private let pictureWork = WorkSlot()
    private let saveWork = WorkSlot()
    /// The source that produced the picture on screen, which "Save" writes out.
    private var shownSource: (url: URL, purpose: ImagePurpose)?

    /// - Parameter batch: the entries of the grid the window was opened from, in grid order
    ///   (asked again at each step, so a grid still filling in is followed); nil outside a batch.
    init(application: Application, environment: ViewerEnvironment, entry: APODEntry,
         batch: (@MainActor () -> [APODEntry])? = nil) {
        self.entry = entry
        self.environment = environment
        window = Window(application: application)
        window.setDefaultSize(width: 900, height: 900)
        let column = Box(.vertical, spacing: 12)
        scroller = ScrolledWindow(child: column)
        zoomable.enclosingScroller = scroller

        let header = HeaderBar()
        pageButton.tooltip = tr("Open the entry's web page in your browser")
        pageButton.onClicked { [weak self] in self?.openWebPage() }
        header.packStart(pageButton)
        background.button.onClicked { [weak self] in self?.setAsBackground() }
        background.onOutcome = { [weak self] message, isFailure in self?.showOutcome(message, isFailure: isFailure) }
        header.packStart(background.button)
        let copyButton = Button(iconName: "edit-copy-symbolic", tooltip: tr("Copy the picture's link"))
        copyButton.onClicked { [weak self] in self?.copyLink() }
        header.packEnd(copyButton)
        saveButton.onClicked { [weak self] in self?.save() }
        saveButton.isSensitive = false
        header.packEnd(saveButton)
        fullscreenButton.onClicked { [weak self] in self?.fullscreen.toggle() }
        header.packEnd(fullscreenButton)
        window.setTitlebar(header)

        column.setMargins(top: 18, bottom: 24, start: 24, end: 24)
        column.append(banner.root)
        noticeLabel.enableWrapping()
        noticeLabel.setTextAlignment(0)
        noticeLabel.addCSSClass("dim-label")
        noticeLabel.isVisible = false
        column.append(noticeLabel)
        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        pictureStack.addPage(spinner, name: "loading")
        let overlay = Overlay(child: zoomable.root)
        play.addCSSClass("osd")
        play.addCSSClass("circular")
        play.horizontalAlign = .center
        play.verticalAlign = .center
        play.setSizeRequest(width: 64, height: 64)
        play.onClicked { [weak self] in
            if let video = self?.entry.playableURL { self?.openLink(video) }
        }
        overlay.addOverlay(play)
        pictureStack.addPage(overlay, name: "picture")
        pictureStack.addPage(missing, name: "missing")
        pictureStack.setSizeRequest(height: 420)
        column.append(pictureStack)

        dateLabel.addCSSClass("dim-label")
        titleLabel.addCSSClass("title-1")
        copyrightLabel.addCSSClass("dim-label")
        for label in [dateLabel, titleLabel, copyrightLabel, explanationLabel] {
            label.enableWrapping()
            label.setTextAlignment(0)
            column.append(label)
        }
        explanationLabel.isSelectable = true
        openExplanationLink = { [weak self] url in self?.openLink(url) }
        explanationLabel.onActivateLink { [weak self] uri in self?.activateLink(uri) }
        explanationLabel.setMaxWidthChars(90)
        explanationLabel.horizontalAlign = .start

        fullscreen = FullscreenPicture(window: window, header: header, content: scroller,
                                       picture: pictureStack, home: column)
        window.setChild(fullscreen.root)
        window.addAction(Action("fullscreen") { [weak self] in self?.fullscreen.toggle() })
        window.addAction(Action("escape") { [weak self] in
            guard let self else { return }
            if self.fullscreen.isActive { self.fullscreen.leave() } else { self.window.close() }
        })
        window.addShortcut(trigger: "Escape", action: "win.escape")
        addZoomActions()
        if let batch {
            let navigation = BatchNavigation(over: zoomable.root, window: window, entries: batch)
            navigation.onStep = { [weak self] next in self?.show(next) }
            self.batch = navigation
        }
        showText()
        banner.onRetry = { [weak self] in self?.loadPicture() }
        window.onDestroy { [weak self] in
            self?.pictureWork.cancel()
            self?.saveWork.cancel()
            self?.background.cancel()
        }
        loadPicture()
    }

    func present() { window.present() }

    /// Fills everything that depends on the entry but the picture.
    private func showText() {
        window.title = entry.title
        background.button.isVisible = entry.mediaType == .image
        play.isVisible = entry.playableURL != nil
        dateLabel.text = entry.date.displayString
        titleLabel.text = entry.title
        copyrightLabel.text = entry.copyrightLine ?? ""
        copyrightLabel.isVisible = entry.copyrightLine != nil
        if entry.explanation.isEmpty {
            explanationLabel.text = tr("No explanation was published for this day.")
        } else {
            explanationLabel.setMarkup(LinkMarkup.markup(LinkedText.runs(entry.explanation, links: entry.explanationLinks)))
        }
        batch?.update(current: entry)
    }

    /// Shows another entry of the batch in this window, as a slideshow would.
    func show(_ next: APODEntry) {
        guard next != entry else { return }
        let old = entry
        entry = next
        pictureWork.cancel()
        saveWork.cancel()
        background.cancel()
        banner.hide()
        noticeLabel.isVisible = false
        shownSource = nil
        saveButton.isSensitive = false
        background.button.isSensitive = false
        showText()
        loadPicture()
        onEntryChanged?(old, next)
    }

    /// Zoom in / out, best fit, 100 %, as in GNOME's image viewer (keys in `Shortcuts`).
    private func addZoomActions() {
        let actions: [(String, @MainActor (ZoomablePicture) -> Void)] = [
            ("zoom-in", { $0.zoomIn() }), ("zoom-out", { $0.zoomOut() }),
            ("zoom-fit", { $0.bestFit() }), ("zoom-actual", { $0.actualSize() }),
        ]
        for (name, apply) in actions {
            window.addAction(Action(name) { [weak self] in
                if let self { apply(self.zoomable) }
            })
        }
    }

    /// Tries the HD picture, then the normal one, then the thumbnail.
    private func loadPicture() {
        let sources = entry.detailPictureSources
        guard !sources.isEmpty else {
            missing.message.text = entry.mediaType == .video
                ? tr("This entry is a video. Open its web page to play it.") : tr("This entry has no picture.")
            pictureStack.visiblePage = "missing"
            return
        }
        spinner.isSpinning = true
        pictureStack.visiblePage = "loading"
        let pictures = environment.pictures
        pictureWork.start({
            var lastError: any Error = APODError.notAnImage
            for source in sources {
                do {
                    return (try await pictures.picture(from: source.url, for: source.purpose), source)
                } catch {
                    try Task.checkCancellation()
                    lastError = error
                }
            }
            throw lastError
        }, then: { [weak self] result in
            guard let self else { return }
            self.spinner.isSpinning = false
            switch result {
            case .success(let (image, source)):
                self.shownSource = source
                let pictures = self.environment.pictures
                self.zoomable.show(image, fullResolution: self.fullResolutionLoader(for: source), animation: {
                    try await pictures.animation(from: source.url, for: source.purpose)
                })
                self.picture.alternativeText = self.entry.altText ?? self.entry.title
                self.pictureStack.visiblePage = "picture"
                self.saveButton.isSensitive = true
                self.background.button.isSensitive = true
            case .failure(let error):
                self.missing.message.text = userMessage(for: error)
                self.pictureStack.visiblePage = "missing"
                self.banner.show(userMessage(for: error))
            }
        })
    }

    /// How the zoomable picture gets the shown HD picture at full resolution; nil for the
    /// fallbacks (a normal-size picture or a thumbnail is not the full picture).
    private func fullResolutionLoader(for source: (url: URL, purpose: ImagePurpose))
        -> (@Sendable () async throws -> DecodedImage)? {
        guard source.purpose == .hd else { return nil }
        let pictures = environment.pictures, url = source.url
        return { try await pictures.fullResolutionPicture(from: url) }
    }

    /// A link in the explanation was activated: web addresses open in the browser, anything
    /// else is ignored (the markup only ever holds web links; this holds even if it did not).
    /// Returns the address opened.
    @discardableResult
    func activateLink(_ uri: String) -> URL? {
        guard let url = URL(string: uri), WebURL.isWeb(url) else { return nil }
        openExplanationLink(url)
        return url
    }

    private func openWebPage() {
        openLink(entry.webPageURL)
    }

    func openLink(_ url: URL) {
        window.openWebLink(url, reportingTo: banner)
    }

    /// Puts the shown picture's link (or the best one known) on the clipboard.
    func copyLink() {
        window.copyToClipboard((shownSource?.url ?? entry.pictureLink).absoluteString)
    }

    private func save() {
        guard shownSource != nil else { return }
        window.chooseSaveLocation(title: tr("Save Picture"), suggestedName: entry.suggestedFileName,
                                  acceptLabel: tr("_Save"), cancelLabel: tr("_Cancel")) { [weak self] path in
            if let path { self?.savePicture(to: path) }
        }
    }

    /// Hands the shown picture, as the service sent it, to the desktop as its background.
    func setAsBackground() {
        guard let source = shownSource else { return }
        banner.hide()
        noticeLabel.isVisible = false
        let pictures = environment.pictures
        background.setBackground(fileName: entry.suggestedFileName, folder: environment.wallpaperDirectory) {
            try await pictures.data(from: source.url, for: source.purpose)
        }
    }

    private func showOutcome(_ message: String, isFailure: Bool) {
        if isFailure {
            banner.show(message, canRetry: false)
        } else {
            noticeLabel.text = message
            noticeLabel.isVisible = true
        }
    }

    /// Writes the shown picture's bytes, as the service sent them, to `path` off the main thread.
    func savePicture(to path: String) {
        guard let source = shownSource else { return }
        let pictures = environment.pictures
        saveWork.start({
            let data = try await pictures.data(from: source.url, for: source.purpose)
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw APODError.cannotSave(path: path, reason: tr("the folder does not exist or is not writable"))
            }
        }, then: { [weak self] result in
            if case .failure(let error) = result { self?.banner.show(userMessage(for: error), canRetry: false) }
        })
    }
}
