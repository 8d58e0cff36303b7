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
/// Downloading, decoding and drawing run off the main thread (`WorkSlot`).
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
    /// A background waiting for an unmetered connection.
    var pendingBackground: APODEntry? { pending?.entry }
    private var pending: (entry: APODEntry, done: @MainActor (Ending) -> Void)?

    private let images: any ImageFetching
    private let history: BackgroundHistory
    private let network: any NetworkState
    private let screen: @MainActor () -> Monitors.Size?
    private let monitors: @MainActor () -> MonitorLayout?
    private let route: BackgroundRoute
    private let work = WorkSlot()
    private var portalRequests = 0
    /// The frame 10 % into an APOD-hosted video, its background on a video day; nil: the poster.
    private let frames: VideoFrameStill?

    init(
        settings: DailySettings, images: any ImageFetching, history: BackgroundHistory, network: any NetworkState,
        screen: @escaping @MainActor () -> Monitors.Size?,
        monitors: @escaping @MainActor () -> MonitorLayout? = { MonitorLayout(Monitors.all()) },
        route: BackgroundRoute, frames: VideoFrameStill? = nil
    ) {
        self.frames = frames
        self.route = route
        self.monitors = monitors
        self.settings = settings
        self.images = images
        self.history = history
        self.network = network
        self.screen = screen
    }

    /// A picture is being made or handed to the desktop.
    var isBusy: Bool { work.isBusy || portalRequests > 0 || frames?.isBusy == true }

    /// The day of the picture on the desktop now, as far as this app set it.
    var currentDay: APODDay? { history.currentDay }

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
    func set(
        _ entry: APODEntry, cachedData: Data? = nil, automatically: Bool,
        ending done: @escaping @MainActor (Ending) -> Void
    ) {
        guard cachedData == nil, settings.videoDays == .useStill, let video = entry.hostedVideoURL, let frames else {
            make(entry, cachedData: cachedData, automatically: automatically, ending: done)
            return
        }
        work.cancel()
        frames.frame(of: video) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let frame):
                self.make(entry, cachedData: frame, automatically: automatically, ending: done)
            case .failure(let error):
                self.problemMet.emit(userMessage(for: error))
                self.make(entry, cachedData: nil, automatically: automatically, ending: done)
            }
        }
    }

    /// Makes the background copy of `cachedData`, or of the downloaded picture, and hands it over.
    private func make(
        _ entry: APODEntry, cachedData: Data?, automatically: Bool,
        ending done: @escaping @MainActor (Ending) -> Void
    ) {
        frames?.cancel()
        let picture = WallpaperPicture(images: images)
        let history = self.history
        let target = target()
        let fit = settings.fit
        let caption = Caption(entry: entry, style: settings.caption)
        let span = automatically ? spannedLayout() : nil
        let lockScreenToo = settings.placement == .both
        work.start(
            {
                let data: Data
                if let cachedData {
                    data = cachedData
                } else {
                    data = try await picture.data(for: entry, width: target.width)
                }
                if let span {
                    return try Self.storeSpanned(
                        data, for: span, fit: fit, caption: caption, lockScreenToo: lockScreenToo, day: entry.date,
                        in: history)
                }
                let file = try history.store(
                    try Self.backgroundCopy(of: data, for: target, fit: fit, caption: caption), for: entry.date)
                return StoredBackground(file: file)
            },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let stored):
                    let file = stored.file
                    self.hand(stored, showPreview: !automatically) { [weak self] ending in
                        if ending == .taken { self?.history.becameCurrent(file) }
                        done(ending)
                    }
                case .failure(let error):
                    self.problemMet.emit(userMessage(for: error))
                    done(.failedForNow)
                }
            })
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

    /// One background for every monitor, each fitted separately with its own caption, and the
    /// lock screen's picture (the primary monitor's) beside it when the lock screen is placed.
    nonisolated static func storeSpanned(
        _ data: Data, for layout: MonitorLayout, fit: BackgroundFit, caption: Caption?, lockScreenToo: Bool,
        day: APODDay, in history: BackgroundHistory
    ) throws -> StoredBackground {
        let screen = SpannedComposer.Screen(picture: data, fit: fit, caption: caption)
        let span = try SpannedComposer.compose(layout, screens: layout.monitors.map { _ in screen })
        let file = try history.store(span.jpeg, for: day)
        guard lockScreenToo else { return StoredBackground(file: file, spanned: true) }
        let primary = layout.monitors[layout.primaryIndex]
        let copy = try WallpaperComposer.compose(
            data, .init(canvas: primary.size, scaleFactor: primary.scale, fit: fit, caption: caption))
        let lockScreen = try history.storeLockScreenCopy(copy.jpeg, besides: file)
        return StoredBackground(file: file, spanned: true, lockScreen: lockScreen)
    }

    /// The notification's "Skip": the background set before `day`'s comes back, and `day`'s
    /// picture is forgotten.
    func skip(day: String) {
        guard let previous = history.previous, history.current?.lastPathComponent.contains(day) == true else { return }
        let stored = StoredBackground(
            file: previous, spanned: spannedLayout() != nil, lockScreen: history.lockScreenCopy(of: previous))
        hand(stored, showPreview: false) { [weak self] ending in
            if ending == .taken { self?.history.dropCurrent() }
        }
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
    }
}

/// A background copy kept under the data folder, ready for the desktop.
struct StoredBackground: Sendable {
    var file: URL
    /// Made for every monitor's layout, for GNOME's `spanned` placement.
    var spanned = false
    /// The lock screen's own picture beside a spanned one.
    var lockScreen: URL?
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
