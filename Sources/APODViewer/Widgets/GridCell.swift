import APODCore
import Foundation
import GtkKit

/// One random-grid cell: the thumbnail (a still placeholder icon until it arrives, an icon and
/// the reason as tooltip when it fails, a play badge on videos) above the title in at most two
/// lines and the date as the app writes it elsewhere (`2020 Dec. 17`), which tells apart
/// pictures of the same title and gives On This Day its years. Screen readers name the cell by
/// its title and date; the entry's alt text is in its tooltip and its accessible description.
///
/// The placeholder does not animate: a spinner per cell kept the window redrawing every frame
/// while any visible thumbnail loaded, and under software GL each of those frames redraws the
/// whole window (50–150 ms of CPU), taking the cores the decoders need (README "Performance").
@MainActor
final class GridCell: FlowBoxChild {
    static let pictureHeight = 170

    let entry: APODEntry
    let picture = Picture(fit: .cover)
    /// The loading placeholder, then the failure icon when the thumbnail cannot be shown.
    let statusIcon = Image(iconName: GridCell.loadingIconName, pixelSize: 48)
    static let loadingIconName = "image-loading-symbolic"
    let playBadge = Image(iconName: "media-playback-start-symbolic", pixelSize: 24)
    /// A video day without a still: the app's icon over the dark gradient, under the badge.
    let videoPlaceholder = VideoCellPlaceholder(iconSize: 64)
    let titleLabel: Label
    let dateLabel: Label
    private let work = WorkSlot()
    private let titleWork = WorkSlot()
    /// NASA's title, or the Chinese mirror's once `showTitle` found it.
    private(set) var title: String
    /// A GIF day's animation, played while the pointer is over the cell.
    private(set) var animation: PictureAnimation!
    private var hover: MotionController?
    private var pictures: PictureLoader?

    init(entry: APODEntry) {
        self.entry = entry
        title = entry.shownTitle.text
        titleLabel = Label(title)
        dateLabel = Label(entry.date.displayString)
        let column = Box(.vertical, spacing: 6)
        column.setMargins(6)
        // The box is a fixed-height frame and the picture an overlay over it, so the picture's
        // own size never stretches the cell: every cell has the same box, cropped to fill.
        let frame = Box(.vertical)
        frame.setSizeRequest(height: Self.pictureHeight)
        let overlay = Overlay(child: frame)
        overlay.addCSSClass("view")
        overlay.clipsOverlays()
        overlay.addOverlay(picture)
        overlay.addOverlay(videoPlaceholder.root)
        statusIcon.horizontalAlign = .center
        statusIcon.verticalAlign = .center
        overlay.addOverlay(statusIcon)
        statusIcon.addCSSClass("dim-label")
        playBadge.addCSSClass("osd")
        playBadge.horizontalAlign = .end
        playBadge.verticalAlign = .end
        playBadge.setMargins(8)
        playBadge.isVisible = false
        overlay.addOverlay(playBadge)
        column.append(overlay)
        titleLabel.limitLines(2)
        titleLabel.setTextAlignment(0.5)
        titleLabel.setWidthChars(10)
        titleLabel.setMaxWidthChars(24)
        column.append(titleLabel)
        // Not dimmed: libadwaita's dim-label falls under 4.5:1 on the grid's background.
        dateLabel.addCSSClass("caption")
        dateLabel.addCSSClass("numeric")
        dateLabel.setTextAlignment(0.5)
        column.append(dateLabel)
        super.init(child: column)
        tooltip = [title, entry.shownAltText?.text].compactMap { $0 }.joined(separator: "\n")
        // Screen readers name the cell by its title and date and the picture by what it shows
        // (GTK 4.8 would say "GtkFlowBoxChild" and "GtkPicture").
        setAccessibleLabel(accessibleName)
        if let altText = entry.shownAltText { setAccessibleDescription(altText.text) }
        picture.setAccessibleLabel(entry.pictureDescription)
        animation = PictureAnimation(picture: picture)
        hover = MotionController(on: overlay) { [weak self] inside in self?.pointerMoved(inside: inside) }
    }

