import APODCore
import AdwKit
import Foundation
import GtkKit

/// The main window's picture area: a spinner while loading, the picture (aspect kept, a
/// button: click, Enter or Space opens it), a video poster with a play button, a video's
/// placeholder when it has no still (`VideoPlaceholder`), or a status
/// page (`ContentStatus`: a skipped day, a failure, a video without a still…) with a way on.
/// The picture's alt text is its accessible name and its tooltip.
///
/// Pictures are decoded to fit the area (`decodeBox`), not at full size: an HD picture of
/// 2880×3432 would otherwise hold 40 MB of pixels for a 960-pixel window. When the area later
/// grows well past the picture on screen, `largerPictureNeeded` asks for a new decode.
@MainActor
final class PictureView {
    /// How much larger than the picture on screen the area must get before it is decoded again.
    static let regrowthFactor = 1.25

    enum Page {
        case loading, picture
        /// An APOD-hosted video, playing in place (`VideoPlayer`).
        case video
        /// A video day without a still to be had (`VideoPlaceholder`).
        case placeholder
        /// A calm state: a skipped day, a day not stored, an entry without a picture.
        case status
        /// A failure, on a page screen readers announce.
        case failure
    }

    let root = ContentStack<Page>()
    let picture = Picture(fit: .contain)
    let pictureButton: Button
    let spinner = Spinner(size: 48)
    let playButton = Button(iconName: "media-playback-start-symbolic", tooltip: tr("Play the video in your browser"))
    let statusPage = StatusPage()
    /// Over the still when the video cannot be played here: why, and Open in Browser.
    let videoNotice = VideoNotice()
    /// A video day's picture when no still can be had.
    let placeholder = VideoPlaceholder()
    private let subscriptions = Subscriptions()
    let failurePage = StatusPage(isAlert: true)
    /// What the status page says, while it shows.
    private(set) var status: ContentStatus?
    private let sizeWatcher = SizeWatcher()

    /// The picture was clicked or activated from the keyboard.
    let pictureClicked = Event<Void>()
    /// A status page's link was pressed, with the link to open.
    let linkActivated = Event<URL>()
    /// The play button, the placeholder's Play Video or Open in Browser was pressed.
    let playRequested = Event<Void>()
    /// The area grew well past the picture on screen: decode it again to fit this box.
    let largerPictureNeeded = Event<PixelSize>()
    /// The area shows what it loaded: a picture after its frame is drawn, a video, a status page.
    let settled = Event<Void>()

    /// The picture on screen, with the size it was decoded from.
    private(set) var shownImage: DecodedImage?
    /// Width of the largest decode shown or asked for, so a drag-resize asks once per step.
    private var coveredWidth = 0

    /// An animated GIF's frames, played once loaded.
    private(set) var animation: PictureAnimation!

    init() {
        pictureButton = Button(child: picture)
        root.verticalExpand = true
        root.horizontalExpand = true
        root.setSizeRequest(height: 240)

        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        root.add(spinner, for: .loading)

        pictureButton.addCSSClass("flat")
        pictureButton.addCSSClass("picture-button")
        pictureButton.setPointerCursor()
        pictureButton.setAccessibleLabel(tr("Open the picture in its own window"))
        pictureButton.onClicked { [weak self] in self?.pictureClicked.emit() }
        playButton.addCSSClass("osd")
        playButton.addCSSClass("circular")
        playButton.horizontalAlign = .center
        playButton.verticalAlign = .center
        playButton.setSizeRequest(width: 64, height: 64)
        playButton.isVisible = false
        playButton.onClicked { [weak self] in self?.playRequested.emit() }
        let overlay = Overlay(child: pictureButton)
        overlay.addOverlay(sizeWatcher)
        sizeWatcher.onResize { [weak self] width, height in self?.areaResized(width: width, height: height) }
        overlay.addOverlay(playButton)
        overlay.addOverlay(videoNotice.root)
        videoNotice.openRequested.subscribe { [weak self] in self?.playRequested.emit() }.store(in: subscriptions)
        root.add(overlay, for: .picture)

        placeholder.playRequested.subscribe { [weak self] in self?.playRequested.emit() }.store(in: subscriptions)
        root.add(placeholder.root, for: .placeholder)
        root.add(statusPage, for: .status)
        root.add(failurePage, for: .failure)
        animation = PictureAnimation(picture: picture)
        showLoading()
    }

