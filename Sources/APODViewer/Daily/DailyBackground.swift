import APODCore
import Foundation
import GtkKit
import WallpaperComposition

/// The automatic background: a picture is downloaded (or taken from the cache), made into the
/// background copy for the largest monitor (`WallpaperComposer`: fitted, with the caption card
/// when asked), kept under the data folder (`BackgroundHistory`; the cached picture is never
/// changed) and handed to the desktop (`BackgroundRoute`: GNOME's keys set directly outside a
/// sandbox, else the Wallpaper portal). Only a picture the desktop took is kept; the
/// one before stays for "Skip".
///
/// Downloading, decoding and drawing run off the main thread (`WorkSlot`), and so do reading
/// and writing the record of what each monitor shows (`daily/shown`).
@MainActor
final class DailyBackground {
    /// What the background copy is made for.
    struct Target: Equatable {
        /// Device pixels (application pixels on a metered connection); nil without a display.
        var canvas: CanvasSize?
        var scaleFactor: Int
        /// The width asked of the picture's server.
        var width: Int? { canvas?.width }
    }

    /// How handing a background to the desktop ended.
    enum Ending: Equatable {
        case taken
        /// Not taken, and asking again soon would not help: the user or the desktop said no,
        /// or there is no portal.
        case declined
        /// Not taken this time: the desktop did not answer in time, or the picture could not
        /// be downloaded or made. Worth another try.
        case failedForNow
    }

    var settings: DailySettings
    /// A problem to tell the user.
    let problemMet = Event<String>()
    /// The record read at start was made for another layout of the monitors than the one now:
    /// they changed while the app was closed.
    let layoutChangedWhileAway = Event<Void>()
    /// A background waiting for an unmetered connection.
    var pendingBackground: APODEntry? { pending?.entry }
    private var pending: (entry: APODEntry, done: @MainActor (Ending) -> Void)?

    private let images: any ImageFetching
    private let history: BackgroundHistory
    private let network: any NetworkState
    private let screen: @MainActor () -> Monitors.Size?
    private let monitors: @MainActor () -> MonitorLayout?
    private let route: BackgroundRoute
    private let pictures: MonitorPictures
    private let work = WorkSlot()
    /// Reads the record of what the background shows, at start and for "Skip".
    private let lookups = WorkSlot()
    /// The record being written, which the next write waits for so they land in order.
    private var recordWriting: Task<Void, Never>?
    private var recordsPending = 0
    /// Counts each change of `shown`, so a record read at start does not replace a newer one.
    private var shownChanges = 0
    private var portalRequests = 0
    /// What the automatic background shows now; nil until one was set.
    private var shown: ShownPictures?
    /// Spanned backgrounds drawn (not taken from the data folder) since start.
    private(set) var compositionsMade = 0
    /// The layout and each monitor's picture of the spanned background last set; nil for one copy.
    private(set) var lastSpan: (layout: MonitorLayout, pictures: [APODEntry])?
    /// The frame 10 % into an APOD-hosted video, its background on a video day; nil: the poster.
    private let frames: VideoFrameStill?

    init(
        settings: DailySettings, images: any ImageFetching, history: BackgroundHistory, network: any NetworkState,
        screen: @escaping @MainActor () -> Monitors.Size?,
        monitors: @escaping @MainActor () -> MonitorLayout? = { MonitorLayout(Monitors.all()) },
        pictures: MonitorPictures = .samePicture, route: BackgroundRoute, frames: VideoFrameStill? = nil
    ) {
        self.frames = frames
        self.route = route
        self.pictures = pictures
        self.monitors = monitors
        self.settings = settings
        self.images = images
        self.history = history
        self.network = network
        self.screen = screen
        let changes = shownChanges
        lookups.start(
            { history.current.flatMap(history.shows(of:)) },
            then: { [weak self] result in
                guard let self, self.shownChanges == changes, let shows = try? result.get() else { return }
                self.shown = ShownPictures(shows)
                // The rotation goes on from what each monitor shows, as before the restart.
                if self.lastSpan == nil, let picks = shows.monitors, let span = self.spannedLayout(),
                    span.monitors.map(\.recordName) == picks.map(\.monitor)
                {
                    self.lastSpan = (span, picks.map(\.entry))
                }
                if let recorded = shows.layout, let now = self.monitors()?.layoutText, recorded != now {
                    self.layoutChangedWhileAway.emit(())
                }
            })
    }

