import APODCore
import Foundation
import GtkKit
import WallpaperComposition

/// The daily picture: looks for a new APOD (`DailyCheckTimer`), makes it the background when
/// the user asked for it (`DailyBackground`), announces it (`DailyNotifier`), and changes the
/// background between new pictures when a rotation is chosen (`RotatingBackground`). A day
/// whose picture cannot be used keeps the background (or shows a favourite, when chosen) and
/// the notification says why. With either option on (both are off until the user turns one on
/// and agrees, `BackgroundConsent`) the application keeps running after its last window closes
/// (a GApplication hold), and says so the first time (`BackgroundNotice`); with both off nothing
/// holds it and closing the last window quits. A new picture already on screen is not announced.
///
/// This type only wires the parts together and follows the preferences; it wakes them after a
/// resume from suspend (logind) or when the network comes back.
@MainActor
final class DailyPictureService {
    /// What the service works with; the app passes the real ones, tests fakes.
    struct Context {
        var source: any APODSource
        var images: any ImageFetching
        var store: SettingsStore?
        var dataFolder: DataFolder
        var network: any NetworkState
        /// The favourites and the archive index, for rotations and stand-ins; nil without them.
        var pool: (any BackgroundPool)?
        var clock: @Sendable () -> Date = { Date() }
        var randomDelay: @Sendable (ClosedRange<TimeInterval>) -> TimeInterval = { .random(in: $0) }
        /// The largest monitor; nil without a display.
        var screen: @MainActor () -> Monitors.Size? = { Monitors.largest() }
        /// Every monitor, for one spanned background; nil without a display.
        var monitors: @MainActor () -> MonitorLayout? = { MonitorLayout(Monitors.all()) }
        /// Tells when the monitors change; nil for the display's own (`MonitorWatch`).
        var monitorChanges: Event<Void>?
        /// Which picture each monitor shows.
        var monitorPictures = MonitorPictures.samePicture
        /// Listens for resumes from suspend; nil in tests.
        var watchesSleep = true
        /// How backgrounds reach the desktop.
        var route: BackgroundRoute = .current
        /// Where an APOD-hosted video day's background frame comes from; nil: its poster.
        var videos: VideoDownload?
    }

    private(set) var settings: DailySettings
    /// The service's latest entry at the last check, for the notification's buttons and for
    /// turning the automatic background on.
    private(set) var latestEntry: APODEntry?

    private let context: Context
    private let checks: DailyCheckTimer
    private let background: DailyBackground
    private let subscriptions = Subscriptions()
    private let notifier: DailyNotifier
    private let picker: BackgroundPicker
    private let rotation: RotatingBackground
    private let backgroundNotice: BackgroundNotice
    private weak var app: ViewerApplication?
    private var isHolding = false
    private var isRunning = false
    /// The new picture this run announced, so a retried background does not announce it again.
    private var announcedDay: APODDay?
    private var wasAvailable = true
    private var sleepMonitor: SleepMonitor?
    private var monitorWatch: MonitorWatch?
    private var monitorFollower: MonitorFollower?
    /// The monitors changed while the app was closed, found before `start` set up the follower.
    private var followsOnStart = false

    init(context: Context) {
        self.context = context
        let settings = context.store.map(DailySettings.init(store:)) ?? DailySettings()
        self.settings = settings
        checks = DailyCheckTimer(
            source: context.source, lastSeen: LastSeenDay(dataFolder: context.dataFolder),
            clock: context.clock, randomDelay: context.randomDelay)
        background = DailyBackground(
            settings: settings, images: context.images, history: BackgroundHistory(dataFolder: context.dataFolder),
            network: context.network, screen: context.screen, monitors: context.monitors,
            pictures: context.monitorPictures, route: context.route,
            frames: context.videos.map { VideoFrameStill(videos: $0) })
        notifier = DailyNotifier(images: context.images, dataFolder: context.dataFolder)
        backgroundNotice = BackgroundNotice(dataFolder: context.dataFolder)
        picker = BackgroundPicker(
            pool: context.pool, images: context.images, network: context.network, background: background,
            pictures: context.monitorPictures)
        rotation = RotatingBackground(
            settings: settings, schedule: RotationSchedule(dataFolder: context.dataFolder, clock: context.clock),
            picker: picker, background: background)
        checks.checked.subscribe { [weak self] in self?.checked($0) }.store(in: subscriptions)
        background.problemMet.subscribe { [weak self] in self?.notifier.notice($0) }.store(in: subscriptions)
        background.layoutChangedWhileAway.subscribe { [weak self] in self?.monitorsChangedWhileAway() }
            .store(in: subscriptions)
        rotation.changedOnMonitors.subscribe { [weak self] assignment in
            guard let self, self.settings.notifies else { return }
            self.notifier.changedOnMonitors(assignment)
        }.store(in: subscriptions)
    }

