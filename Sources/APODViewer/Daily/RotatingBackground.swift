import APODCore
import Foundation
import GtkKit

/// "Change the background every hour / 6 hours / day": a random favourite or a random day of
/// the archive index becomes the background when `RotationSchedule` says so. The schedule
/// lives in the data folder and counts by the wall clock, so a restart or a suspend neither
/// resets nor repeats the interval; the GLib timer is only a reminder, re-armed on every look
/// (`wake()` after a resume). On a metered connection only pictures already in the cache are
/// used.
@MainActor
final class RotatingBackground {
    private var settings: DailySettings
    private var schedule: RotationSchedule
    private let picker: BackgroundPicker
    private let background: DailyBackground
    /// Says which picture went where after a change on several monitors.
    let changedOnMonitors = Event<String>()
    private var timer: Timeout?
    private var isRunning = false

    init(settings: DailySettings, schedule: RotationSchedule, picker: BackgroundPicker, background: DailyBackground) {
        self.settings = settings
        self.schedule = schedule
        self.picker = picker
        self.background = background
    }

    private var interval: TimeInterval? {
        guard isRunning, settings.setsBackground else { return nil }
        return settings.rotation.interval
    }

    func start() {
        isRunning = true
        look()
    }

    func stop() {
        isRunning = false
        picker.cancel()
        cancelTimer()
    }

    func apply(_ new: DailySettings) {
        settings = new
        look()
    }

    /// A resume from suspend or the network back: the timer may be late.
    func wake() { look() }

    /// The day's new picture became the background: the next change is an interval away.
    func backgroundChanged() {
        try? schedule.changed()
        look()
    }

    /// Changes the background if it is due, else sets the timer for when it will be. The first
    /// interval counts from when the rotation is first seen on; a background being set (the
    /// day's new picture) goes first and the change waits.
    private func look() {
        cancelTimer()
        guard let interval else { return }
        if schedule.lastChange == nil { try? schedule.changed() }
        guard schedule.isDue(every: interval) else {
            armTimer(after: schedule.secondsUntilDue(every: interval))
            return
        }
        schedule.postpone()
        armTimer(after: RotationSchedule.retryDelay)
        guard !background.isBusy else { return }
        // Each monitor of a spanned background gets its own next picture.
        let monitors = background.spannedLayout()?.monitors.count ?? 1
        picker.pick(monitors, from: settings.rotationSource, avoiding: background.currentDay) { [weak self] choices in
            guard let self, let first = choices.first, !self.background.isBusy else { return }
            self.background.set(
                first.entry, cachedData: first.cachedData, perMonitor: monitors > 1 ? choices : nil,
                automatically: true
            ) { [weak self] ending in
                guard let self, ending == .taken else { return }
                self.backgroundChanged()
                if let span = self.background.lastSpan, Set(span.pictures.map(\.date)).count > 1 {
                    self.changedOnMonitors.emit(MonitorNames.assignment(of: span.pictures, on: span.layout))
                }
            }
        }
    }

    private func armTimer(after seconds: TimeInterval) {
        cancelTimer()
        timer = Timeout(seconds: Timeout.seconds(seconds)) { [weak self] in self?.look() }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

/// Picks a background that is not the day's own, off the main thread: from the favourites or
/// the archive index, only cached pictures on a metered connection (`BackgroundChoice`).
@MainActor
final class BackgroundPicker {
    private let pool: (any BackgroundPool)?
    private let images: any ImageFetching
    private let network: any NetworkState
    private let background: DailyBackground
    private let work = WorkSlot()

    init(pool: (any BackgroundPool)?, images: any ImageFetching, network: any NetworkState, background: DailyBackground)
    {
        self.pool = pool
        self.images = images
        self.network = network
        self.background = background
    }

    /// `count` pictures, one per monitor, different while there are enough.
    /// - Parameter chosen: empty when there is nothing to pick (no favourite, nothing cached).
    func pick(
        _ count: Int, from source: BackgroundRotation.Source, avoiding current: APODDay?,
        then chosen: @escaping @MainActor ([BackgroundChoice]) -> Void
    ) {
        guard let pool else {
            chosen([])
            return
        }
        let cachedOnly = network.isMetered
        let picture = WallpaperPicture(images: images)
        let width = background.target().width
        work.start(
            {
                BackgroundChoice.pick(
                    count, from: try pool.candidates(from: source, cachedOnly: cachedOnly), avoiding: current,
                    cachedOnly: cachedOnly, picture: picture, width: width)
            }, then: { result in chosen((try? result.get()) ?? []) })
    }

    /// - Parameter chosen: nil when there is nothing to pick (no favourite, nothing cached).
    func pick(
        from source: BackgroundRotation.Source, avoiding current: APODDay?,
        then chosen: @escaping @MainActor (BackgroundChoice?) -> Void
    ) {
        guard let pool else {
            chosen(nil)
            return
        }
        let cachedOnly = network.isMetered
        let picture = WallpaperPicture(images: images)
        let width = background.target().width
        work.start(
            {
                BackgroundChoice.pick(
                    from: try pool.candidates(from: source, cachedOnly: cachedOnly), avoiding: current,
                    cachedOnly: cachedOnly, picture: picture, width: width)
            }, then: { result in chosen(try? result.get()) })
    }

    var isBusy: Bool { work.isBusy }

    func cancel() {
        work.cancel()
    }
}