    /// A picture is being made or handed to the desktop, or what it shows written. (Reading the
    /// record at start does not count: a rotation due at start would wait its retry delay.)
    var isBusy: Bool { work.isBusy || recordsPending > 0 || portalRequests > 0 || frames?.isBusy == true }

    /// The record of what the background shows is being read (at start, or for "Skip").
    var isReadingRecord: Bool { lookups.isBusy }

    /// The day of the picture on the desktop now, as far as this app set it.
    var currentDay: APODDay? { history.currentDay }

    /// The file of the picture on the desktop now, as far as this app set it.
    var currentFile: URL? { history.current }

    /// The largest monitor in device pixels, or in application pixels (a screen-sized picture,
    /// which the desktop scales up) on a metered connection when the user chose so.
    func target() -> Target {
        guard let size = screen() else { return Target(canvas: nil, scaleFactor: 1) }
        if network.isMetered && settings.meteredConnections == .screenSized {
            return Target(canvas: CanvasSize(width: size.width, height: size.height), scaleFactor: 1)
        }
        return Target(
            canvas: CanvasSize(width: size.width * size.scale, height: size.height * size.scale),
            scaleFactor: size.scale)
    }

    /// The monitors' layout when the automatic background is one spanned picture for all of
    /// them: GNOME's keys set directly (the portal takes no placement), the desktop placed,
    /// more than one monitor, and full-size copies wanted. Else nil: one copy for the largest
    /// monitor, zoomed.
    func spannedLayout() -> MonitorLayout? {
        guard case .settings = route, settings.placement != .lockScreen else { return nil }
        if network.isMetered && settings.meteredConnections == .screenSized { return nil }
        guard let layout = monitors(), layout.monitors.count > 1 else { return nil }
        return layout
    }

    /// A new day's picture: now, or once the connection is unmetered when the user asked to wait.
    /// - Parameter done: how it ended; not called when other work replaced this.
    func newPicture(_ entry: APODEntry, then done: @escaping @MainActor (Ending) -> Void) {
        if network.isMetered && settings.meteredConnections == .waitForUnmetered {
            pending = (entry, done)
        } else {
            set(entry, automatically: true, ending: done)
        }
    }

    /// The connection changed: a waiting background goes ahead once it is unmetered.
    func networkChanged() {
        guard network.isAvailable, !network.isMetered, let pending else { return }
        self.pending = nil
        set(pending.entry, automatically: true, ending: pending.done)
    }

    /// Makes `entry`'s background copy (from `cachedData` when given, else downloaded) and asks
    /// the desktop to use it; by hand, the desktop may show its preview first.
    /// - Parameter done: whether the desktop took it; not called when other work replaced this.
    func set(
        _ entry: APODEntry, cachedData: Data? = nil, automatically: Bool,
        then done: @escaping @MainActor (Bool) -> Void = { _ in }
    ) {
        set(entry, cachedData: cachedData, automatically: automatically) { done($0 == .taken) }
    }

