import APODCore
import AdwKit
import Foundation
import GtkKit

/// The application: its actions and accelerators, and the windows it has open. One main window
/// holds every view (Today, Random, the archive's); besides it at most one preferences window
/// and one detail window per entry (asking again presents it).
@MainActor
public final class ViewerApplication {
    public nonisolated static let id = "io.github.apodviewer.APODViewer"

    let application: Application
    let environment: ViewerEnvironment
    let options: ViewerOptions
    /// Every window open now.
    let windows = WindowRegistry()
    /// Search, Favourites, History and On This Day, shared by every main window the app opens
    /// in turn; nil without an archive index.
    let archiveViews: ArchiveViews?
    /// What the application listens to that lives as long as it does (the archive views).
    let subscriptions = Subscriptions()

    var mainWindow: MainWindow? { windows.main }
    /// The main window's Random view, while the window is open; built now if it was not yet.
    var randomView: RandomGridView? {
        windows.main?.buildView(.random)
        return windows.main?.randomView
    }
    /// The main window's Browse view, while the window is open (with an archive index); built
    /// now if it was not yet.
    var browseView: BrowseView? {
        windows.main?.buildView(.browse)
        return windows.main?.browseView
    }
    var detailWindows: [APODDay: DetailWindow] { windows.details }
    var preferencesWindow: PreferencesWindow? { windows.preferences }
    var aboutWindow: Window? { windows.about }

    /// Present when the app runs on a real configuration: the preferences window and the
    /// offline fallback need it. Tests on an in-memory source run without.
    let services: ViewerServices?
    /// The daily picture (background, notification, running without windows); the launcher
    /// sets it before `run`, tests on an in-memory source run without.
    var daily: DailyPictureService?
    /// The renderer an earlier run drew with; the launcher sets it before `run`, so the start
    /// skips the GL probe when it is valid and a start that probed keeps what it learnt.
    var rememberedRenderer: RememberedRenderer?
    /// What start-up puts off until the main window's first picture is on screen.
    let afterFirstPicture = AfterFirstPicture()
    /// Days shown before the first picture, written to the history (in this order) after it.
    var viewsBeforeFirstPicture: [APODEntry] = []
    /// `--background`: the first activation (from `run` itself) opens no window.
    private var skipsFirstActivation = false
    /// GNOME Shell's search over the archive index; nil without a session bus or an index.
    private(set) var searchProvider: SearchProvider?

    /// Where the application `applicationID` serves `org.gnome.Shell.SearchProvider2`.
    public nonisolated static func searchProviderPath(applicationID: String) -> String {
        SearchProvider.objectPath(applicationID: applicationID)
    }

    /// - Parameter applicationID: the D-Bus name; tests that create several applications in one
    ///   process give each its own, since a session bus refuses a second export of one name.
    public init(
        environment: ViewerEnvironment, options: ViewerOptions = ViewerOptions(),
        applicationID: String = ViewerApplication.id
    ) {
        self.environment = environment
        self.options = options
        services = nil
        archiveViews = environment.archive.map { ArchiveViews(environment: environment, archive: $0, download: nil) }
        application = Application.adwaita(id: applicationID, isService: options.isService)
        setUp()
    }

    /// The app as launched: windows fed by `services`, which the preferences and the offline
    /// fallback can change while it runs.
    public init(
        services: ViewerServices, options: ViewerOptions = ViewerOptions(),
        applicationID: String = ViewerApplication.id
    ) {
        self.services = services
        environment = services.environment
        self.options = options
        archiveViews = services.environment.archive.map {
            ArchiveViews(environment: services.environment, archive: $0, download: services.download)
        }
        application = Application.adwaita(id: applicationID, isService: options.isService)
        setUp()
    }

    private func setUp() {
        // Before any window exists: cairo draws when GL would be software (docs/performance.md, "Renderer").
        application.onStartup { [weak self] in
            let known = self?.rememberedRenderer
            let choice = Gtk.chooseRenderer(known: known?.choice)
            StartupTrace.mark(.rendererChosen, choice.traceName + (known?.record != nil ? ", remembered" : ""))
        }
        application.onActivate { [weak self] in self?.activate() }
        for action in ViewerActions.make(for: self) {
            application.addAction(action)
        }
        Shortcuts.install(in: application)
        setUpArchive()
    }

