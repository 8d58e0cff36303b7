import APODCore
import AdwKit
import GtkKit

/// Fullscreen for the detail window: the picture alone on black, zoom and pan unchanged.
/// While the pointer moves (or the keyboard zooms), controls show over it, as in GNOME's image viewer: a button that
/// leaves fullscreen here, and through `controlsShownChanged` the picture's zoom level with − / +
/// and the batch's previous / next; `controlsHideDelay` after the last motion they hide, and
/// the pointer with them.
///
/// `root` is the window's child: a stack of the window's usual content and a black page. On
/// entering, the picture moves to the black page and the header bar hides; on leaving, it goes
/// back to its place in `home`. The layout switches when asked (F11, the button, Esc), not only
/// when the window manager confirms, and follows the window manager when it leaves on its own.
@MainActor
final class FullscreenPicture {
    /// How long the controls stay after the pointer stops, in milliseconds (tests shorten it).
    static var controlsHideDelay = 2000

    /// The window's content as usual, or the picture alone on black.
    enum Mode {
        case details, fullscreen
    }

    let root = ContentStack<Mode>()
    private let blackPage = Box(.vertical)
    /// The black page with the controls over it.
    private let page: Overlay
    let leaveButton = Button(iconName: "view-restore-symbolic", tooltip: tr("Leave fullscreen (Esc)"))
    /// Whether the controls show now (always false outside fullscreen).
    private(set) var areControlsShown = false
    /// The controls showed (true) or hid (false) in fullscreen, or fullscreen ended (nil).
    let controlsShownChanged = Event<Bool?>()
    private var hideTimer: Timeout?
    private var motion: MotionController?
    private let window: Window
    private let header: HeaderBar
    private let picture: Widget
    private let home: Box
    private var placement: BoxPlacement?
    private(set) var isActive = false
    /// Whether the window manager has shown the window fullscreen since `enter()`: only then
    /// does its "not fullscreen" mean the user left (and not a late answer to an earlier leave).
    private var isConfirmed = false

    /// - Parameters:
    ///   - content: what the window shows normally.
    ///   - picture: the widget shown fullscreen, now a child of `home`.
    init(window: Window, header: HeaderBar, content: Widget, picture: Widget, home: Box) {
        self.window = window
        self.header = header
        self.picture = picture
        self.home = home
        blackPage.addCSSClass("fullscreen-picture")
        page = Overlay(child: blackPage)
        leaveButton.addCSSClass("osd")
        leaveButton.addCSSClass("circular")
        leaveButton.addCSSClass("fullscreen-controls")
        leaveButton.horizontalAlign = .end
        leaveButton.verticalAlign = .start
        leaveButton.setSizeRequest(width: 48, height: 48)
        page.addOverlay(leaveButton)
        root.add(content, for: .details)
        root.add(page, for: .fullscreen)
        root.state = .details
        window.onFullscreenChanged { [weak self] fullscreen in
            guard let self, self.isActive else { return }
            if fullscreen {
                self.isConfirmed = true
            } else if self.isConfirmed {
                self.leave()
            }
        }
        leaveButton.onClicked { [weak self] in self?.leave() }
        motion = MotionController(on: page, onMove: { [weak self] in self?.revealControls() })
        setControls(shown: false)
    }

    func toggle() {
        if isActive { leave() } else { enter() }
    }

    func enter() {
        guard !isActive else { return }
        isActive = true
        isConfirmed = false
        placement = home.remove(picture)
        blackPage.append(picture)
        header.isVisible = false
        root.state = .fullscreen
        window.fullscreen()
        revealControls()
    }

    /// The pointer moved over the fullscreen picture, or the keyboard zoomed it (entering
    /// fullscreen counts): the controls show, and hide `controlsHideDelay` after the last one.
    func revealControls() {
        guard isActive else { return }
        hideTimer?.cancel()
        hideTimer = Timeout(milliseconds: Self.controlsHideDelay) { [weak self] in
            guard let self, self.isActive else { return }
            self.hideTimer = nil
            self.setControls(shown: false)
        }
        if !areControlsShown { setControls(shown: true) }
    }

    /// Hidden controls stay realized (transparent, not targetable), as the batch's buttons do.
    private func setControls(shown: Bool) {
        areControlsShown = shown
        leaveButton.opacity = shown ? 1 : 0
        leaveButton.canTarget = shown
        page.setCursorHidden(isActive && !shown)
        if isActive { controlsShownChanged.emit(shown) }
    }

    func leave() {
        guard isActive else { return }
        isActive = false
        blackPage.remove(picture)
        if let placement { home.insert(picture, at: placement) }
        placement = nil
        header.isVisible = true
        root.state = .details
        window.unfullscreen()
        hideTimer?.cancel()
        hideTimer = nil
        setControls(shown: false)
        controlsShownChanged.emit(nil)
    }

    /// Whether `widget` is on the black page now.
    func shows(_ widget: Widget) -> Bool {
        root.state == .fullscreen && widget.isInside(blackPage)
    }
}