    /// As `set(_:cachedData:automatically:then:)`, saying how it ended. An APOD-hosted video
    /// gives the frame 10 % into it ("On video days": the video's still); a video that gives
    /// none says why and the poster is used.
    /// - Parameter perMonitor: the picture of each monitor of a spanned background (a
    ///   rotation's picks, with their bytes when only cached ones may be used); nil to let
    ///   `pictures` choose from `entry`.
    func set(
        _ entry: APODEntry, cachedData: Data? = nil, perMonitor: [BackgroundChoice]? = nil, automatically: Bool,
        ending done: @escaping @MainActor (Ending) -> Void
    ) {
        guard cachedData == nil, settings.videoDays == .useStill, let video = entry.hostedVideoURL, let frames else {
            show(entry, cachedData: cachedData, perMonitor: perMonitor, automatically: automatically, ending: done)
            return
        }
        work.cancel()
        frames.frame(of: video) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let frame):
                self.show(entry, cachedData: frame, perMonitor: perMonitor, automatically: automatically, ending: done)
            case .failure(let error):
                self.problemMet.emit(userMessage(for: error))
                self.show(entry, cachedData: nil, perMonitor: perMonitor, automatically: automatically, ending: done)
            }
        }
    }

    /// Makes the background of `entry` (and of each monitor's own pick) and remembers it as shown.
    private func show(
        _ entry: APODEntry, cachedData: Data?, perMonitor: [BackgroundChoice]?, automatically: Bool,
        ending done: @escaping @MainActor (Ending) -> Void
    ) {
        var cached: [APODDay: Data] = [:]
        for choice in perMonitor ?? [] { cached[choice.entry.date] = choice.cachedData }
        cached[entry.date] = cachedData
        let shown = ShownPictures(entry: entry, cachedData: cached, perMonitor: perMonitor?.map(\.entry))
        make(shown, automatically: automatically, replacing: nil, ending: done)
    }

    /// The monitors changed and settled: what the automatic background shows is made again for
    /// the new layout, a layout made before taken from the data folder, and the desktop's keys
    /// set once. Nothing to do when no automatic background is shown, it goes through the
    /// portal (one copy for the largest monitor), or it already fits the layout.
    /// - Parameter done: once the background for the layout is on the desktop (or was already),
    ///   saying whether a monitor the record did not know got a picture chosen for it.
    /// - Returns: false when other work is under way: ask again once it is done.
    @discardableResult
    func followMonitors(then done: @escaping @MainActor (_ choseForNewMonitor: Bool) -> Void = { _ in }) -> Bool {
        guard !isBusy, !lookups.isBusy else { return false }
        guard let shown, case .settings = route else {
            done(false)
            return true
        }
        let known = Set(shown.monitors?.map(\.monitor) ?? [])
        let before = lastSpan?.layout
        make(shown, automatically: true, replacing: shown.key) { [weak self] ending in
            guard ending == .taken, let span = self?.lastSpan, span.layout != before else { return done(false) }
            done(span.layout.monitors.contains { !known.contains($0.recordName) })
        }
        return true
    }

    /// Makes the background copy of `shown` and hands it to the desktop.
    /// - Parameter replacing: the key of the background this one replaces after a change of
    ///   the monitors (nil for a new background); the same key again does nothing.
    private func make(
        _ shown: ShownPictures, automatically: Bool, replacing: String??,
        ending done: @escaping @MainActor (Ending) -> Void
    ) {
        frames?.cancel()
        let picture = WallpaperPicture(images: images)
        let history = self.history
        let target = target()
        let fit = settings.fit
        let style = settings.caption
        let span = automatically ? spannedLayout() : nil
        let current = monitors()
        let alone = current.flatMap { $0.monitors.count == 1 ? $0 : nil }
        // The picture the only monitor had before the monitors changed stays on it.
        let kept = automatically && span == nil ? alone.flatMap { shown.picture(of: $0.monitors[0].recordName) } : nil
        // One monitor the day's picture may not suit: the chooser's pick, as a spanned one's.
        let single = automatically && span == nil && shown.perMonitor == nil && !network.isMetered ? alone : nil
        let lockScreenToo = settings.placement == .both
        let pictures = settings.samePictureOnEveryScreen ? .samePicture : self.pictures
        let pool = settings.standInPool
        work.start(
            {
                if let span {
                    var entries: [APODEntry]
                    var todayData = shown.cachedData[shown.entry.date]
                    // A monitor that showed a picture before the monitors changed keeps it.
                    let kept = span.monitors.map { shown.picture(of: $0.recordName) }
                    let others = span.monitors.indices.filter { kept[$0] == nil }
                    if let perMonitor = shown.perMonitor {
                        entries = MonitorPictures.assigned(perMonitor, to: span)
                    } else if let rest = try? MonitorLayout(others.map { span.monitors[$0] }) {
                        // The day's picture first: its header says which monitors it suits.
                        if todayData == nil {
                            todayData = try await picture.data(for: shown.entry, width: target.width)
                        }
                        let chosen = try await pictures.choose(
                            shown.entry, rest, pool, todayData.flatMap(ImageHeader.uprightShape(of:)))
                        entries = span.monitors.map { _ in shown.entry }
                        for (index, entry) in zip(others, chosen) { entries[index] = entry }
                    } else {
                        entries = span.monitors.map { _ in shown.entry }
                    }
                    for (index, entry) in kept.enumerated() {
                        if let entry { entries[index] = entry }
                    }
                    var key = Self.compositionKey(
                        span, entries: entries, fit: fit, caption: style, lockScreenToo: lockScreenToo)
                    if let replacing, replacing == key { return nil }
                    if let file = history.composition(for: key),
                        !lockScreenToo || history.lockScreenCopy(of: file) != nil
                    {
                        return StoredBackground(
                            file: file, spanned: true,
                            lockScreen: lockScreenToo ? history.lockScreenCopy(of: file) : nil,
                            key: key, pictures: entries, composed: false)
                    }
                    var data: [APODDay: Data] = [:]
                    if let todayData { data[shown.entry.date] = todayData }
                    for entry in entries where data[entry.date] == nil {
                        if let cached = shown.cachedData[entry.date] {
                            data[entry.date] = cached
                            continue
                        }
                        do {
                            data[entry.date] = try await picture.data(for: entry, width: target.width)
                        } catch  where shown.perMonitor == nil {
                            // A stand-in that cannot be had leaves its monitor the day's picture.
                        }
                    }
                    let standIns = entries
                    entries = entries.map { data[$0.date] == nil ? shown.entry : $0 }
                    if data[shown.entry.date] == nil, entries.contains(where: { $0.date == shown.entry.date }) {
                        // Every monitor kept its picture, and one of them cannot be had.
                        data[shown.entry.date] = try await picture.data(for: shown.entry, width: target.width)
                    }
                    if entries != standIns {
                        key = Self.compositionKey(
                            span, entries: entries, fit: fit, caption: style, lockScreenToo: lockScreenToo)
                    }
                    let screens = entries.compactMap { entry in
                        data[entry.date].map { ($0, Caption(entry: entry, style: style)) }
                    }
                    let (chosen, madeFor) = (entries, key)
                    return try await LowPriorityWork.run {
                        try Self.storeSpanned(
                            screens, for: span, fit: fit, lockScreenToo: lockScreenToo, day: shown.entry.date,
                            key: madeFor, pictures: chosen, in: history)
                    }
                }
                var entry = shown.entry
                var data: Data
                if let cached = shown.cachedData[entry.date] {
                    data = cached
                } else {
                    data = try await picture.data(for: entry, width: target.width)
                }
                if let kept, kept.date != entry.date {
                    if let keptData = try? await picture.data(for: kept, width: target.width) {
                        entry = kept
                        data = keptData
                    }
                } else if kept == nil, let single,
                    let pick = try await pictures.choose(entry, single, pool, ImageHeader.uprightShape(of: data)).first,
                    pick.date != entry.date
                {
                    // A stand-in that cannot be had leaves the day's picture.
                    if let standIn = try? await picture.data(for: pick, width: target.width) {
                        entry = pick
                        data = standIn
                    }
                }
                let key = "one \(target.canvas?.description ?? "as is") \(entry.date) \(fit) \(style)"
                if let replacing, replacing == key { return nil }
                let file = try history.store(
                    try Self.backgroundCopy(
                        of: data, for: target, fit: fit, caption: Caption(entry: entry, style: style)),
                    for: shown.entry.date)
                return StoredBackground(file: file, key: key, pictures: [entry])
            },
            then: { [weak self] (result: Result<StoredBackground?, any Error>) in
                guard let self else { return }
                switch result {
                case .success(nil):
                    done(.taken)
                case .success(let stored?):
                    if stored.spanned && stored.composed { self.compositionsMade += 1 }
                    let file = stored.file
                    self.hand(stored, showPreview: !automatically) { [weak self] ending in
                        guard let self else { return }
                        if ending == .taken {
                            if replacing != nil {
                                self.history.replacedCurrent(with: file)
                            } else {
                                self.history.becameCurrent(file)
                            }
                            var shown = shown
                            shown.key = stored.key
                            let layout = span ?? current
                            shown.layout = layout?.layoutText
                            shown.monitors =
                                layout.flatMap { layout in
                                    layout.monitors.count == stored.pictures.count
                                        ? zip(layout.monitors, stored.pictures).map {
                                            MonitorPick(monitor: $0.recordName, entry: $1)
                                        } : nil
                                }
                            self.shown = automatically ? shown : nil
                            self.shownChanges += 1
                            if automatically { self.writeRecord(shown.shows, for: file) }
                            self.lastSpan = stored.spanned ? span.map { ($0, stored.pictures) } : nil
                        }
                        done(ending)
                    }
                case .failure(let error):
                    self.problemMet.emit(userMessage(for: error))
                    done(.failedForNow)
                }
            })
    }

    /// What a composition was made for: the layout, each monitor's day, the fit, the caption and
    /// whether the lock screen has its copy. Equal keys make equal pictures.
    nonisolated static func compositionKey(
        _ layout: MonitorLayout, entries: [APODEntry], fit: BackgroundFit, caption: BackgroundCaption,
        lockScreenToo: Bool
    ) -> String {
        let primary = layout.monitors[layout.primaryIndex].layoutText
        return [
            layout.layoutText, "primary " + primary, entries.map(\.date.description).joined(separator: ","),
            fit.rawValue, caption.rawValue, lockScreenToo ? "lock screen" : "desktop",
        ].joined(separator: " ")
    }

    /// The picture as the background copy; as it is when there is neither a screen size nor a
    /// caption (no display: the desktop fits it).
    nonisolated static func backgroundCopy(
        of data: Data, for target: Target, fit: BackgroundFit,
        caption: Caption?
    ) throws -> Data {
        guard target.canvas != nil || caption != nil else { return data }
        return try WallpaperComposer.compose(
            data,
            .init(
                canvas: target.canvas, scaleFactor: target.scaleFactor,
                fit: fit, caption: caption)
        ).jpeg
    }

    /// One background for every monitor, each fitted separately with its own picture and
    /// caption, and the lock screen's picture (the primary monitor's) beside it when the lock
    /// screen is placed.
    nonisolated static func storeSpanned(
        _ screens: [(picture: Data, caption: Caption?)], for layout: MonitorLayout, fit: BackgroundFit,
        lockScreenToo: Bool, day: APODDay, key: String, pictures: [APODEntry], in history: BackgroundHistory
    ) throws -> StoredBackground {
        let span = try SpannedComposer.compose(
            layout, screens: screens.map { SpannedComposer.Screen(picture: $0.picture, fit: fit, caption: $0.caption) })
        let file = try history.storeComposition(span.jpeg, for: day, key: key)
        guard lockScreenToo else { return StoredBackground(file: file, spanned: true, key: key, pictures: pictures) }
        let primary = layout.monitors[layout.primaryIndex]
        let screen = screens[layout.primaryIndex]
        let copy = try WallpaperComposer.compose(
            screen.picture, .init(canvas: primary.size, scaleFactor: primary.scale, fit: fit, caption: screen.caption))
        let lockScreen = try history.storeLockScreenCopy(copy.jpeg, besides: file)
        return StoredBackground(file: file, spanned: true, lockScreen: lockScreen, key: key, pictures: pictures)
    }

    /// Records what `file` shows off the main thread, after any record still being written.
    private func writeRecord(_ shows: BackgroundShows, for file: URL) {
        let history = self.history
        let previous = recordWriting
        recordsPending += 1
        recordWriting = Task.detached { [weak self] in
            await previous?.value
            history.record(shows, for: file)
            MainThread.post { self?.recordsPending -= 1 }
        }
    }

    /// The notification's "Skip": the background set before `day`'s comes back, with what
    /// each monitor showed on it, and `day`'s picture is forgotten.
    func skip(day: String) {
        let history = self.history
        let spanned = spannedLayout() != nil
        lookups.start(
            { () -> (StoredBackground, BackgroundShows?)? in
                guard let previous = history.previous, history.current?.lastPathComponent.contains(day) == true
                else { return nil }
                let stored = StoredBackground(
                    file: previous, spanned: spanned, lockScreen: history.lockScreenCopy(of: previous))
                return (stored, history.shows(of: previous))
            },
            then: { [weak self] result in
                guard let self, case .success(let found?) = result else { return }
                self.hand(found.0, showPreview: false) { [weak self] ending in
                    guard ending == .taken else { return }
                    guard let self else { return }
                    self.history.dropCurrent()
                    // Set by hand, it shows nothing recorded: a change of the monitors leaves it be.
                    self.shown = found.1.map(ShownPictures.init)
                    self.shownChanges += 1
                }
            })
    }

    /// Gives the file to the desktop; a file it did not take is removed. GNOME's keys are set
    /// at once (a preview by hand goes through the portal, which shows it); through the portal
    /// the lock screen is asked for only where the portal can place it.
    private func hand(
        _ stored: StoredBackground, showPreview: Bool, then done: @escaping @MainActor (Ending) -> Void
    ) {
        let file = stored.file
        if case .settings(let backend) = route, !showPreview {
            guard
                GnomeBackgroundKeys.set(
                    file, placement: settings.placement, backend: backend, spanned: stored.spanned,
                    lockScreenFile: stored.lockScreen)
            else {
                history.discard(file)
                problemMet.emit(BackgroundSetter.message(for: .refused))
                return done(.declined)
            }
            return done(.taken)
        }
        portalRequests += 1
        let placement = WallpaperPortal.Placement(route.placesLockScreen ? settings.placement : .desktop)
        WallpaperPortal.setWallpaper(fileAt: file.path, showPreview: showPreview, placement: placement) {
            [weak self] outcome in
            guard let self else { return }
            self.portalRequests -= 1
            if outcome != .set {
                self.history.discard(file)
                self.problemMet.emit(Self.message(for: outcome))
            }
            done(Self.ending(of: outcome))
        }
    }

    static func ending(of outcome: WallpaperPortal.Outcome) -> Ending {
        switch outcome {
        case .set: return .taken
        case .timedOut, .unreadableFile: return .failedForNow
        case .cancelled, .refused, .noPortal: return .declined
        }
    }

    /// What the daily background says when the desktop did not take a picture: as Set as
    /// Background does, and that an unanswered request is tried again.
    static func message(for outcome: WallpaperPortal.Outcome) -> String {
        guard outcome == .timedOut else { return BackgroundSetter.message(for: outcome) }
        return tr(
            "The desktop did not answer within {seconds} seconds, so the background was not changed. APOD Viewer tries again in a while.",
            ["seconds": String(Int(PortalRequest.timeLimit.rounded()))])
    }

    func stop() {
        work.cancel()
        lookups.cancel()
    }
}