    /// Runs until the last window closes. When another instance already runs on this session,
    /// the source flags, `--date` and `--random` are handed to it as actions (in that order) and
    /// this process exits at once, saying on stderr what the running one did with them.
    /// Started by D-Bus activation, it opens its window when the bus activates it.
    public func run() -> Int32 {
        // Started by the Shell (D-Bus activation) to search, or in the background: nothing to
        // wait for, and the provider must answer at once.
        if options.isService || options.startsInBackground { afterFirstPicture.open() }
        if options.isService { exportSearchProvider() }
        if !options.isService, application.register(), application.isRemote {
            if options.startsInBackground { return 0 }
            handOverToRunningInstance()
            // The running instance does the daily work; a hold here would keep this one alive.
            return application.run(programName: "apod-viewer")
        }
        afterFirstPicture.run { [weak self] in
            self?.exportSearchProvider()
            self?.probeRendererForNextStart()
        }
        afterFirstPicture.arm()
        skipsFirstActivation = options.startsInBackground
        daily?.start(in: self)
        return application.run(programName: "apod-viewer")
    }

    /// Serves the Shell's search over the index, once (never from a second instance, which
    /// hands over and ends: the running one answers for the application).
    private func exportSearchProvider() {
        guard searchProvider == nil else { return }
        searchProvider = SearchProvider(app: self)
        StartupTrace.mark(.searchProviderExported)
    }

    /// Another instance owns the name, so it answers the Shell's searches.
    private func dropSearchProvider() {
        searchProvider?.unregister()
        searchProvider = nil
    }

    private func handOverToRunningInstance() {
        if let request = options.sourceRequest {
            application.activateAction(AppAction.useSource, string: request.encoded)
            printNote(
                tr(
                    "apod-viewer is already running: it now uses the source given here, until it quits (the source is not saved)."
                ))
        }
        if !options.cacheFlags.isEmpty {
            printNote(
                tr(
                    "apod-viewer is already running: {flags} not applied; it keeps its cache. Quit it first to use them.",
                    ["flags": options.cacheFlags.joined(separator: ", ")]))
        }
        if let day = options.initialDay { application.activateAction(AppAction.showDate, string: day.description) }
        if let count = options.randomCount { application.activateAction(AppAction.random, int: count) }
        if options.opensBrowse {
            application.activateAction(AppAction.browse, string: options.browseMonth?.description ?? "")
        }
    }

    private func printNote(_ text: String) {
        FileHandle.standardError.write(Data(("apod-viewer: " + text + "\n").utf8))
    }

    /// Applies the source a second launch handed over (`use-source`), for this run only. An
    /// app without a configuration (tests on an in-memory source) or a request that names no
    /// usable source says in the main window that nothing changed.
    func useSource(_ encoded: String) {
        guard let services, let parts = SourceRequest(encoded: encoded)?.parts else {
            ensureMainWindow()?.banner.warn(
                tr(
                    "A new launch asked for another source, which was not applied. Use Preferences to change the source."
                ))
            return
        }
        services.useForThisRun(parts.kind, apiURL: parts.apiURL, apiKey: parts.apiKey)
        sourceChanged()
    }

    /// After the source changed: the main window shows its day again from the new source.
    private func sourceChanged() {
        mainWindow?.offlineBanner.hide()
        mainWindow?.reload()
    }

    /// Opens the windows without entering the main loop; tests iterate it themselves.
    func startWithoutMainLoop() -> Bool {
        skipsFirstActivation = options.startsInBackground
        searchProvider = SearchProvider(app: self)
        afterFirstPicture.arm()
        guard application.registerAndActivate() else {
            dropSearchProvider()
            return false
        }
        daily?.start(in: self)
        return true
    }

    private var primaryMenu: Menu {
        let menu = Menu()
        menu.appendSection(EntryClipboard.menuSection)
        let section = Menu()
        if services != nil {
            section.append(tr("_Preferences"), action: AppAction.preferences)
        }
        if archiveViews != nil { menu.appendSection(ArchiveActions.menuSection) }
        section.append(tr("_Keyboard Shortcuts"), action: AppAction.shortcuts)
        section.append(tr("_About APOD Viewer"), action: AppAction.about)
        menu.appendSection(section)
        return menu
    }

    private func activate() {
        if skipsFirstActivation {
            skipsFirstActivation = false
            return
        }
        prepareWindows()
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        let main = MainWindow(application: application, environment: environment, menu: primaryMenu)
        main.detailRequested.subscribe { [weak self] entry in self?.openDetail(for: entry) }.store(
            in: main.subscriptions)
        if let services {
            OfflineFallback.attach(services, to: main)
        }
        addRandomView(to: main, count: options.randomCount ?? ViewerOptions.defaultRandomCount)
        attachArchive(to: main)
        // Last, so the views' own handlers (cancelling their work) run before the registry
        // lets the window, and the views it owns, go.
        windows.file(main)
        if let count = options.randomCount, count > 0 {
            main.showView(.random)
        }
        if StartupTrace.isOn { main.window.onMap { StartupTrace.mark(.windowMapped) } }
        main.pictureView.settled.subscribe { [weak self] in self?.afterFirstPicture.open() }.store(
            in: main.subscriptions)
        // The day is asked for before the window is presented: realizing and mapping it take
        // the main thread for a while, during which the request (and, when the entry is
        // cached, the picture's decode to the expected area) goes on in the background.
        if let day = options.initialDay {
            main.show(day: day)
        } else {
            main.showLatest()
        }
        main.window.present()
        if !options.settingsWarnings.isEmpty {
            main.banner.warn(
                (options.settingsWarnings + [tr("Preferences can set good values again.")]).joined(separator: "\n"))
        }
        if options.opensBrowse { openBrowse(options.browseMonth?.description ?? "") }
    }

