import APODCore
import GtkKit

/// Every keyboard shortcut, in one place: bound as accelerators and listed in the shortcuts
/// window from the same table, so the two cannot disagree.
@MainActor
enum Shortcuts {
    struct Binding {
        /// The detailed action name (`win.previous-day`, `app.random(0)`).
        let action: String
        let accelerators: [String]
        let title: String

        init(_ action: WindowAction, _ accelerators: [String], _ title: String) {
            self.init(detailed: action.detailedName, accelerators, title)
        }

        init(_ action: AppAction, _ accelerators: [String], _ title: String) {
            self.init(detailed: action.detailedName, accelerators, title)
        }

        init(detailed action: String, _ accelerators: [String], _ title: String) {
            self.action = action
            self.accelerators = accelerators
            self.title = title
        }
    }

    /// Built when read, so the titles come out in the language in use then.
    static var groups: [(title: String, bindings: [Binding])] {
        [
            (
                tr("Pictures"),
                [
                    Binding(WindowAction.previousDay, ["<Alt>Left"], tr("Previous day")),
                    Binding(WindowAction.nextDay, ["<Alt>Right"], tr("Next day")),
                    Binding(WindowAction.today, ["<Alt>Home"], tr("Latest picture")),
                    Binding(WindowAction.reload, ["F5"], tr("Reload (new batch in the grid)")),
                    Binding(detailed: AppAction.openRandomGrid, ["<Ctrl>r"], tr("Random pictures")),
                    Binding(WindowAction.search, ["<Ctrl>f"], tr("Search the archive")),
                    Binding(
                        detailed: AppAction.openBrowse, ["<Ctrl>b"], tr("Browse the archive, every day newest first")),
                    Binding(WindowAction.toggleFavourite, ["<Ctrl>d"], tr("Add to or remove from favourites")),
                ]
            ),
            (
                tr("Looking at a picture"),
                [
                    Binding(
                        WindowAction.zoomIn, ["<Ctrl>plus", "<Ctrl>equal", "<Ctrl>KP_Add"],
                        tr("Zoom in (also Ctrl+scroll, pinch)")),
                    Binding(WindowAction.zoomOut, ["<Ctrl>minus", "<Ctrl>KP_Subtract"], tr("Zoom out")),
                    Binding(WindowAction.zoomFit, ["<Ctrl>0", "<Ctrl>KP_0"], tr("Best fit")),
                    Binding(WindowAction.zoomActual, ["1", "KP_1"], tr("100 % (double-click toggles with best fit)")),
                    Binding(WindowAction.fullscreen, ["F11"], tr("Fullscreen (Escape leaves)")),
                    Binding(
                        WindowAction.previous, ["Left", "<Alt>Left"],
                        tr("Previous picture of the grid's batch (inside a video, Left seeks: use Alt+Left)")),
                    Binding(
                        WindowAction.next, ["Right", "<Alt>Right"],
                        tr("Next picture of the grid's batch (inside a video, Right seeks: use Alt+Right)")),
                ]
            ),
            (
                tr("Handing a picture on"),
                [
                    Binding(
                        WindowAction.copyPicture, ["<Ctrl>c"],
                        tr("Copy the picture (the selected text when there is some)")
                    ),
                    Binding(WindowAction.copyLink, ["<Ctrl><Shift>c"], tr("Copy the page link")),
                    Binding(WindowAction.openWith, ["<Ctrl><Shift>o"], tr("Open the picture with another application")),
                    Binding(WindowAction.print, ["<Ctrl>p"], tr("Print the picture")),
                    Binding(WindowAction.properties, ["F9"], tr("Picture properties (detail window)")),
                ]
            ),
            (
                tr("Views"),
                [
                    Binding(detailed: WindowAction.showView(.today), ["<Alt>1"], tr("Today")),
                    Binding(detailed: WindowAction.showView(.random), ["<Alt>2"], tr("Random")),
                    Binding(detailed: WindowAction.showView(.search), ["<Alt>3"], tr("Search")),
                    Binding(detailed: WindowAction.showView(.favourites), ["<Alt>4"], tr("Favourites")),
                    Binding(detailed: WindowAction.showView(.history), ["<Alt>5"], tr("History")),
                    Binding(detailed: WindowAction.showView(.onThisDay), ["<Alt>6"], tr("On This Day")),
                    Binding(detailed: WindowAction.showView(.browse), ["<Alt>7"], tr("Browse")),
                ]
            ),
            (
                tr("General"),
                [
                    Binding(AppAction.preferences, ["<Ctrl>comma"], tr("Preferences")),
                    Binding(AppAction.shortcuts, ["<Ctrl>question"], tr("Keyboard shortcuts")),
                    Binding(
                        detailed: GtkWindowAction.close, ["<Ctrl>w"], tr("Close window (Escape in a detail window)")),
                    Binding(AppAction.quit, ["<Ctrl>q"], tr("Quit")),
                ]
            ),
        ]
    }

    static func install(in application: Application) {
        for group in groups {
            for binding in group.bindings {
                application.setAccelerators(binding.accelerators, for: binding.action)
            }
        }
    }

    static var descriptions: [ShortcutGroup] {
        groups.map { group in
            ShortcutGroup(
                title: group.title,
                shortcuts: group.bindings.map {
                    ShortcutDescription(title: $0.title, accelerators: $0.accelerators.joined(separator: " "))
                })
        }
    }
}
