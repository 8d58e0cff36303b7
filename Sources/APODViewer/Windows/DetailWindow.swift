import APODCore
import Foundation
import GtkKit

/// One entry in full: the best picture available, date, title, copyright and explanation in a
/// vertical scroller, with buttons to open the web page, save the picture and copy its link.
/// The picture zooms and pans (`ZoomablePicture`) and goes fullscreen (`FullscreenPicture`);
/// opened from the random grid, the window steps through the grid's batch (`BatchNavigation`).
@MainActor
final class DetailWindow {
    static let defaultSize = PixelSize(width: 900, height: 900)

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
    /// Shown when a label had to cut the entry's text (`BoundedText`): copies all of it.
    let fullTextButton = Button(label: tr("Copy _Full Text"))
    let saveButton = Button(iconName: "document-save-symbolic", tooltip: tr("Save the picture…"))
    let pageButton = Button(label: tr("_Web Page"))
    let header = HeaderBar()
    let fullscreenButton = Button(iconName: "view-fullscreen-symbolic", tooltip: tr("Show the picture alone on the whole screen (F11)"))
    /// F11, the header button; Esc leaves.
    private(set) var fullscreen: FullscreenPicture!
    let background = BackgroundSetter()
    /// Quick feedback over the window: "Link copied", "Saved to …", "Background set".
    let toast = Toast()
    /// Below ~480 px the header's text buttons become icons.
    private var narrowLayout: WidthBreakpoint?
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
    private let videoPlayback: VideoPlayback
    private let saveWork = WorkSlot()
    /// The picture on screen, with the size it was decoded from.
    private(set) var shownImage: DecodedImage?
    /// The source that produced the picture on screen, which "Save" writes out.
    private var shownSource: (url: URL, purpose: ImagePurpose)?

    /// - Parameter batch: the entries of the grid the window was opened from, in grid order
    ///   (asked again at each step, so a grid still filling in is followed); nil outside a batch.
    init(application: Application, environment: ViewerEnvironment, entry: APODEntry,
         batch: (@MainActor () -> [APODEntry])? = nil) {
        self.entry = entry
        self.environment = environment
        videoPlayback = VideoPlayback(source: environment.source)
        window = Window(application: application)
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        let column = Box(.vertical, spacing: 12)
        scroller = ScrolledWindow(child: column)
        zoomable.enclosingScroller = scroller

        pageButton.tooltip = tr("Open the entry's web page in your browser")
        pageButton.onClicked { [weak self] in self?.openWebPage() }
        header.packStart(pageButton)
        background.button.onClicked { [weak self] in self?.setAsBackground() }
        background.onOutcome = { [weak self] message, isFailure in self?.showOutcome(message, isFailure: isFailure) }
        header.packStart(background.button)
        header.packEnd(MenuButton(iconName: "view-more-symbolic", menu: Self.linkMenu, tooltip: tr("More")))
        saveButton.onClicked { [weak self] in self?.save() }
        saveButton.isSensitive = false
        header.packEnd(saveButton)
        fullscreenButton.onClicked { [weak self] in self?.fullscreen.toggle() }
        header.packEnd(fullscreenButton)
        window.setTitlebar(header)
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: 480) { [weak self] narrow in
            self?.useIconButtons(narrow)
            self?.header.hideTitle(narrow)
        }

        column.setMargins(top: 18, bottom: 24, start: 24, end: 24)
        column.append(banner.root)
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
            guard let self else { return }
            self.videoPlayback.play(self.entry) { [weak self] url in self?.openLink(url) }
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
        fullTextButton.tooltip = tr("The text is too long to show here; copy all of it as plain text")
        fullTextButton.horizontalAlign = .start
        fullTextButton.onClicked { [weak self] in self?.copyFullText() }
        column.append(fullTextButton)

