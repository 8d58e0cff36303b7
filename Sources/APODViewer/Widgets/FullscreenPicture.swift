import AdwKit
import GtkKit

/// Fullscreen for the detail window: the picture alone on black, zoom and pan unchanged.
///
/// `root` is the window's child: a stack of the window's usual content and a black page. On
/// entering, the picture moves to the black page and the header bar hides; on leaving, it goes
/// back to its place in `home`. The layout switches when asked (F11, the button, Esc), not only
/// when the window manager confirms, and follows the window manager when it leaves on its own.
@MainActor
final class FullscreenPicture {
    let root = Stack()
    private let blackPage = Box(.vertical)
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
        root.addPage(content, name: "details")
        root.addPage(blackPage, name: "fullscreen")
        root.visiblePage = "details"
        window.onFullscreenChanged { [weak self] fullscreen in
            guard let self, self.isActive else { return }
            if fullscreen {
                self.isConfirmed = true
            } else if self.isConfirmed {
                self.leave()
            }
        }
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
        root.visiblePage = "fullscreen"
        window.fullscreen()
    }

    func leave() {
        guard isActive else { return }
        isActive = false
        blackPage.remove(picture)
        if let placement { home.insert(picture, at: placement) }
        placement = nil
        header.isVisible = true
        root.visiblePage = "details"
        window.unfullscreen()
    }

    /// Whether `widget` is on the black page now.
    func shows(_ widget: Widget) -> Bool {
        root.visiblePage == "fullscreen" && widget.isInside(blackPage)
    }
}
