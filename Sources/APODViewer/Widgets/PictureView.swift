import APODCore
import Foundation
import GtkKit

/// The main window's picture area: a spinner while loading, the picture (aspect kept,
/// clickable), a video poster with a play button, or a placeholder with a way out.
@MainActor
final class PictureView {
    enum Page: String {
        case loading, picture, placeholder
    }

    let root = Stack()
    let picture = Picture(fit: .contain)
    let spinner = Spinner(size: 48)
    let playButton = Button(iconName: "media-playback-start-symbolic", tooltip: tr("Play the video in your browser"))
    let placeholder = StatusPage(iconName: "image-missing-symbolic", heading: "")
    private let placeholderButton = Button(label: tr("Open Web Page"), iconName: "web-browser-symbolic")

    /// The picture was clicked.
    var onPictureClicked: (@MainActor () -> Void)?
    /// The play button or the placeholder's button was pressed, with the link to open.
    var onOpenLink: (@MainActor (URL) -> Void)?

    private var playLink: URL?
    private var placeholderLink: URL?

    init() {
        root.verticalExpand = true
        root.horizontalExpand = true
        root.setSizeRequest(height: 240)

        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        root.addPage(spinner, name: Page.loading.rawValue)

        picture.setPointerCursor()
        picture.onClick { [weak self] in self?.onPictureClicked?() }
        playButton.addCSSClass("osd")
        playButton.addCSSClass("circular")
        playButton.horizontalAlign = .center
        playButton.verticalAlign = .center
        playButton.setSizeRequest(width: 64, height: 64)
        playButton.isVisible = false
        playButton.onClicked { [weak self] in
            if let link = self?.playLink { self?.onOpenLink?(link) }
        }
        let overlay = Overlay(child: picture)
        overlay.addOverlay(playButton)
        root.addPage(overlay, name: Page.picture.rawValue)

        placeholder.addButton(placeholderButton)
        placeholderButton.onClicked { [weak self] in
            if let link = self?.placeholderLink { self?.onOpenLink?(link) }
        }
        root.addPage(placeholder, name: Page.placeholder.rawValue)
        showLoading()
    }

    var page: Page? { root.visiblePage.flatMap(Page.init(rawValue:)) }

    func showLoading() {
        spinner.isSpinning = true
        root.visiblePage = Page.loading.rawValue
    }

    /// Shows a decoded picture; `playLink` adds a play button (video posters).
    func show(_ image: DecodedImage, altText: String?, playLink: URL?) {
        spinner.isSpinning = false
        picture.setTexture(image.texture)
        picture.alternativeText = altText
        self.playLink = playLink
        playButton.isVisible = playLink != nil
        root.visiblePage = Page.picture.rawValue
    }

    /// Shows a placeholder: what is missing and a button opening `link`, labelled `linkLabel`.
    func showPlaceholder(iconName: String, heading: String, message: String, link: URL?, linkLabel: String) {
        spinner.isSpinning = false
        picture.setTexture(nil)
        placeholder.icon.iconName = iconName
        placeholder.heading.text = heading
        placeholder.message.text = message
        placeholderLink = link
        placeholderButton.isVisible = link != nil
        placeholderButton.textLabel?.text = linkLabel
        root.visiblePage = Page.placeholder.rawValue
    }
}