    /// The running app's service: its source and picture loader, its data folder and archive
    /// (each monitor's picture chosen by its shape from the index), GIO's network monitor.
    static func standard(services: ViewerServices, dataFolder: DataFolder) -> DailyPictureService {
        DailyPictureService(
            context: Context(
                source: services.environment.source, images: services.environment.pictures.fetcher,
                store: services.store,
                dataFolder: dataFolder, network: NetworkMonitor(), pool: services.archive,
                monitorPictures: .byShape(
                    chooser: services.pictureChooser,
                    favourites: { [archive = services.archive] in try archive?.favourites() ?? [] }),
                videos: services.environment.videos))
    }

    /// Adds the notification's actions to the app and, with either option on, starts working.
    func start(in app: ViewerApplication) {
        self.app = app
        notifier.application = app.application
        app.application.addAction(
            Action(
                "daily-set-background",
                stringHandler: { [weak self] day in
                    self?.setBackgroundByHand(day: day)
                }))
        app.application.addAction(
            Action("daily-skip", stringHandler: { [weak self] day in self?.background.skip(day: day) }))
        app.application.onLastWindowClosed { [weak self] in self?.lastWindowClosed() }
        wasAvailable = context.network.isAvailable
        context.network.onChange { [weak self] in self?.networkChanged() }
        if context.watchesSleep {
            sleepMonitor = SleepMonitor(onResume: { [weak self] in self?.wake() })
        }
        let monitorChanges: Event<Void>
        if let changes = context.monitorChanges {
            monitorChanges = changes
        } else {
            let watch = MonitorWatch()
            monitorWatch = watch
            monitorChanges = watch.changed
        }
        monitorFollower = MonitorFollower(changes: monitorChanges) { [weak self] in
            self?.monitorsSettled() ?? true
        }
        if followsOnStart {
            followsOnStart = false
            monitorFollower?.changed()
        }
        if let store = context.store, !Sandbox.current.isSandboxed {
            // The portal's nameless login item an earlier version caused: nobody agreed to it.
            Autostart.beside(store).removePortalItem()
        }
        if settings.runsInBackground {
            begin()
        } else if app.options.startsInBackground {
            // Ending at once without a word looked like a crash: say why, and how to change it.
            FileHandle.standardError.write(Data(("apod-viewer: " + Self.nothingToDoInBackground + "\n").utf8))
            // Started at login with nothing to do: a login item an earlier version added
            // without asking goes.
            if let store = context.store { Autostart.beside(store).removeFile() }
        }
    }

    /// Why `--background` ends at once when both daily options are off.
    nonisolated static var nothingToDoInBackground: String {
        tr(
            "--background has nothing to do, so it ends: both daily options are off. Turn on “Set each new picture as the background” or “Notify me of each new picture” in Preferences → Daily Picture."
        )
    }

    /// The preferences changed (already saved): start or stop working in the background.
    /// Turning the automatic background on uses the latest picture at once, not tomorrow's.
    func apply(_ new: DailySettings) {
        let wasRunning = settings.runsInBackground
        let startsSettingBackground = new.setsBackground && !settings.setsBackground
        settings = new
        background.settings = new
        rotation.apply(new)
        if startsSettingBackground, wasRunning, let latestEntry {
            handleBackground(latestEntry)
        }
        if new.runsInBackground && !wasRunning {
            begin()
        } else if !new.runsInBackground && wasRunning {
            end()
        }
    }

    /// Holds the app and checks. Starting at login was agreed to when the option was turned on
    /// (`BackgroundConsent`); nothing is asked or written here.
    private func begin() {
        guard !isRunning else { return }
        isRunning = true
        if !isHolding {
            app?.application.hold()
            isHolding = true
        }
        checks.start()
        rotation.start()
    }

    private func end() {
        isRunning = false
        checks.stop()
        rotation.stop()
        if isHolding {
            app?.application.release()
            isHolding = false
        }
    }

    /// A check is under way.
    var isChecking: Bool { checks.isChecking }

    /// A background is being picked, made or handed to the desktop, or its record read.
    var isSettingBackground: Bool { picker.isBusy || background.isBusy || background.isReadingRecord }

    /// A background waiting for an unmetered connection.
    var pendingBackground: APODEntry? { background.pendingBackground }

    /// Looks for a new picture now.
    func checkNow() { checks.checkNow() }

    /// A resume from suspend or the network coming back.
    func wake() {
        guard isRunning else { return }
        checks.wake()
        rotation.wake()
    }

