import APODCore
import AdwKit
import GtkKit

/// A detail window's header bar: Web Page and Set as Background at its start; the entry's
/// title over its date in the middle; fullscreen, Save and the menu (Copy Link, Copy Picture
/// Link, Copy Picture, Open With…, Print…, Properties) at its end. Below 480 px the text buttons become icons and the title gives way.
@MainActor
final class DetailHeader {
    static let narrowWidth = 480

    let bar = HeaderBar()
    let windowTitle = WindowTitle(title: "")
    let pageButton = Button(label: tr("_Web Page"))
    let saveButton = Button(iconName: "document-save-symbolic", tooltip: tr("Save the picture…"))
    let fullscreenButton = Button(
        iconName: "view-fullscreen-symbolic", tooltip: tr("Show the picture alone on the whole screen (F11)"))
    private let backgroundButton: Button
    private var narrowLayout: WidthBreakpoint?

    init(window: Window, backgroundButton: Button) {
        self.backgroundButton = backgroundButton
        pageButton.tooltip = tr("Open the entry's web page in your browser")
        bar.packStart(pageButton)
        bar.packStart(backgroundButton)
        bar.packEnd(MenuButton(iconName: "view-more-symbolic", menu: DetailWindow.menu, tooltip: tr("More")))
        saveButton.isSensitive = false
        bar.packEnd(saveButton)
        fullscreenButton.setAction(WindowAction.fullscreen)
        bar.packEnd(fullscreenButton)
        bar.setTitleWidget(windowTitle)
        window.setTitlebar(bar)
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: Self.narrowWidth) { [weak self] narrow in
            self?.useIconButtons(narrow)
            self?.bar.showsTitle = !narrow
        }
    }

    /// The entry's title and date; Set as Background only for pictures and APOD-hosted videos.
    func show(_ entry: APODEntry) {
        windowTitle.title = entry.shownTitle.text
        windowTitle.subtitle = entry.date.displayString
        offerBackground(for: entry)
    }

    /// Set as Background for a picture, or an APOD-hosted video (its frame 10 % in).
    func offerBackground(for entry: APODEntry) {
        backgroundButton.isVisible = entry.mediaType == .image || entry.hostedVideoURL != nil
    }

    private func useIconButtons(_ narrow: Bool) {
        if narrow {
            pageButton.showIcon("web-browser-symbolic")
            backgroundButton.showIcon("preferences-desktop-wallpaper-symbolic")
        } else {
            pageButton.label = tr("_Web Page")
            backgroundButton.label = tr("Set as _Background")
        }
    }
}
