import GtkKit

/// Switches a window's layout when it becomes narrower than a width and back (GTK 4.8 has no
/// breakpoints; libadwaita's are not used): `apply(true)` below `width`, `apply(false)` from it
/// up, called once at once and then only when the side changes.
@MainActor
final class WidthBreakpoint {
    let width: Int
    private(set) var isNarrow: Bool
    private let apply: @MainActor (Bool) -> Void

    init(window: Window, narrowerThan width: Int, apply: @escaping @MainActor (Bool) -> Void) {
        self.width = width
        self.apply = apply
        isNarrow = Self.isNarrow(window, than: width)
        apply(isNarrow)
        window.onWidthChanged { [weak self, weak window] in
            guard let self, let window else { return }
            self.update(narrow: Self.isNarrow(window, than: width))
        }
    }

    private func update(narrow: Bool) {
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        apply(narrow)
    }

    /// A window not sized yet (width 0 or -1) counts as wide: its default size comes later.
    private static func isNarrow(_ window: Window, than width: Int) -> Bool {
        let current = window.currentWidth
        return current > 0 && current < width
    }
}
