import APODCore
import GtkKit

/// One day on the archive wall: its thumbnail (a still placeholder until it arrives, an icon
/// and the reason as tooltip when it cannot be shown) over the day's date, as a flat button
/// that opens the day, with a play badge on video days. Cells are recycled as the wall scrolls:
/// `assign` gives one another day, cancelling what it was loading for the last.
@MainActor
final class WallCell {
    static let pictureHeight = 132
    static let loadingIconName = "image-loading-symbolic"

    let button: Button
    let picture = Picture(fit: .cover)
    let statusIcon = Image(iconName: WallCell.loadingIconName, pixelSize: 32)
    /// On a video day's thumbnail; hovering never plays the video. Made with the first video
    /// day the cell shows, as is `videoPlaceholder`: most days are pictures, and a wall binds
    /// hundreds of cells.
    private(set) var playBadge: Image?
    /// A video day without a still: the app's icon over the dark gradient, under the badge.
    private(set) var videoPlaceholder: VideoCellPlaceholder?
    let dateLabel = Label()
    /// What screen readers call the cell (GTK 4.8 cannot read it back).
    private(set) var accessibleName = ""
    private let thumbnail: Overlay
    /// The index of the day in the wall, and its entry.
    private(set) var dayIndex: Int?
    private(set) var entry: APODEntry?
    /// The tooltip, made when GTK shows it (`setTooltipProvider`): the title and alt text, or
    /// why there is no thumbnail.
    private(set) var tooltipText: String?
    private let work = WorkSlot()
    private var isLoaded = false
    private var assigned: Day?
    private var needsRender = false

    init() {
        let overlay = Overlay.thumbnailFrame(picture, height: Self.pictureHeight)
        thumbnail = overlay
        statusIcon.horizontalAlign = .center
        statusIcon.verticalAlign = .center
        statusIcon.addCSSClass("dim-label")
        overlay.addOverlay(statusIcon)
        let column = Box(.vertical, spacing: 4)
        column.append(overlay)
        dateLabel.addCSSClass("caption")
        dateLabel.limitLines(1)
        column.append(dateLabel)
        button = Button(child: column)
        button.addCSSClass("flat")
        button.addCSSClass("wall-cell")
        button.horizontalExpand = true
        button.setTooltipProvider { [weak self] in self?.tooltipText }
    }

    /// The badge and placeholder, made on first need: the placeholder over the status icon
    /// (never shown together), the badge over both.
    private func videoWidgets() -> (badge: Image, placeholder: VideoCellPlaceholder) {
        if let playBadge, let videoPlaceholder { return (playBadge, videoPlaceholder) }
        let placeholder = VideoCellPlaceholder(iconSize: 48)
        thumbnail.addOverlay(placeholder.root)
        let badge = Image(iconName: "media-playback-start-symbolic", pixelSize: 16)
        badge.addCSSClass("osd")
        badge.horizontalAlign = .end
        badge.verticalAlign = .end
        badge.setMargins(6)
        badge.isVisible = false
        thumbnail.addOverlay(badge)
        playBadge = badge
        videoPlaceholder = placeholder
        return (badge, placeholder)
    }

    private func setAccessibleName(_ name: String) {
        accessibleName = name
        button.setAccessibleLabel(name)
    }

    /// What a cell shows of a day, made once when the wall reads its days (off the main thread):
    /// a fling binds hundreds of cells a second, and the entry's display texts cost.
    struct Day: Sendable {
        let entry: APODEntry
        let date: String
        /// NASA's title, or the Chinese mirror's when Explanations is Chinese and it is known.
        let title: String
        let tooltip: String
        let accessibleLabel: String
        let accessibleDescription: String

        init(_ entry: APODEntry, title translated: String? = nil) {
            self.entry = entry
            date = entry.date.displayString
            let title = translated ?? entry.shownTitle.text
            self.title = title
            tooltip = [title, entry.shownAltText?.text].compactMap { $0 }.joined(separator: "\n")
            accessibleLabel =
                entry.mediaType == .video
                ? tr("{date}: {title}, video", ["date": date, "title": title]) : "\(date): \(title)"
            accessibleDescription = entry.shownAltText?.text ?? ""
        }
    }

    /// Gives the cell day `index`, its thumbnail not yet asked for. Its date and placeholder
    /// follow at `render()`, once its row comes on screen: GTK 4.8 binds rows by the hundred
    /// beyond the visible ones, and a fling passes most of them without their ever being drawn.
    func assign(_ day: Day, at index: Int) {
        guard dayIndex != index || entry != day.entry else {
            // The same day under another title (Explanations changed): only its texts change.
            if let assigned, assigned.title != day.title { retitle(day) }
            return
        }
        cancel()
        dayIndex = index
        entry = day.entry
        assigned = day
        isLoaded = false
        failureReason = nil
        needsRender = true
        tooltipText = day.tooltip
        // Now, not at `render()`: screen readers list the cells of rows off screen too.
        setAccessibleName(day.accessibleLabel)
        button.setAccessibleDescription(day.accessibleDescription)
        button.isVisible = true
        // The last day's thumbnail goes now, not when the row is next on screen.
        if hasThumbnail { picture.setTexture(nil) }
        videoPlaceholder?.hide()
    }

