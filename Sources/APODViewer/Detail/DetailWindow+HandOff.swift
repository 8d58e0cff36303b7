import APODCore
import AdwKit
import Foundation
import GtkKit

/// A detail window's ways to hand its picture on, as GNOME's image viewer has them: Ctrl+C
/// (the picture, or the selected text), Ctrl+Shift+C (the page link), dragging the picture
/// out as a file, Open With…, Print… and the properties panel (F9); and the explanation's
/// right-click menu, which opens the link under the pointer in the browser even when it is a
/// link to another APOD day (those open in the app when clicked).
extension DetailWindow {
    func installHandOff(environment: ViewerEnvironment) {
        handOff = PictureHandOff(window: window, toasts: toasts, banner: banner, environment: environment) {
            [weak self] in
            self?.handOffPicture
        }
        handOff.fileReady.subscribe { [weak self] _ in self?.fileChanged() }.store(in: subscriptions)
        drag = PictureDragSource(on: picture) { [weak self] in self?.zoomable.isBestFit ?? false }
        window.addAction(Action(WindowAction.properties) { [weak self] in self?.toggleProperties() })
        let openInBrowser = Action(DetailWindow.openLinkInBrowser) { [weak self] in
            guard let self, let link = self.contextLink else { return }
            self.openExplanationLink(link)
        }
        openInBrowser.isEnabled = false
        window.addAction(openInBrowser)
        openInBrowserAction = openInBrowser
        explanationLabel.setExtraMenu(Self.explanationMenu)
        explanationLabel.onSecondaryPress { [weak self] offset in self?.rightClicked(atTextOffset: offset) }
        updateHandOffActions()
    }

    /// The explanation's extra context menu item (GTK's own offers Copy Link Address).
    static let openLinkInBrowser = "open-link-in-browser"

    static var explanationMenu: Menu {
        let menu = Menu()
        menu.append(tr("Open Link in _Browser"), action: "win." + openLinkInBrowser)
        return menu
    }

    /// The detail window's menu: the links, then the picture's hand-offs and properties.
    static var menu: Menu {
        let menu = Menu()
        menu.appendSection(EntryClipboard.menuSection)
        let picture = PictureHandOff.menuSection
        picture.append(tr("P_roperties"), action: WindowAction.properties)
        menu.appendSection(picture)
        return menu
    }

    var handOffPicture: PictureHandOff.Current? {
        guard let shown = pictureArea.shown else { return nil }
        return PictureHandOff.Current(image: shown.image, source: shown.source, entry: entry)
    }

    var isShowingProperties: Bool { propertiesFlap.isRevealed }

    func toggleProperties() {
        propertiesFlap.isRevealed.toggle()
        updateProperties()
    }

    /// The picture on screen changed (or went): the file and the figures follow.
    func pictureChanged() {
        handOff.forget()
        drag.setContent(texture: nil, file: nil)
        updateHandOffActions()
        updateProperties()
        if pictureArea.shown != nil { handOff.prepare() }
    }

    private func fileChanged() {
        let file = handOff.file?.file
        drag.setContent(texture: pictureArea.shown?.image.texture, file: file?.url)
        updateProperties()
    }

    private func updateHandOffActions() {
        handOff.setEnabled(pictureArea.shown != nil)
    }

    private func updateProperties() {
        guard isShowingProperties else { return }
        let shown = pictureArea.shown
        let file = handOff.file.flatMap { $0.source == shown?.source.url ? $0.file : nil }
        properties.show(
            entry, image: shown?.image, source: shown?.source.url, file: file,
            loading: !entry.detailPictureSources.isEmpty && pictureArea.page != .failed)
    }
}
