import APODCore
import GtkKit

/// The application: its actions and accelerators, and the windows it has open. At most one
/// main window and one grid window; one detail window per entry (asking again presents it).
@MainActor
public final class ViewerApplication {
    public static let id = "io.github.apodviewer.APODViewer"

    let application: Application
    let environment: ViewerEnvironment
    let options: ViewerOptions
    private(set) var mainWindow: MainWindow?
    private(set) var gridWindow: RandomGridWindow?
    private(set) var detailWindows: [APODDay: DetailWindow] = [:]

    /// - Parameter applicationID: the D-Bus name; tests that create several applications in one
    ///   process give each its own, since a session bus refuses a second export of one name.
    public init(environment: ViewerEnvironment, options: ViewerOptions = ViewerOptions(),
                applicationID: String = ViewerApplication.id) {
        self.environment = environment
        self.options = options
        application = Application(id: applicationID)
        application.onActivate { [weak self] in self?.activate() }
        for action in [
            Action("random") { [weak self] in self?.openGrid() },
            Action("shortcuts") { [weak self] in self?.showShortcuts() },
            Action("about") { [weak self] in self?.showAbout() },
            Action("quit") { [weak self] in self?.application.quit() },
        ] {
            application.addAction(action)
        }
        Shortcuts.install(in: application)
    }

    /// Runs until the last window closes.
    public func run() -> Int32 {
        application.run(programName: "apod-viewer")
    }

    /// Opens the windows without entering the main loop; tests iterate it themselves.
    func startWithoutMainLoop() -> Bool {
        application.registerAndActivate()
    }

    private var primaryMenu: Menu {
        let menu = Menu()
        let section = Menu()
        section.append(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        section.append(tr("_About APOD Viewer"), action: "app.about")
        menu.appendSection(section)
        return menu
    }

    private func activate() {
        Gtk.disableLabelSelectOnFocus()
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        let main = MainWindow(application: application, environment: environment, menu: primaryMenu)
        main.onOpenDetail = { [weak self] entry in self?.openDetail(for: entry) }
        main.window.onDestroy { [weak self] in self?.mainWindow = nil }
        mainWindow = main
        main.window.present()
        if let day = options.initialDay {
            main.show(day: day)
        } else {
            main.showLatest()
        }
        if let count = options.randomCount {
            openGrid(count: count)
        }
    }

    func openGrid(count: Int = ViewerOptions.defaultRandomCount) {
        if let gridWindow {
            gridWindow.window.present()
            return
        }
        let grid = RandomGridWindow(application: application, environment: environment, count: count)
        grid.onOpenDetail = { [weak self] entry in self?.openDetail(for: entry) }
        grid.window.onDestroy { [weak self] in self?.gridWindow = nil }
        gridWindow = grid
        grid.window.present()
        grid.shuffle()
    }

    func openDetail(for entry: APODEntry) {
        if let existing = detailWindows[entry.date] {
            existing.present()
            return
        }
        let detail = DetailWindow(application: application, environment: environment, entry: entry)
        detail.window.onDestroy { [weak self] in self?.detailWindows[entry.date] = nil }
        detailWindows[entry.date] = detail
        detail.present()
    }

    private var openWindows: [Window] {
        [mainWindow?.window, gridWindow?.window].compactMap { $0 } + detailWindows.values.map(\.window)
    }

    var openWindowCount: Int { openWindows.count }

    /// Closes every window, which cancels each one's work.
    func closeAllWindows() {
        openWindows.forEach { $0.close() }
    }

    private var activeWindow: Window? {
        openWindows.first(where: \.isActive) ?? openWindows.first
    }

    private func showShortcuts() {
        activeWindow?.showShortcuts(Shortcuts.descriptions)
    }

    private func showAbout() {
        activeWindow?.showAbout(About.info)
    }
}
