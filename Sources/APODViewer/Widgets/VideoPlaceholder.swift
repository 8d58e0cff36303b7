import APODCore
import Foundation
import GtkKit

/// What a video day shows when no still can be had (no poster, and none derived from its
/// player's address, or it failed): the app's icon over a dark gradient, "Video" and the host
/// the video plays on, and Play Video, which opens it in the browser. The gradient is dark in
/// light and dark styles alike, as a video's frame is, so the white text always reads on it.
@MainActor
final class VideoPlaceholder {
    let root = Box(.vertical, spacing: 12)
    let icon = Image(iconName: ViewerApplication.id, pixelSize: 96)
    let titleLabel = Label(tr("Video"))
    let hostLabel = Label()
    let playButton = Button(label: tr("Play Video"), iconName: "media-playback-start-symbolic")
    /// Play Video was pressed.
    let playRequested = Event<Void>()

    /// The host named, while the placeholder shows one ("vimeo.com").
    private(set) var host: String?

    init() {
        root.addCSSClass("video-placeholder")
        root.horizontalExpand = true
        root.verticalExpand = true
        let content = Box(.vertical, spacing: 12)
        content.horizontalAlign = .center
        content.verticalAlign = .center
        content.verticalExpand = true
        content.setMargins(24)
        content.append(icon)
        titleLabel.addCSSClass("title-1")
        content.append(titleLabel)
        hostLabel.addCSSClass("video-placeholder-host")
        hostLabel.limitLines(1)
        content.append(hostLabel)
        playButton.markSuggested()
        playButton.addCSSClass("pill")
        playButton.horizontalAlign = .center
        playButton.onClicked { [weak self] in self?.playRequested.emit() }
        content.append(playButton)
        root.append(content)
        show(host: nil)
    }

    /// Names `host` (`APODEntry.videoHost`), or only "Video" without one.
    func show(host: String?) {
        self.host = host?.isEmpty == false ? host : nil
        hostLabel.text = self.host.map { tr("on {host}", ["host": $0]) } ?? ""
        hostLabel.isVisible = self.host != nil
        root.setAccessibleLabel(accessibleName)
    }

    /// What screen readers call it: "Video on vimeo.com, no still picture".
    var accessibleName: String { Self.accessibleName(host: host) }

    nonisolated static func accessibleName(host: String?) -> String {
        if let host, !host.isEmpty { return tr("Video on {host}, no still picture", ["host": host]) }
        return tr("Video, no still picture")
    }
}

/// The placeholder made small for a grid's or the wall's cell of a video day without a still:
/// the app's icon over the same dark gradient; the cell's play badge stays over it. Hidden
/// until `show(for:)`.
@MainActor
final class VideoCellPlaceholder {
    let root = Box(.vertical)
    let icon: Image
    /// What screen readers call it, once shown.
    private(set) var accessibleName: String?

    init(iconSize: Int) {
        icon = Image(iconName: ViewerApplication.id, pixelSize: iconSize)
        root.addCSSClass("video-placeholder")
        root.horizontalExpand = true
        root.verticalExpand = true
        icon.horizontalAlign = .center
        icon.verticalAlign = .center
        icon.verticalExpand = true
        root.append(icon)
        root.isVisible = false
    }

    /// Shows the placeholder of `entry`, named "Video on vimeo.com, no still picture".
    func show(for entry: APODEntry) {
        let name = VideoPlaceholder.accessibleName(host: entry.videoHost)
        accessibleName = name
        root.setAccessibleLabel(name)
        root.isVisible = true
    }

    func hide() { root.isVisible = false }
}
