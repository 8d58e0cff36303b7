import APODCore
import Foundation
import GtkKit

/// One entry in full: the best picture available, date, title, copyright and explanation in a
/// vertical scroller, with buttons to open the web page, save the picture and copy its link.
@MainActor
final class DetailWindow {
    static let defaultSize = PixelSize(width: 900, height: 900)

    let entry: APODEntry
    let window: Window
    let banner = ErrorBanner()
    let scroller: ScrolledWindow
    let pictureStack = Stack()
    let picture = Picture(fit: .contain)
    let dateLabel = Label()
    let titleLabel = Label()
    let copyrightLabel = Label()
    let explanationLabel = Label()
    /// Shown when a label had to cut the entry's text (`BoundedText`): copies all of it.
    let fullTextButton = Button(label: tr("Copy _Full Text"))
    let saveButton = Button(iconName: "document-save-symbolic", tooltip: tr("Save the picture…"))
    let pageButton = Button(label: tr("_Web Page"))
    let header = HeaderBar()
    let background = BackgroundSetter()
    /// Quick feedback over the window: "Link copied", "Saved to …", "Background set".
    let toast = Toast()
    /// Below ~480 px the header's text buttons become icons.
    private var narrowLayout: WidthBreakpoint?
    /// Over a video's still: opens the player in the browser.
    private(set) var playButton: Button?
    private let spinner = Spinner(size: 48)
    private let missing = StatusPage(iconName: "image-missing-symbolic", heading: tr("No picture"))
    private let environment: ViewerEnvironment
    private let pictureWork = WorkSlot()
    private let saveWork = WorkSlot()
    /// The picture on screen, with the size it was decoded from.
    private(set) var shownImage: DecodedImage?
    /// The source that produced the picture on screen, which "Save" writes out.
    private var shownSource: (url: URL, purpose: ImagePurpose)?

    init(application: Application, environment: ViewerEnvironment, entry: APODEntry) {
        self.entry = entry
        self.environment = environment
        window = Window(application: application)
        window.title = entry.shownTitle.text
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        let column = Box(.vertical, spacing: 12)
        scroller = ScrolledWindow(child: column)

        pageButton.tooltip = tr("Open the entry's web page in your browser")
        pageButton.onClicked { [weak self] in self?.openWebPage() }
        header.packStart(pageButton)
        if entry.mediaType == .image {
            background.button.onClicked { [weak self] in self?.setAsBackground() }
            background.onOutcome = { [weak self] message, isFailure in self?.showOutcome(message, isFailure: isFailure) }
            header.packStart(background.button)
        }
        header.packEnd(MenuButton(iconName: "view-more-symbolic", menu: Self.linkMenu, tooltip: tr("More")))
        saveButton.onClicked { [weak self] in self?.save() }
        saveButton.isSensitive = false
        header.packEnd(saveButton)
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
        let overlay = Overlay(child: picture)
        if let video = entry.playableURL {
            let play = Button(iconName: "media-playback-start-symbolic", tooltip: tr("Play the video in your browser"))
            play.addCSSClass("osd")
            play.addCSSClass("circular")
            play.horizontalAlign = .center
            play.verticalAlign = .center
            play.setSizeRequest(width: 64, height: 64)
            play.onClicked { [weak self] in self?.openLink(video) }
            overlay.addOverlay(play)
            playButton = play
        }
        pictureStack.addPage(overlay, name: "picture")
        pictureStack.addPage(missing, name: "missing")
        pictureStack.setSizeRequest(height: 320)
        column.append(pictureStack)

        dateLabel.text = entry.date.displayString
        dateLabel.addCSSClass("dim-label")
        titleLabel.text = entry.shownTitle.text
        titleLabel.addCSSClass("title-1")
        copyrightLabel.text = entry.copyrightLine ?? ""
        copyrightLabel.isVisible = entry.copyrightLine != nil
        copyrightLabel.addCSSClass("dim-label")
        explanationLabel.text = entry.explanation.isEmpty ? tr("No explanation was published for this day.") : entry.shownExplanation.text
        for label in [dateLabel, titleLabel, copyrightLabel, explanationLabel] {
            label.enableWrapping()
            label.setTextAlignment(0)
            column.append(label)
        }
        explanationLabel.isSelectable = true
        explanationLabel.setMaxWidthChars(90)
        explanationLabel.horizontalAlign = .start
        fullTextButton.tooltip = tr("The text is too long to show here; copy all of it as plain text")
        fullTextButton.horizontalAlign = .start
        fullTextButton.isVisible = entry.hasTruncatedText
        fullTextButton.onClicked { [weak self] in self?.copyFullText() }
        column.append(fullTextButton)

        window.setChild(scroller, toast: toast)
        window.addAction(Action("copy-link") { [weak self] in self?.copyPageLink() })
        window.addAction(Action("copy-picture-link") { [weak self] in self?.copyLink() })
        window.addShortcut(trigger: "Escape", action: "window.close")
        banner.onRetry = { [weak self] in self?.loadPicture() }
        window.onDestroy { [weak self] in
            self?.pictureWork.cancel()
            self?.saveWork.cancel()
            self?.background.cancel()
        }
        loadPicture()
    }

    func present() { window.present() }

    private func useIconButtons(_ narrow: Bool) {
        if narrow {
            pageButton.showIcon("web-browser-symbolic")
            background.button.showIcon("preferences-desktop-wallpaper-symbolic")
        } else {
            pageButton.label = tr("_Web Page")
            background.button.label = tr("Set as _Background")
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
                self.picture.setTexture(image.texture)
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
