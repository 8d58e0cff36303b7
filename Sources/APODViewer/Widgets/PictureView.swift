import APODCore
import Foundation
import GtkKit

/// The main window's picture area: a spinner while loading, the picture (aspect kept, a
/// button: click, Enter or Space opens it), a video poster with a play button, or a
/// placeholder with a way out. The picture's alt text is its tooltip and what screen readers
/// say about it.
@MainActor
final class PictureView {
    enum Page: String {
        case loading, picture, placeholder
    }

    let root = Stack()
    let picture = Picture(fit: .contain)
    let pictureButton: Button
    let spinner = Spinner(size: 48)
    let playButton = Button(iconName: "media-playback-start-symbolic", tooltip: tr("Play the video in your browser"))
    let placeholder = StatusPage(iconName: "image-missing-symbolic", heading: "")
    private let placeholderButton = Button(label: tr("Open Web Page"), iconName: "web-browser-symbolic")

    /// The picture was clicked or activated from the keyboard.
    var onPictureClicked: (@MainActor () -> Void)?
    /// The play button or the placeholder's button was pressed, with the link to open.
    var onOpenLink: (@MainActor (URL) -> Void)?

    private var playLink: URL?
    /// An animated GIF's frames, played once loaded.
    private(set) var animation: PictureAnimation!
    private var placeholderLink: URL?

    init() {
        pictureButton = Button(child: picture)
        root.verticalExpand = true
        root.horizontalExpand = true
        root.setSizeRequest(height: 240)

        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        root.addPage(spinner, name: Page.loading.rawValue)

        pictureButton.addCSSClass("flat")
        pictureButton.addCSSClass("picture-button")
        pictureButton.setPointerCursor()
        pictureButton.setAccessibleLabel(tr("Open the picture in its own window"))
        pictureButton.onClicked { [weak self] in self?.onPictureClicked?() }
        playButton.addCSSClass("osd")
        playButton.addCSSClass("circular")
        playButton.horizontalAlign = .center
        playButton.verticalAlign = .center
        playButton.setSizeRequest(width: 64, height: 64)
        playButton.isVisible = false
        playButton.onClicked { [weak self] in
            if let link = self?.playLink { self?.onOpenLink?(link) }
        }
        let overlay = Overlay(child: pictureButton)
        overlay.addOverlay(playButton)
        root.addPage(overlay, name: Page.picture.rawValue)

        placeholder.addButton(placeholderButton)
        placeholderButton.onClicked { [weak self] in
            if let link = self?.placeholderLink { self?.onOpenLink?(link) }
        }
        root.addPage(placeholder, name: Page.placeholder.rawValue)
        animation = PictureAnimation(picture: picture)
        showLoading()
    }

    var page: Page? { root.visiblePage.flatMap(Page.init(rawValue:)) }

    func showLoading() {
        animation?.stop(restoringStill: false)
        spinner.isSpinning = true
        root.visiblePage = Page.loading.rawValue
    }

    /// Shows a decoded picture; `playLink` adds a play button (video posters).
    func show(_ image: DecodedImage, altText: String?, playLink: URL?) {
        animation.stop(restoringStill: false)
        spinner.isSpinning = false
        picture.setTexture(image.texture)
        picture.alternativeText = altText
        pictureButton.tooltip = altText
        pictureButton.setAccessibleDescription(altText ?? "")
        self.playLink = playLink
        playButton.isVisible = playLink != nil
        root.visiblePage = Page.picture.rawValue
    }

    /// Shows a placeholder: what is missing and a button opening `link`, labelled `linkLabel`.
    func showPlaceholder(iconName: String, heading: String, message: String, link: URL?, linkLabel: String) {
        spinner.isSpinning = false
        animation.stop(restoringStill: false)
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