/// A background copy kept under the data folder, ready for the desktop.
struct StoredBackground: Sendable {
    var file: URL
    /// Made for every monitor's layout, for GNOME's `spanned` placement.
    var spanned = false
    /// The lock screen's own picture beside a spanned one.
    var lockScreen: URL?
    /// What it was made for (`DailyBackground.compositionKey`); nil when not known.
    var key: String?
    /// The picture of each monitor, in the layout's order.
    var pictures: [APODEntry] = []
    /// Drawn now, not taken from the data folder.
    var composed = true
}

/// What the automatic background shows, kept to make it again when the monitors change.
struct ShownPictures: Sendable {
    var entry: APODEntry
    /// The bytes of pictures already at hand (from the cache), by day.
    var cachedData: [APODDay: Data] = [:]
    /// Each monitor's picture when given (a rotation), else chosen from `entry`.
    var perMonitor: [APODEntry]?
    /// What the background on the desktop was made for.
    var key: String?
    /// The picture each monitor got and the layout they were in, once it was set.
    var monitors: [MonitorPick]?
    var layout: String?

    /// The picture `monitor` (`MonitorSpec.recordName`) showed, when it was recorded.
    func picture(of monitor: String) -> APODEntry? {
        monitors?.first { $0.monitor == monitor }?.entry
    }
}

extension ShownPictures {
    /// As recorded beside its file; the pictures' bytes come from the cache again.
    init(_ shows: BackgroundShows) {
        self.init(
            entry: shows.entry, perMonitor: shows.perMonitor, key: shows.key, monitors: shows.monitors,
            layout: shows.layout)
    }

    var shows: BackgroundShows {
        BackgroundShows(entry: entry, perMonitor: perMonitor, key: key, monitors: monitors, layout: layout)
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
