import APODCore
import Foundation
import GtkKit

/// The daily picture: looks for a new APOD on `DailyCheckSchedule`'s timetable, announces it
/// with a notification and, when the user asked for it, makes it the background through the
/// Wallpaper portal. With either option on the application keeps running after its last window
/// closes (a GApplication hold) and starts at login (`Autostart`).
///
/// Checks and downloads run off the main thread (`WorkSlot`); the timer is a GLib source, re-armed
/// after a resume from suspend (logind) or when the network comes back, since a monotonic timer
/// stands still while the computer sleeps.
@MainActor
final class DailyPictureService {
    /// What the service works with; the app passes the real ones, tests fakes.
    struct Context {
        var source: any APODSource
        var images: any ImageFetching
        var store: SettingsStore?
        var dataFolder: DataFolder
        var autostart: Autostart
        var network: any NetworkState
        var clock: @Sendable () -> Date = { Date() }
        var randomDelay: @Sendable (ClosedRange<TimeInterval>) -> TimeInterval = { .random(in: $0) }
        /// The largest monitor; nil without a display.
        var screen: @MainActor () -> Monitors.Size? = { Monitors.largest() }
        /// Listens for resumes from suspend; nil in tests.
        var watchesSleep = true
    }

    static let notificationID = "daily-picture"
    static let noticeID = "daily-notice"
    static let thumbnailWidth = 256

    private(set) var settings: DailySettings
    /// The service's latest entry at the last check, for the notification's buttons and for
    /// turning the automatic background on.
    private(set) var latestEntry: APODEntry?
    /// A background waiting for an unmetered connection.
    private(set) var pendingBackground: APODEntry?
    /// The last problem told to the user (tests read it).
    private(set) var lastNotice: String?
    /// Checks finished since start (tests wait on it).
    private(set) var completedChecks = 0
    /// Background requests answered by the portal (tests wait on it).
    private(set) var finishedBackgrounds = 0

    private let context: Context
    private var schedule: DailyCheckSchedule
    private let check: DailyCheck
    private let history: BackgroundHistory
    private let checkWork = WorkSlot()
    private let pictureWork = WorkSlot()
    private let thumbnailWork = WorkSlot()
    private weak var app: ViewerApplication?
    private var timer: Timeout?
    private var isHolding = false
    private var isRunning = false
    private var wasAvailable = true
    private var sleepMonitor: SleepMonitor?

    init(context: Context) {
        self.context = context
        settings = context.store.map(DailySettings.init(store:)) ?? DailySettings()
        schedule = DailyCheckSchedule(clock: context.clock, randomDelay: context.randomDelay)
        check = DailyCheck(source: context.source, lastSeen: LastSeenDay(dataFolder: context.dataFolder))
        history = BackgroundHistory(dataFolder: context.dataFolder)
    }

    /// The running app's service: its source and picture loader, its data folder, the
    /// autostart folder from the environment, GIO's network monitor.
    static func standard(services: ViewerServices, dataFolder: DataFolder, environment: [String: String]) -> DailyPictureService {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return DailyPictureService(context: Context(
            source: services.environment.source, images: services.environment.pictures.fetcher, store: services.store,
            dataFolder: dataFolder,
            autostart: Autostart(folder: Autostart.folder(environment: environment), executable: executable),
            network: NetworkMonitor()))
    }

    /// Adds the notification's actions to the app and, with either option on, starts working.
    func start(in app: ViewerApplication) {
        self.app = app
        app.application.addAction(Action("daily-set-background", stringHandler: { [weak self] day in
            self?.setBackgroundByHand(day: day)
        }))
        app.application.addAction(Action("daily-skip", stringHandler: { [weak self] day in self?.skip(day: day) }))
        wasAvailable = context.network.isAvailable
        context.network.onChange { [weak self] in self?.networkChanged() }
        if context.watchesSleep {
            sleepMonitor = SleepMonitor(onResume: { [weak self] in self?.wake() })
        }
        if settings.runsInBackground { begin(requestingAutostart: false) }
    }

    /// The preferences changed (already saved): start or stop working in the background.
    /// Turning the automatic background on uses the latest picture at once, not tomorrow's.
    func apply(_ new: DailySettings) {
        let wasRunning = settings.runsInBackground
        let startsSettingBackground = new.setsBackground && !settings.setsBackground
        settings = new
        if startsSettingBackground, wasRunning, let latestEntry {
            handleBackground(latestEntry)
        }
        if new.runsInBackground && !wasRunning {
            begin(requestingAutostart: true)
        } else if !new.runsInBackground && wasRunning {
            end()
        }
    }

    /// Holds the app, asks for autostart when the user just turned an option on, and checks.
    private func begin(requestingAutostart: Bool) {
        guard !isRunning else { return }
        isRunning = true
        if !isHolding {
            app?.application.hold()
            isHolding = true
        }
        if requestingAutostart || !FileManager.default.fileExists(atPath: context.autostart.file.path) {
            context.autostart.enable { [weak self] problem in
                if let problem { self?.notice(problem) }
            }
        }
        if schedule.isDue { checkNow() } else { armTimer() }
    }

    private func end() {
        isRunning = false
        checkWork.cancel()
        cancelTimer()
        context.autostart.disable()
        if isHolding {
            app?.application.release()
            isHolding = false
        }
    }

    /// A check is under way.
    var isChecking: Bool { checkWork.isBusy }

    /// Looks for a new picture now.
    func checkNow() {
        cancelTimer()
        let check = self.check
        checkWork.start({ await check.run() }, then: { [weak self] result in
            guard let self, case .success(let found) = result else { return }
            self.checked(found)
        })
    }