    /// A new picture is announced once per run and counts as seen only once its background,
    /// when one is set, was taken by the desktop (its `Response 0`): a desktop that did not
    /// answer in time, or a download that failed, is tried again after a back-off.
    private func checked(_ result: DailyCheck.Result) {
        latestEntry = result.latest ?? latestEntry
        guard case .newPicture(let entry) = result else { return }
        let offersSkip = settings.setsBackground && background.currentDay != nil
        let waitsForBackground = handleBackground(entry) { [weak self] ending in
            guard let self else { return }
            switch ending {
            case .taken: self.checks.markSeen(entry.date)
            case .failedForNow: self.checks.retryLater()
            case .declined: break
            }
        }
        if settings.notifies, announcedDay != entry.date, app?.isShowingOrLoading(entry.date) != true {
            announcedDay = entry.date
            notifier.announce(entry, offersBackground: !settings.setsBackground, offersSkip: offersSkip)
        }
        if !waitsForBackground { checks.markSeen(entry.date) }
    }

    /// A video day the user keeps the background on stays silent; a day with no picture or
    /// still keeps the background (or shows a favourite, when chosen) and says why.
    /// - Returns: whether `entry`'s own picture goes to the desktop, `done` saying how it ended.
    @discardableResult
    private func handleBackground(
        _ entry: APODEntry, then done: @escaping @MainActor (DailyBackground.Ending) -> Void = { _ in }
    ) -> Bool {
        guard settings.setsBackground else { return false }
        guard WallpaperPicture.original(of: entry) != nil || entry.hostedVideoURL != nil else {
            unusable(entry)
            return false
        }
        if entry.mediaType != .image && settings.videoDays == .keepCurrent { return false }
        background.newPicture(entry) { [weak self] ending in
            if ending == .taken {
                self?.rotation.backgroundChanged()
                self?.tellWhichWentWhere()
            }
            done(ending)
        }
        return true
    }

    /// The monitors changed and settled: the automatic background follows them, unless other
    /// work on it is under way (then false, to be asked again).
    private func monitorsSettled() -> Bool {
        guard isRunning, settings.setsBackground else { return true }
        guard !picker.isBusy else { return false }
        return background.followMonitors { [weak self] choseForNewMonitor in
            if choseForNewMonitor { self?.tellWhichWentWhere() }
        }
    }

    /// The background on the desktop was made for other monitors than there are now: it is
    /// made again once, as after a change while running.
    private func monitorsChangedWhileAway() {
        guard let monitorFollower else {
            followsOnStart = true
            return
        }
        monitorFollower.changed()
    }

    /// The file of the background this app last set (tests).
    var backgroundFileOnDesktop: URL? { background.currentFile }

    /// Spanned backgrounds drawn since start, not taken from the data folder (tests).
    var compositionsMade: Int { background.compositionsMade }

    /// A day's background that shows other days on some monitors (their shape did not suit the
    /// day's picture), or a monitor plugged in that got a picture of its own: with notifications
    /// on, which picture went where.
    private func tellWhichWentWhere() {
        guard settings.notifies, let span = background.lastSpan, Set(span.pictures.map(\.date)).count > 1 else {
            return
        }
        notifier.changedOnMonitors(MonitorNames.assignment(of: span.pictures, on: span.layout))
    }

    /// Seconds until the next check (tests).
    var secondsUntilNextCheck: TimeInterval { checks.secondsUntilNextCheck }

    /// The day of the background this app last set (tests).
    var currentDayOnDesktop: APODDay? { background.currentDay }

    private func unusable(_ entry: APODEntry) {
        guard settings.unusableDays == .useFavourite else {
            notifier.unusable(entry, replacement: nil)
            return
        }
        picker.pick(from: .favourites, avoiding: background.currentDay) { [weak self] choice in
            guard let self else { return }
            guard let choice else {
                self.notifier.unusable(entry, replacement: nil)
                return
            }
            self.background.set(choice.entry, cachedData: choice.cachedData, automatically: true) { [weak self] taken in
                self?.notifier.unusable(entry, replacement: taken ? choice.entry : nil)
                if taken { self?.rotation.backgroundChanged() }
            }
        }
    }

    /// The app stays for the daily picture: the first time, it says so.
    private func lastWindowClosed() {
        guard isHolding, let application = app?.application else { return }
        backgroundNotice.lastWindowClosed(in: application)
    }

    private func networkChanged() {
        let available = context.network.isAvailable
        defer { wasAvailable = available }
        if available && !wasAvailable { wake() }
        background.networkChanged()
    }

    /// The notification's "Set as Background" (automatic setting off).
    private func setBackgroundByHand(day: String) {
        guard let entry = latestEntry, entry.date.description == day else { return }
        background.set(entry, automatically: false)
    }

    /// Stops everything without touching autostart (the app is quitting, or a test ends).
    func stop() {
        checks.stop()
        background.stop()
        notifier.stop()
        rotation.stop()
        sleepMonitor?.stop()
        monitorFollower?.stop()
        monitorWatch?.stop()
        if isHolding { app?.application.release() }
        isHolding = false
        isRunning = false
    }
}