        fullscreen = FullscreenPicture(window: window, header: header, content: scroller,
                                       picture: pictureStack, home: column)
        window.setChild(fullscreen.root, toast: toast)
        window.addAction(Action("copy-link") { [weak self] in self?.copyPageLink() })
        window.addAction(Action("copy-picture-link") { [weak self] in self?.copyLink() })
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
            self?.videoPlayback.cancel()
        }
        loadPicture()
    }

    /// Shows the window; the first time with nothing focused, since GTK would focus the
    /// selectable explanation and blink a caret before its first word.
    func present() {
        let isNew = !window.isVisible
        window.present()
        if isNew { window.clearFocus() }
    }

    private func useIconButtons(_ narrow: Bool) {
        if narrow {
            pageButton.showIcon("web-browser-symbolic")
            background.button.showIcon("preferences-desktop-wallpaper-symbolic")
        } else {
            pageButton.label = tr("_Web Page")
            background.button.label = tr("Set as _Background")
        }
    }

    /// Fills everything that depends on the entry but the picture.
    private func showText() {
        window.title = entry.shownTitle.text
        background.button.isVisible = entry.mediaType == .image
        play.isVisible = entry.mediaType == .video
        dateLabel.text = entry.date.displayString
        titleLabel.text = entry.shownTitle.text
        copyrightLabel.text = entry.copyrightLine ?? ""
        copyrightLabel.isVisible = entry.copyrightLine != nil
        if entry.explanation.isEmpty {
            explanationLabel.text = tr("No explanation was published for this day.")
        } else {
            explanationLabel.setMarkup(LinkMarkup.markup(LinkedText.runs(entry.shownExplanation.text, links: entry.explanationLinks)))
        }
        fullTextButton.isVisible = entry.hasTruncatedText
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
        toast.dismiss()
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
        let box = pictureBox
        pictureWork.start({
            var lastError: any Error = APODError.notAnImage
            for source in sources {
                do {
                    return (try await pictures.picture(from: source.url, for: source.purpose, fitting: box), source)
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
                self.shownImage = image
                let pictures = self.environment.pictures
                self.zoomable.show(image, fullResolution: self.fullResolutionLoader(for: source), animation: {
                    try await pictures.animation(from: source.url, for: source.purpose)
                })
                self.picture.alternativeText = self.entry.pictureDescription
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

    /// The column's width by the window's height in device pixels (the default size before the
    /// window is laid out): the picture is decoded to fit that, not at full size.
    private var pictureBox: PixelSize {
        let scale = max(1, window.scaleFactor)
        let laidOut = window.width > 1 && window.height > 1
        let size = laidOut ? PixelSize(width: window.width, height: window.height) : Self.defaultSize
        return PixelSize(width: (size.width - 48) * scale, height: size.height * scale)
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

    /// "Copy Link" and "Copy Picture Link".
    private static var linkMenu: Menu {
        let menu = Menu()
        menu.append(tr("Copy _Link"), action: "win.copy-link")
        menu.append(tr("Copy _Picture Link"), action: "win.copy-picture-link")
        return menu
    }

    /// Puts the entry's APOD page on the clipboard (the link people share).
    func copyPageLink() {
        window.copyToClipboard(entry.webPageURL.absoluteString)
        toast.show(tr("Link copied"))
    }

    /// Puts the shown picture's link (or the best one known) on the clipboard.
    func copyLink() {
        window.copyToClipboard((shownSource?.url ?? entry.pictureLink).absoluteString)
        toast.show(tr("Picture link copied"))
    }

    /// Puts the entry's whole text, which the labels show only in part, on the clipboard.
    func copyFullText() {
        window.copyToClipboard(entry.fullText)
        showOutcome(tr("The full text is on the clipboard."), isFailure: false)
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
        toast.dismiss()
        let pictures = environment.pictures
        background.setBackground(fileName: entry.suggestedFileName, folder: environment.wallpaperDirectory) {
            try await pictures.data(from: source.url, for: source.purpose)
        }
    }

    private func showOutcome(_ message: String, isFailure: Bool) {
        if isFailure {
            banner.show(message, canRetry: false)
        } else {
            toast.show(message)
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
            switch result {
            case .success:
                self?.announceSaved(at: path)
            case .failure(let error):
                self?.banner.show(userMessage(for: error), canRetry: false)
            }
        })
    }

    /// "Saved to …" with Open Folder, which shows the folder in the file manager.
    private func announceSaved(at path: String) {
        let file = URL(fileURLWithPath: path)
        toast.show(tr("Saved to {file}", ["file": file.lastPathComponent]), actionLabel: tr("_Open Folder")) { [weak self] in
            guard let self else { return }
            self.window.showURI(file.deletingLastPathComponent().absoluteString) { [weak self] _ in
                self?.banner.show(tr("No file manager could open the folder. The picture is in {folder}.",
                                     ["folder": file.deletingLastPathComponent().path]), canRetry: false)
            }
        }
    }
}
