import APODCore
import Foundation
import GtkKit

/// When the daily picture looks for a new entry: runs `DailyCheck` off the main thread on
/// `DailyCheckSchedule`'s timetable, with a GLib timer. A monotonic timer stands still while the
/// computer sleeps, so `wake()` (a resume from suspend, the network coming back) checks at once
/// when the planned time passed, and otherwise re-arms the timer.
@MainActor
final class DailyCheckTimer {
    /// Each finished check's result, on the main thread.
    let checked = Event<DailyCheck.Result>()
    private(set) var isRunning = false

    private var schedule: DailyCheckSchedule
    private let check: DailyCheck
    private let work = WorkSlot()
    private var timer: Timeout?

    init(
        source: any APODSource, lastSeen: LastSeenDay, clock: @escaping @Sendable () -> Date,
        randomDelay: @escaping @Sendable (ClosedRange<TimeInterval>) -> TimeInterval
    ) {
        schedule = DailyCheckSchedule(clock: clock, randomDelay: randomDelay)
        check = DailyCheck(source: source, lastSeen: lastSeen)
    }

    /// A check is under way.
    var isChecking: Bool { work.isBusy }

    /// Checks now if one is due (at first, always), else when it will be.
    func start() {
        isRunning = true
        if schedule.isDue { checkNow() } else { armTimer() }
    }

    func stop() {
        isRunning = false
        work.cancel()
        cancelTimer()
    }

    /// Looks for a new picture now.
    func checkNow() {
        cancelTimer()
        let check = self.check
        work.start(
            { await check.run() },
            then: { [weak self] result in
                guard let self, case .success(let found) = result else { return }
                // Planned first, so a result dealt with at once may still ask for a retry.
                self.schedule.record(found.scheduleOutcome)
                self.checked.emit(found)
                if self.isRunning { self.armTimer() }
            })
    }

    func wake() {
        guard isRunning else { return }
        if schedule.shouldCheckOnWake() { checkNow() } else { armTimer() }
    }

    /// The picture of `day` was dealt with: a restart will not announce it again.
    func markSeen(_ day: APODDay) {
        schedule.recordFinished()
        try? check.markSeen(day)
    }

    /// The new picture could not be dealt with this time: it is looked for again after the
    /// error back-off (`DailyCheckSchedule.recordUnfinished`), still as a new picture.
    func retryLater() {
        schedule.recordUnfinished()
        if isRunning, !work.isBusy { armTimer() }
    }

    /// Seconds until the next planned check (tests).
    var secondsUntilNextCheck: TimeInterval { schedule.secondsUntilNextCheck }

    private func armTimer() {
        cancelTimer()
        timer = Timeout(seconds: Timeout.seconds(schedule.secondsUntilNextCheck)) { [weak self] in self?.checkNow() }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

extension Timeout {
    /// Whole seconds for a delay, rounded up and within GLib's range.
    static func seconds(_ interval: TimeInterval) -> Int {
        Int(min(max(0, interval.rounded(.up)), Double(Int32.max)))
    }
}
