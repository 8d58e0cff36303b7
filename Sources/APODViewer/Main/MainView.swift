import APODCore
import GtkKit

/// One view of the main window: what the view switchers show for it (title with a mnemonic,
/// icon) and the widget shown while it is chosen. Views added by other parts of the app (the
/// archive's grids, a wall of pictures) come through `MainWindow.install`, most of them as a
/// `MainView.Deferred` the window builds when the view is first shown.
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
    /// The label in a narrow window's bottom bar, where seven tabs share 360 px: a word or two
    /// characters in every language shipped, without a mnemonic (Alt+1…7 still work there).
    var shortTitle: String { Self.shortTitle(name: name, title: title) }

    static func shortTitle(name: String, title: String) -> String {
        switch Name(rawValue: name) {
        case .today?: return tr("Today")
        case .random?: return tr("Random")
        case .search?: return tr("Search")
        // Translators: a view's label in a narrow window's bottom bar: as short as you can.
        case .favourites?: return tr("Starred")
        // Translators: a view's label in a narrow window's bottom bar: as short as you can.
        case .history?: return tr("Recent")
        // Translators: the On This Day view's label in a narrow window's bottom bar (today's
        // date in every year): as short as you can.
        case .onThisDay?: return tr("Years")
        case .browse?: return tr("Browse")
        case nil: return title.replacingOccurrences(of: "_", with: "")
        }
    }
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

    /// A view the main window builds when it is first shown: until then an empty page holds
    /// its place in the stack and both switchers, so start-up builds only Today.
    struct Deferred {
        let name: Name
        let title: String
        let iconName: String
        /// Makes the view; called once, with the window it goes into.
        let build: @MainActor (MainWindow) -> MainView
    }
}