    var page: Page? { root.state }

    /// Adds the page an APOD-hosted video plays on (`showVideo`).
    func addVideoPage(_ player: Widget) {
        root.add(player, for: .video)
    }

    /// The video's first frame is ready: it takes the still's place.
    func showVideo() {
        spinner.isSpinning = false
        videoNotice.hide()
        root.state = .video
        settled.emit()
    }

    /// The picture area in device pixels, what a picture is decoded to fit; `fallback` (in
    /// logical pixels) before the window is laid out.
    func decodeBox(fallback: PixelSize) -> PixelSize {
        let scale = max(1, root.scaleFactor)
        let laidOut = root.width > 1 && root.height > 1
        return PixelSize(
            width: (laidOut ? root.width : fallback.width) * scale,
            height: (laidOut ? root.height : fallback.height) * scale)
    }

    private func areaResized(width: Int, height: Int) {
        guard let image = shownImage, image.width < image.originalWidth else { return }
        let scale = max(1, root.scaleFactor)
        let box = PixelSize(width: width * scale, height: height * scale)
        let wanted = TextureDecoder.fittedSize(
            width: image.originalWidth, height: image.originalHeight,
            longSide: TextureDecoder.displayLongSide, box: box)
        guard Double(wanted.width) > Double(coveredWidth) * Self.regrowthFactor else { return }
        coveredWidth = wanted.width
        largerPictureNeeded.emit(box)
    }

    func showLoading() {
        videoNotice.hide()
        shownImage = nil
        animation?.stop(restoringStill: false)
        spinner.isSpinning = true
        status = nil
        root.state = .loading
    }

    /// Shows a decoded picture; `playable` adds a play button (video posters).
    func show(_ image: DecodedImage, altText: String?, playable: Bool) {
        animation.stop(restoringStill: false)
        spinner.isSpinning = false
        shownImage = image
        coveredWidth = image.width
        picture.setTexture(image.texture)
        picture.afterNextPaint { [weak self] in
            StartupTrace.mark(.firstPictureFrame)
            self?.settled.emit()
        }
        picture.alternativeText = altText
        picture.setAccessibleLabel(altText ?? "")
        pictureButton.tooltip = altText
        pictureButton.setAccessibleDescription(altText ?? "")
        playButton.isVisible = playable
        status = nil
        root.state = .picture
    }

    /// Shows the video placeholder naming `host` (the one the video plays on), in place of a still.
    func showPlaceholder(host: String?) {
        videoNotice.hide()
        spinner.isSpinning = false
        shownImage = nil
        animation.stop(restoringStill: false)
        picture.setTexture(nil)
        status = nil
        placeholder.show(host: host)
        root.state = .placeholder
    }

    /// The status page `status` is on (the failure page for failures).
    var shownStatusPage: StatusPage { status?.isFailure == true ? failurePage : statusPage }

    /// Shows `status` in place of the picture, with its buttons.
    func showStatus(_ status: ContentStatus) {
        videoNotice.hide()
        spinner.isSpinning = false
        shownImage = nil
        animation.stop(restoringStill: false)
        picture.setTexture(nil)
        self.status = status
        let page = shownStatusPage
        page.iconName = status.iconName
        page.title = status.title
        page.setDescription(status.description)
        page.setButtons(status.ways.map(button(for:)))
        root.state = status.isFailure ? .failure : .status
        settled.emit()
    }

    private func button(for way: ContentStatus.Way) -> Button {
        switch way {
        case .action(let label, let name, let suggested):
            let button = Button(label: label)
            button.setAction(name)
            if suggested { button.markSuggested() }
            return button
        case .link(let label, let iconName, let url):
            let button = Button(label: label, iconName: iconName)
            button.markSuggested()
            button.onClicked { [weak self] in self?.linkActivated.emit(url) }
            return button
        }
    }
}
