import APODCore
import AdwKit
import Foundation
import GtkKit

/// What `apod-viewer` does: read the same source flags and variables as `apod`, then the
/// viewer's own options, and run the application. Returns the process exit status.
public enum ViewerLauncher {
    @MainActor
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        StartupTrace.mark(.processStart)
        if arguments == [RememberedRenderer.probeOption] { return RememberedRenderer.probe(environment: environment) }
        Localization.setUp(environment: environment)
        // As `apod`: help or the version wherever the flag stands, before anything is read.
        if arguments.contains("--help") || arguments.contains("-h") {
            print(ViewerOptions.usage)
            return 0
        }
        if arguments.contains("--version") {
            print(ViewerOptions.version)
            return 0
        }
        var configuration: SourceConfiguration
        var options: ViewerOptions
        let dataFolder: DataFolder
        let store = SettingsStore(environment: environment)
        let settings = store.load()
        for problem in settings.problems {
            printError("apod-viewer: \(problem.message)")
        }
        do {
            let common = try CommonArguments(arguments: arguments, environment: environment, settings: settings)
            dataFolder = common.dataFolder
            configuration = common.configuration
            options = try ViewerOptions.parse(common.remaining)
            if options.offline { configuration.kind = .offline }
            let given = SourceConfiguration.givenFlags(in: arguments)
            if options.offline || !given.isDisjoint(with: SourceRequest.flags) {
                options.sourceRequest = SourceRequest(configuration: configuration)
            }
            options.cacheFlags = given.subtracting(SourceRequest.flags).sorted()
            options.settingsWarnings = settings.problems.map(\.message)
        } catch {
            printError("apod-viewer: \(userMessage(for: error))\n" + tr("Run apod-viewer --help for the options."))
            return 2
        }
        let renderer = RememberedRenderer(environment: environment)
        let displayOpened = Gtk.initialize(disablingGL: renderer.disablesGL)
        StartupTrace.mark(.gtkInit)
        guard displayOpened, Adwaita.initialize() else {
            printError(
                "apod-viewer: "
                    + tr("cannot open a display. Run it inside a graphical session (DISPLAY or WAYLAND_DISPLAY)."))
            return 1
        }
        StartupTrace.mark(.adwaitaInit)
        Localization.bindLibraryCatalogues()
        useAppIcon()
        let services = ViewerServices(configuration: configuration, store: store, dataFolder: dataFolder)
        let application = ViewerApplication(services: services, options: options)
        application.rememberedRenderer = renderer
        application.daily = DailyPictureService.standard(services: services, dataFolder: dataFolder)
        return application.run()
    }

    /// Installed, the icon is in the theme; from the source tree it sits in `data/icons`
    /// (found from the program, not from the sample, which `APOD_SAMPLE_DIR` may put anywhere:
    /// About then showed a broken icon).
    @MainActor
    static func useAppIcon() {
        if let icons = IconLocator.sourceTreeIcons(appID: ViewerApplication.id) {
            Gtk.addIconSearchPath(icons.path)
        }
        Gtk.setDefaultWindowIcon(ViewerApplication.id)
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
