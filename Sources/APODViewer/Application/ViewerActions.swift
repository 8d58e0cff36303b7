import APODCore
import GtkKit

/// Every user-facing command as an application action, so menus, accelerators and other
/// programs (`gapplication action io.github.apodviewer.APODViewer show-date "'2020-12-17'"`)
/// all go the same way. Commands about the picture of the day reach the main window, opening
/// it first when it is closed.
@MainActor
enum ViewerActions {
    static func make(for app: ViewerApplication) -> [Action] {
        [
            Action(AppAction.showDate, stringHandler: { [weak app] text in showDate(text, in: app) }),
            // The Today view on the latest picture, from whichever view (the desktop file's "Today").
            Action(AppAction.today) { [weak app] in
                guard let main = app?.ensureMainWindow() else { return }
                main.showView(.today)
                main.showLatest()
            },
            Action(AppAction.previous) { [weak app] in
                app?.ensureMainWindow()?.window.activateAction(WindowAction.previousDay)
            },
            Action(AppAction.next) { [weak app] in app?.ensureMainWindow()?.window.activateAction(WindowAction.nextDay)
            },
            Action(AppAction.reload) { [weak app] in app?.ensureMainWindow()?.reload() },
            // 0 shows the Random view as it is (Ctrl+R); a count loads that many.
            Action(
                AppAction.random,
                intHandler: { [weak app] count in
                    app?.showRandom(count: count > 0 ? min(count, ViewerOptions.countRange.upperBound) : nil)
                }),
            Action(AppAction.randomPictures) { [weak app] in app?.showRandom() },
            // A second launch's --source/--api-url/--api-key (JSON, see SourceRequest).
            Action(AppAction.useSource, stringHandler: { [weak app] text in app?.useSource(text) }),
            preferences(for: app),
            Action(AppAction.shortcuts) { [weak app] in app?.showShortcuts() },
            Action(AppAction.about) { [weak app] in app?.showAbout() },
            Action(AppAction.quit) { [weak app] in app?.application.quit() },
        ]
    }

    /// `YYYY-MM-DD`; anything else is explained in the main window rather than ignored.
    private static func showDate(_ text: String, in app: ViewerApplication?) {
        guard let main = app?.ensureMainWindow() else { return }
        guard let day = APODDay(text.trimmingCharacters(in: .whitespaces)) else {
            main.banner.show(tr("\"{value}\" is not a date: use YYYY-MM-DD, e.g. 2020-12-17.", ["value": text]))
            return
        }
        main.show(day: day)
        // Asked from elsewhere (a link to another day in a detail window, D-Bus): the day is
        // shown where the user will see it.
        main.window.present()
    }

    /// Disabled when the app has no configuration to edit (tests on an in-memory source).
    private static func preferences(for app: ViewerApplication) -> Action {
        let action = Action(AppAction.preferences) { [weak app] in app?.openPreferences() }
        action.isEnabled = app.services != nil
        return action
    }
}
