import APODCore
import GtkKit

/// Previous / next through the batch a detail window was opened from, like a slideshow:
/// Left and Right (window actions `win.previous`, `win.next`; keys in `Shortcuts`) and two
/// round buttons over the picture, shown while the pointer is over it, or in fullscreen while
/// it moves (faded out, not hidden, otherwise, so they stay realized and can still be
/// activated). The batch is asked for at each step, so a
/// grid still filling in is followed; the current entry is found in it by date.
@MainActor
final class BatchNavigation {
    let previousButton = Button(iconName: "go-previous-symbolic", tooltip: tr("Previous picture (Left)"))
    let nextButton = Button(iconName: "go-next-symbolic", tooltip: tr("Next picture (Right)"))
    /// Called with the entry to show next.
    let stepped = Event<APODEntry>()
    /// Asked first when Left or Right is pressed (-1, 1): true when a playing video took the
    /// key to seek, since inside a video the arrows seek and Alt+Left/Right step. A query,
    /// given at init as the others are.
    private let arrowTaken: @MainActor (Int) -> Bool
    private let entries: @MainActor () -> [APODEntry]
    private var current: APODEntry?
    private var isHovered = false
    /// Whether fullscreen shows its controls now; nil outside fullscreen, where hovering the
    /// picture shows the buttons.
    var fullscreenControlsShown: Bool? {
        didSet { updateButtons() }
    }
    private var hover: MotionController?

    init(
        over overlay: Overlay, window: Window, entries: @escaping @MainActor () -> [APODEntry],
        arrowTaken: @escaping @MainActor (Int) -> Bool = { _ in false }
    ) {
        self.entries = entries
        self.arrowTaken = arrowTaken
        for (button, align) in [(previousButton, Align.start), (nextButton, Align.end)] {
            button.addCSSClass("osd")
            button.addCSSClass("circular")
            button.addCSSClass("slideshow-button")
            button.horizontalAlign = align
            button.verticalAlign = .center
            button.setSizeRequest(width: 48, height: 48)
            button.opacity = 0
            overlay.addOverlay(button)
        }
        previousButton.onClicked { [weak self] in self?.step(by: -1) }
        nextButton.onClicked { [weak self] in self?.step(by: 1) }
        hover = MotionController(on: overlay) { [weak self] inside in self?.pointerMoved(inside: inside) }
        window.addAction(Action(WindowAction.previous) { [weak self] in self?.arrow(-1) })
        window.addAction(Action(WindowAction.next) { [weak self] in self?.arrow(1) })
    }

    /// The window shows `entry` now.
    func update(current entry: APODEntry) {
        current = entry
        updateButtons()
    }

    /// The entry `offset` places from the current one in the batch, if there is one.
    func neighbour(_ offset: Int) -> APODEntry? {
        let batch = entries()
        guard let current, let index = batch.firstIndex(where: { $0.date == current.date }),
            batch.indices.contains(index + offset)
        else { return nil }
        return batch[index + offset]
    }

    /// The pointer entered or left the picture: the buttons fade in or out.
    func pointerMoved(inside: Bool) {
        isHovered = inside
        updateButtons()
    }

    private func arrow(_ offset: Int) {
        if arrowTaken(offset) { return }
        step(by: offset)
    }

    func step(by offset: Int) {
        if let next = neighbour(offset) { stepped.emit(next) }
    }

    private func updateButtons() {
        let shown = fullscreenControlsShown ?? isHovered
        for (button, offset) in [(previousButton, -1), (nextButton, 1)] {
            button.isVisible = neighbour(offset) != nil
            button.opacity = shown ? 1 : 0
            button.canTarget = shown
        }
    }
}
