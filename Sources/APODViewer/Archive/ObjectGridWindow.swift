import APODCore
import AdwKit
import GtkKit

/// Every day about one sky object, newest first, opened from a chip of the detail window's
/// "More of" row: a window beside the detail window it came from, so that window stays where
/// the user was.
@MainActor
final class ObjectGridWindow {
    let window: Window
    let grid: EntryGridView
    /// What listens to this window's parts and events; released with it.
    let subscriptions = Subscriptions()

    init(application: Application, environment: ViewerEnvironment, title: String) {
        window = Window(application: application)
        window.title = title
        window.setDefaultSize(width: 1100, height: 820)
        let header = HeaderBar()
        header.setTitleWidget(WindowTitle(title: title))
        window.setTitlebar(header)
        window.addShortcut(trigger: "Escape", action: GtkWindowAction.close)
        grid = EntryGridView(in: window, environment: environment)
        window.setChild(grid.root)
    }
}