    /// Finds out, in a child process once the first picture is on screen, which renderer the
    /// next start draws with, when this one did not know (`RememberedRenderer`).
    private func probeRendererForNextStart() {
        guard rememberedRenderer?.needsProbe == true else { return }
        rememberedRenderer = nil
        Task.detached {
            RememberedRenderer.runProbe()
            StartupTrace.mark(.rendererProbed)
        }
    }

    /// What every window expects of GTK, done once before the first window opens, whichever
    /// opens first (the Shell's search can open a detail window before any main window).
    func prepareWindows() {
        Gtk.disableLabelSelectOnFocus()
        StyleSheet.install()
        Appearance.apply(services?.style ?? .followSystem)
    }

    /// The main window, opened first when a D-Bus action arrives with none on screen.
    func ensureMainWindow() -> MainWindow? {
        if mainWindow == nil { activate() }
        return mainWindow
    }

    /// Shows the Random view in the main window (opening it first); `count`, when given, also
    /// loads a new batch of that many. Its first batch loads when it is first shown.
    func showRandom(count: Int? = nil) {
        guard let main = ensureMainWindow(), let view = randomView else { return }
        if let count, count != view.countSpin.value || !view.hasBatch {
            view.countSpin.value = count
            view.shuffle()
        }
        main.showView(.random)
        main.window.present()
    }

    /// Shows `view` in the main window, opening it first.
    func show(_ view: MainView.Name) {
        guard let main = ensureMainWindow() else { return }
        main.showView(view)
        main.window.present()
    }

    private func addRandomView(to main: MainWindow, count: Int) {
        let environment = environment
        main.install(
            .random { [weak self] main in
                let grid = RandomGridView(in: main.window, environment: environment, count: count)
                guard let self else { return grid }
                grid.detailRequested.subscribe { [weak self, weak grid] entry in
                    self?.openDetail(for: entry, batch: { grid?.entries ?? [] })
                }.store(in: grid.subscriptions)
                if let services = self.services {
                    OfflineFallback.attach(services, to: grid, main: { [weak self] in self?.mainWindow })
                }
                self.attachArchive(to: grid)
                return grid
            })
    }

    /// - Parameter batch: the grid's entries, for stepping through them in the detail window.
    func openDetail(for entry: APODEntry, batch: (@MainActor () -> [APODEntry])? = nil) {
        if let existing = detailWindows[entry.date] {
            existing.present()
            return
        }
        let detail = DetailWindow(application: application, environment: environment, entry: entry, batch: batch)
        windows.file(detail)
        attachArchive(to: detail)
        detail.present()
    }

    func openPreferences() {
        guard let services else { return }
        if let preferencesWindow {
            preferencesWindow.window.present()
            return
        }
        let preferences = PreferencesWindow(application: application, services: services)
        // Beside the main window, not over it: the main window stays usable meanwhile.
        if let main = mainWindow { preferences.window.keepAbove(main.window) }
        preferences.sourceChanged.subscribe { [weak self] in self?.sourceChanged() }.store(
            in: preferences.subscriptions)
        preferences.dailySettingsChanged.subscribe { [weak self] in self?.daily?.apply($0) }.store(
            in: preferences.subscriptions)
        preferences.explanationsChanged.subscribe { [weak self] in self?.explanationsChanged() }.store(
            in: preferences.subscriptions)
        windows.file(preferences)
        preferences.window.present()
    }

    /// Preferences → Explanations changed: every open window's texts and grids follow at once.
    private func explanationsChanged() {
        mainWindow?.refreshTranslation()
        mainWindow?.randomView?.refreshTitles()
        mainWindow?.browseView?.refreshTitles()
        archiveViews?.refreshTitles()
        detailWindows.values.forEach { $0.refreshTranslation() }
        windows.objectGrids.values.forEach { $0.grid.refreshTitles() }
    }

    var openWindowCount: Int { windows.open.count }

    /// Whether every open window is on screen.
    var windowsOnScreen: Bool { windows.open.allSatisfy(\.isMapped) }

    /// Closes every window, which cancels each one's work.
    func closeAllWindows() {
        windows.open.forEach { $0.close() }
    }

    func showShortcuts() {
        windows.active?.showShortcuts(Shortcuts.descriptions)
    }

    func showAbout() {
        guard let parent = windows.active else { return }
        let about = parent.showAbout(About.details(services: services))
        windows.file(about: about)
    }
}
