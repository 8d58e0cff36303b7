import GtkKit

/// The window actions (`win.…`), each named once: menus, buttons, accelerators and tests refer
/// to a case, so a renamed action cannot leave a stale string behind. Which window has which is
/// up to the window (a detail window has the zoom actions, the main window the day steps).
enum WindowAction: String, CaseIterable {
    case previousDay = "previous-day"
    case nextDay = "next-day"
    case today
    case reload
    case showSelected = "show-selected"
    case copyLink = "copy-link"
    case copyPictureLink = "copy-picture-link"
    /// Ctrl+C with nothing selected: the picture itself (`PictureHandOff`).
    case copyPicture = "copy-picture"
    case openWith = "open-with"
    case print
    /// F9 in a detail window: the properties panel.
    case properties
    case search
    /// Shows one of the main window's views, by name (`MainView.Name`).
    case showView = "show-view"
    case toggleFavourite = "toggle-favourite"
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"
    case zoomFit = "zoom-fit"
    case zoomActual = "zoom-actual"
    case fullscreen
    /// Esc in a detail window: leaves fullscreen, else closes the window.
    case escape
    /// The previous and next picture of the batch a detail window was opened from.
    case previous
    case next

    /// As a button, menu item or accelerator names it.
    var detailedName: String { "win." + rawValue }

    /// `show-view` with the view's name, as an accelerator names it.
    static func showView(_ view: MainView.Name) -> String { "win.show-view::" + view.rawValue }
}

/// The application actions (`app.…`), also what other programs call over D-Bus
/// (`gapplication action io.github.apodviewer.APODViewer show-date "'2020-12-17'"`).
enum AppAction: String, CaseIterable {
    case showDate = "show-date"
    case today
    case previous
    case next
    case reload
    case random
    case useSource = "use-source"
    case preferences
    case shortcuts
    case about
    case quit
    case favourites
    case history
    case onThisDay = "on-this-day"
    case downloadArchive = "download-archive"
    case browse
    /// The desktop file's actions (`Actions=`), which the Shell activates with no parameter:
    /// the Random view as it is, the Browse view where it is. (`today` is one too.)
    case randomPictures = "random-pictures"
    case browseArchive = "browse-archive"

    var detailedName: String { "app." + rawValue }

    /// What the desktop file lists under `Actions=`, in its order.
    static let desktopActions: [AppAction] = [.today, .randomPictures, .browseArchive]

    /// `random` with 0: open (or present) the grid as it is.
    static let openRandomGrid = "app.random(0)"
    /// `browse` with no month: show the Browse view where it is.
    static let openBrowse = "app.browse('')"
}

/// GTK's own window action (GtkWindow's `window.close`).
enum GtkWindowAction {
    static let close = "window.close"
}

extension Action {
    convenience init(_ action: WindowAction, handler: @escaping @MainActor () -> Void) {
        self.init(action.rawValue, handler: handler)
    }

    convenience init(_ action: AppAction, handler: @escaping @MainActor () -> Void) {
        self.init(action.rawValue, handler: handler)
    }

    convenience init(_ action: AppAction, stringHandler: @escaping @MainActor (String) -> Void) {
        self.init(action.rawValue, stringHandler: stringHandler)
    }

    convenience init(_ action: AppAction, intHandler: @escaping @MainActor (Int) -> Void) {
        self.init(action.rawValue, intHandler: intHandler)
    }
}

extension Window {
    /// Emits `action` as its accelerator would; false when this window does not have it.
    @discardableResult
    func activateAction(_ action: WindowAction) -> Bool {
        activateAction(action.detailedName)
    }
}

extension Button {
    func setAction(_ action: WindowAction) { setAction(action.detailedName) }
}

extension Menu {
    func append(_ label: String, action: WindowAction) { append(label, action: action.detailedName) }
    func append(_ label: String, action: AppAction) { append(label, action: action.detailedName) }
}

extension Application {
    func activateAction(_ action: AppAction) { activateAction(action.rawValue) }
    func activateAction(_ action: AppAction, string: String) { activateAction(action.rawValue, string: string) }
    func activateAction(_ action: AppAction, int: Int) { activateAction(action.rawValue, int: int) }
}