    /// A resume from suspend or the network coming back.
    func wake() {
        guard isRunning else { return }
        if schedule.shouldCheckOnWake() { checkNow() } else { armTimer() }
    }

    private func checked(_ result: DailyCheck.Result) {
        latestEntry = result.latest ?? latestEntry
        if case .newPicture(let entry) = result {
            handle(entry)
            try? check.markSeen(entry.date)
        }
        schedule.record(result.scheduleOutcome)
        completedChecks += 1
        if isRunning { armTimer() }
    }

    private func handle(_ entry: APODEntry) {
        handleBackground(entry)
        if settings.notifies { announce(entry) }
    }

    /// A day without a picture or still (other media) leaves the background alone, silently.
    private func handleBackground(_ entry: APODEntry) {
        let keepsBackground = entry.mediaType != .image && settings.videoDays == .keepCurrent
        guard settings.setsBackground, !keepsBackground, WallpaperPicture.original(of: entry) != nil else { return }
        if context.network.isMetered && settings.meteredConnections == .waitForUnmetered {
            pendingBackground = entry
        } else {
            setBackground(entry, automatically: true)
        }
    }

    private func networkChanged() {
        let available = context.network.isAvailable
        defer { wasAvailable = available }
        if available && !wasAvailable { wake() }
        if available, !context.network.isMetered, let pending = pendingBackground {
            pendingBackground = nil
            setBackground(pending, automatically: true)
        }
    }

    // MARK: the background

    /// The width to ask the CDN for: the largest monitor in device pixels, or in application
    /// pixels (a screen-sized picture) on a metered connection. Nil without a display.
    func pictureWidth() -> Int? {
        guard let size = context.screen() else { return nil }
        return context.network.isMetered ? size.width : size.width * size.scale
    }

    private func setBackground(_ entry: APODEntry, automatically: Bool) {
        let picture = WallpaperPicture(images: context.images)
        let history = self.history
        let width = pictureWidth()
        pictureWork.start({
            try history.store(try await picture.data(for: entry, width: width), for: entry.date)
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let file):
                self.hand(file, showPreview: !automatically) { [weak self] in self?.history.becameCurrent(file) }
            case .failure(let error):
                self.finishedBackgrounds += 1
                self.notice(userMessage(for: error))
            }
        })
    }

    /// Gives the file to the Wallpaper portal; only a picture the desktop took is kept.
    /// - Parameter then: runs once the desktop took the file.
    private func hand(_ file: URL, showPreview: Bool, then taken: @escaping @MainActor () -> Void = {}) {
        let placement = WallpaperPortal.Placement(settings.placement)
        WallpaperPortal.setWallpaper(fileAt: file.path, showPreview: showPreview, placement: placement) { [weak self] outcome in
            guard let self else { return }
            self.finishedBackgrounds += 1
            if outcome == .set {
                taken()
            } else {
                if !self.history.kept.contains(file) { self.history.discard(file) }
                self.notice(BackgroundSetter.message(for: outcome))
            }
        }
    }

    /// The notification's "Set as Background" (automatic setting off).
    private func setBackgroundByHand(day: String) {
        guard let entry = latestEntry, entry.date.description == day else { return }
        setBackground(entry, automatically: false)
    }

    /// The notification's "Skip": the background set before `day`'s comes back, and `day`'s
    /// picture is forgotten.
    private func skip(day: String) {
        guard let previous = history.previous, history.current?.lastPathComponent.contains(day) == true else { return }
        hand(previous, showPreview: false) { [weak self] in self?.history.dropCurrent() }
    }

    // MARK: telling the user

    private func announce(_ entry: APODEntry) {
        let canSkip = settings.setsBackground && history.current != nil
        let send: @MainActor (String?) -> Void = { [weak self] icon in
            guard let self, let app = self.app else { return }
            let notification = DailyNotification.make(for: entry, icon: icon, offersBackground: !self.settings.setsBackground,
                                                      offersSkip: canSkip)
            app.application.send(notification, id: Self.notificationID)
        }
        guard let url = entry.thumbnailURL ?? WallpaperPicture.original(of: entry) else {
            send(nil)
            return
        }
        let images = context.images
        let file = context.dataFolder.url("daily/notification-icon")
        // Read here: touching main-actor state inside the work would hop to the main actor,
        // which never runs under g_application_run.
        let purpose = ImagePurpose.thumbnail(width: Self.thumbnailWidth)
        thumbnailWork.start({
            let data = try await images.imageData(from: url, for: purpose)
            try AtomicFile.write(data, to: file)
            return file.path
        }, then: { result in send(try? result.get()) })
    }

    /// A problem or a "not changed", said with a notification since there may be no window.
    private func notice(_ text: String) {
        lastNotice = text
        guard let app else { return }
        let notification = Notification(title: tr("Daily picture"))
        notification.setBody(text)
        app.application.send(notification, id: Self.noticeID)
    }

    // MARK: the timer

    private func armTimer() {
        cancelTimer()
        let seconds = Int(min(schedule.secondsUntilNextCheck.rounded(.up), Double(Int32.max)))
        timer = Timeout(seconds: seconds) { [weak self] in self?.checkNow() }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    /// Stops everything without touching autostart (the app is quitting, or a test ends).
    func stop() {
        checkWork.cancel()
        pictureWork.cancel()
        thumbnailWork.cancel()
        cancelTimer()
        sleepMonitor?.stop()
        if isHolding { app?.application.release() }
        isHolding = false
        isRunning = false
    }
}

extension WallpaperPortal.Placement {
    init(_ placement: DailySettings.Placement) {
        switch placement {
        case .desktop: self = .desktop
        case .lockScreen: self = .lockScreen
        case .both: self = .both
        }
    }
}