    /// Over a GIF day's thumbnail the animation plays; leaving puts the still back.
    func pointerMoved(inside: Bool) {
        guard inside else {
            animation.stop(restoringStill: true)
            return
        }
        guard let pictures, hasThumbnail, let url = entry.animatedPictureURL else { return }
        animation.start { try await pictures.animation(from: url, for: .display) }
    }

    /// "Title, 2020 Dec. 17" ("Title, video, 2020 Dec. 17" on a video day): what a screen
    /// reader says for the cell.
    var accessibleName: String {
        let values = ["title": title, "date": entry.date.displayString]
        return entry.mediaType == .video ? tr("{title}, video, {date}", values) : tr("{title}, {date}", values)
    }

    /// Shows the day's Chinese title in the label, tooltip and accessible name when the
    /// translation is already known and Explanations is Chinese, else NASA's (an index read,
    /// off the main thread; never a request to the mirror for a whole grid). Called again when
    /// Explanations changes.
    func showTitle(from translations: ViewerTranslations) {
        let day = entry.date
        titleWork.start(
            { translations.knownTitle(day) },
            then: { [weak self] result in
                guard let self, case .success(let translated) = result else { return }
                self.show(title: translated ?? self.entry.shownTitle.text)
            })
    }

    private func show(title shown: String) {
        guard shown != title else { return }
        title = shown
        titleLabel.text = shown
        tooltip =
            failed
            ? "\(shown)\n\(failureText)"
            : [shown, entry.shownAltText?.text].compactMap { $0 }.joined(separator: "\n")
        setAccessibleLabel(accessibleName)
    }

    var isLoading: Bool { work.isBusy }
    var hasThumbnail: Bool { picture.texture != nil }
    /// The tooltip saying why the thumbnail is missing, once loading it failed.
    var failureReason: String? { failed ? tooltip : nil }
    private var failed = false
    /// The loading placeholder shows (the thumbnail neither arrived nor failed).
    var showsPlaceholder: Bool { statusIcon.isVisible && statusIcon.iconName == Self.loadingIconName }

    /// Fetches and decodes the thumbnail at `width` device pixels, off the main thread.
    func loadThumbnail(with pictures: PictureLoader, width: Int) {
        guard entry.thumbnailSourceURL != nil || pictures.canDeriveStill(of: entry) else {
            if entry.mediaType == .video { showVideoPlaceholder() }
            showFailure(
                iconName: entry.mediaType == .video ? "video-x-generic-symbolic" : "image-missing-symbolic",
                reason: entry.mediaType == .video
                    ? tr("This video has no preview picture.") : tr("No picture for this day."))
            return
        }
        self.pictures = pictures
        let isVideo = entry.mediaType == .video
        let entry = entry
        work.start(
            {
                try await pictures.thumbnail(of: entry, width: width)
            },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let image):
                    self.statusIcon.isVisible = false
                    self.picture.setTexture(image.texture)
                    self.picture.alternativeText = self.entry.pictureDescription
                    self.playBadge.isVisible = isVideo
                case .failure(let error):
                    if isVideo && self.entry.thumbnailSourceURL == nil {
                        self.showVideoPlaceholder()
                        self.showFailure(
                            iconName: "video-x-generic-symbolic", reason: tr("This video has no preview picture."))
                    } else {
                        self.showFailure(iconName: "image-missing-symbolic", reason: userMessage(for: error))
                    }
                }
            })
    }

    /// A video day without a still to be had: the small placeholder and the play badge.
    private func showVideoPlaceholder() {
        videoPlaceholder.show(for: entry)
        playBadge.isVisible = true
    }

    func cancel() {
        work.cancel()
        titleWork.cancel()
        animation.stop(restoringStill: false)
    }

    private var failureText = ""

    private func showFailure(iconName: String, reason: String) {
        statusIcon.iconName = iconName
        statusIcon.isVisible = !videoPlaceholder.root.isVisible
        failed = true
        failureText = reason
        tooltip = "\(title)\n\(reason)"
    }
}
