import APODCore
import Foundation
import GtkKit

/// One random-grid cell: the thumbnail (spinner until it arrives, an icon and the reason as
/// tooltip when it fails, a play badge on videos) above the title in at most two lines. The
/// entry's alt text is in its tooltip and is what screen readers say about the cell.
@MainActor
final class GridCell: FlowBoxChild {
    static let pictureHeight = 170

    let entry: APODEntry
    let picture = Picture(fit: .cover)
    let spinner = Spinner(size: 32)
    let statusIcon = Image(iconName: "image-missing-symbolic", pixelSize: 48)
    let playBadge = Image(iconName: "media-playback-start-symbolic", pixelSize: 24)
    let titleLabel: Label
    private let work = WorkSlot()
    /// A GIF day's animation, played while the pointer is over the cell.
    private(set) var animation: PictureAnimation!
    private var hover: MotionController?
    private var pictures: PictureLoader?

    init(entry: APODEntry) {
        self.entry = entry
        titleLabel = Label(entry.shownTitle.text)
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
        for badge in [spinner, statusIcon] as [Widget] {
            badge.horizontalAlign = .center
            badge.verticalAlign = .center
            overlay.addOverlay(badge)
        }
        statusIcon.addCSSClass("dim-label")
        statusIcon.isVisible = false
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
        super.init(child: column)
        tooltip = [entry.shownTitle.text, entry.shownAltText?.text].compactMap { $0 }.joined(separator: "\n")
        if let altText = entry.shownAltText { setAccessibleDescription(altText.text) }
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

    var isLoading: Bool { work.isBusy }
    var hasThumbnail: Bool { picture.texture != nil }
    var failureReason: String? { statusIcon.isVisible ? tooltip : nil }

    /// Fetches and decodes the thumbnail at `width` device pixels, off the main thread.
    func loadThumbnail(with pictures: PictureLoader, width: Int) {
        guard let url = entry.thumbnailSourceURL else {
            showFailure(iconName: entry.mediaType == .video ? "video-x-generic-symbolic" : "image-missing-symbolic",
                        reason: entry.mediaType == .video ? tr("This video has no preview picture.") : tr("No picture for this day."))
            return
        }
        self.pictures = pictures
        spinner.isSpinning = true
        let isVideo = entry.mediaType == .video
        work.start({
            try await pictures.picture(from: url, for: .thumbnail(width: width))
        }, then: { [weak self] result in
            guard let self else { return }
            self.spinner.isSpinning = false
            self.spinner.isVisible = false
            switch result {
            case .success(let image):
                self.picture.setTexture(image.texture)
                self.picture.alternativeText = self.entry.pictureDescription
                self.playBadge.isVisible = isVideo
            case .failure(let error):
                self.showFailure(iconName: "image-missing-symbolic", reason: userMessage(for: error))
            }
        })
    }

    func cancel() {
        work.cancel()
        animation.stop(restoringStill: false)
        spinner.isSpinning = false
    }

    private func showFailure(iconName: String, reason: String) {
        spinner.isSpinning = false
        spinner.isVisible = false
        statusIcon.iconName = iconName
        statusIcon.isVisible = true
        tooltip = "\(entry.shownTitle.text)\n\(reason)"
    }
}