    private func retitle(_ day: Day) {
        assigned = day
        if let failure = failureReason {
            tooltipText = "\(day.title)\n\(failure)"
        } else {
            tooltipText = day.tooltip
        }
        setAccessibleName(day.accessibleLabel)
    }

    /// Holds day `index`'s place while its page of the index is read: the loading placeholder,
    /// no date, nothing to open.
    func showPending(at index: Int) {
        guard dayIndex != index || entry != nil || !button.isVisible else { return }
        cancel()
        dayIndex = index
        entry = nil
        assigned = nil
        isLoaded = false
        failureReason = nil
        needsRender = false
        tooltipText = nil
        setAccessibleName(tr("Loading…"))
        button.setAccessibleDescription("")
        button.isVisible = true
        picture.setTexture(nil)
        if statusIcon.iconName != Self.loadingIconName { statusIcon.iconName = Self.loadingIconName }
        statusIcon.isVisible = true
        playBadge?.isVisible = false
        videoPlaceholder?.hide()
        dateLabel.text = ""
    }

    /// Shows the assigned day, if it does not yet.
    func render() {
        guard needsRender, let day = assigned else { return }
        needsRender = false
        picture.setTexture(nil)
        // Only on change: an icon name set again is looked up in the theme again.
        if statusIcon.iconName != Self.loadingIconName { statusIcon.iconName = Self.loadingIconName }
        statusIcon.isVisible = true
        videoPlaceholder?.hide()
        if day.entry.mediaType == .video {
            videoWidgets().badge.isVisible = true
        } else {
            playBadge?.isVisible = false
        }
        dateLabel.text = day.date
    }

    /// Shows nothing (a short last row's spare cells).
    func clear() {
        cancel()
        dayIndex = nil
        entry = nil
        assigned = nil
        needsRender = false
        isLoaded = false
        failureReason = nil
        picture.setTexture(nil)
        playBadge?.isVisible = false
        videoPlaceholder?.hide()
        button.isVisible = false
    }

    var isLoading: Bool { work.isBusy }
    var hasThumbnail: Bool { picture.texture != nil }
    /// Whether the thumbnail arrived or failed, or the day has none.
    var isSettled: Bool { isLoaded && !work.isBusy }
    /// Whether the thumbnail was asked for and arrived, failed, or is on its way.
    var isLoadedOrLoading: Bool { isLoaded || work.isBusy }

    /// Fetches and decodes the thumbnail at `width` device pixels through the app's one image
    /// pipeline, off the main thread. - Returns: whether a request started.
    @discardableResult
    func loadThumbnail(with pictures: PictureLoader, width: Int) -> Bool {
        guard let entry, !isLoadedOrLoading else { return false }
        render()
        guard entry.thumbnailSourceURL != nil || pictures.canDeriveStill(of: entry) else {
            isLoaded = true
            if entry.mediaType == .video { videoWidgets().placeholder.show(for: entry) }
            showFailure(
                iconName: entry.mediaType == .video ? "video-x-generic-symbolic" : "image-missing-symbolic",
                reason: entry.mediaType == .video
                    ? tr("This video has no preview picture.") : tr("No picture for this day."))
            return false
        }
        work.start(
            {
                try await pictures.thumbnail(of: entry, width: width)
            },
            then: { [weak self] result in
                guard let self else { return }
                self.isLoaded = true
                switch result {
                case .success(let image):
                    self.statusIcon.isVisible = false
                    self.picture.setTexture(image.texture)
                    self.picture.alternativeText = entry.pictureDescription
                case .failure(let error):
                    if entry.mediaType == .video && entry.thumbnailSourceURL == nil {
                        self.videoWidgets().placeholder.show(for: entry)
                        self.showFailure(
                            iconName: "video-x-generic-symbolic", reason: tr("This video has no preview picture."))
                    } else {
                        self.showFailure(iconName: "image-missing-symbolic", reason: userMessage(for: error))
                    }
                }
            })
        return true
    }

    /// Stops a thumbnail on its way. - Returns: whether one was.
    @discardableResult
    func cancel() -> Bool {
        guard work.isBusy else { return false }
        work.cancel()
        return true
    }

    /// Why the thumbnail cannot be shown, once that is known.
    private var failureReason: String?

    private func showFailure(iconName: String, reason: String) {
        statusIcon.iconName = iconName
        statusIcon.isVisible = videoPlaceholder?.root.isVisible != true
        failureReason = reason
        if let assigned { tooltipText = "\(assigned.title)\n\(reason)" }
    }
}
