import GtkKit

/// One view of the main window: what the view switchers show for it (title with a mnemonic,
/// icon) and the widget shown while it is chosen. Views added by other parts of the app (the
/// archive's grids, a wall of pictures) come through `MainWindow.addView`.
@MainActor
struct MainView {
    /// The views the app itself has, by name (a page name, also `win.show-view`'s parameter).
    enum Name: String, CaseIterable {
        case today
        case random
        case search
        case favourites
        case history
        case onThisDay = "on-this-day"
        /// The archive wall (`BrowseView`), with an archive index only.
        case browse
    }

    let name: String
    let title: String
    let iconName: String
    let content: Widget
    /// Each time the view is chosen (after the stack switched to it).
    let onShown: (@MainActor () -> Void)?
    /// F5 while the view is shown; nil leaves F5 doing nothing there.
    let onReload: (@MainActor () -> Void)?

    init(
        name: String, title: String, iconName: String, content: Widget,
        onShown: (@MainActor () -> Void)? = nil, onReload: (@MainActor () -> Void)? = nil
    ) {
        self.name = name
        self.title = title
        self.iconName = iconName
        self.content = content
        self.onShown = onShown
        self.onReload = onReload
    }

    init(
        _ name: Name, title: String, iconName: String, content: Widget,
        onShown: (@MainActor () -> Void)? = nil, onReload: (@MainActor () -> Void)? = nil
    ) {
        self.init(
            name: name.rawValue, title: title, iconName: iconName, content: content, onShown: onShown,
            onReload: onReload)
    }
}
