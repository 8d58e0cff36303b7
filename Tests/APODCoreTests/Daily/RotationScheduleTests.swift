import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// The rotating background's timetable over three simulated days: the timer fires when a change
/// is due, the computer sleeps ten hours on the first evening, the app restarts on the second
/// day, one change fails and is retried.
final class RotationScheduleTests: CoreTestCase, @unchecked Sendable {
    private var folder: URL!
    private let start = Date(timeIntervalSince1970: 1_795_939_200) // a midnight, UTC

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-rotation-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The hours (since `start`) at which the background changed.
    private func simulate(_ rotation: BackgroundRotation, failingChange: Int? = nil) throws -> [Double] {
        let interval = try XCTUnwrap(rotation.interval)
        let clock = Locked(start)
        let hour = { (hours: Double) in self.start + hours * 3600 }
        let sleep = hour(20.5)..<hour(30.25)
        let restart = hour(40.5)
        var restarted = false
        var schedule = RotationSchedule(dataFolder: DataFolder(root: folder), clock: { clock.value })
        var changes: [Double] = []
        var attempts = 0
        while clock.value < hour(72) {
            if schedule.isDue(every: interval) {
                attempts += 1
                if attempts - 1 == failingChange {
                    schedule.postpone()
                } else {
                    try schedule.changed()
                    changes.append(clock.value.timeIntervalSince(start) / 3600)
                }
            }
            let timer = clock.value + schedule.secondsUntilDue(every: interval)
            if clock.value < sleep.lowerBound && timer >= sleep.lowerBound {
                clock.value = sleep.upperBound // the timer stood still; the app looks on waking
            } else if !restarted && timer >= restart {
                clock.value = restart
                schedule = RotationSchedule(dataFolder: DataFolder(root: folder), clock: { clock.value })
                restarted = true
            } else {
                clock.value = timer
            }
        }
        return changes
    }

    func testEveryHourForThreeDaysThroughASleepAndARestart() throws {
        let changes = try simulate(.hourly)
        let expected = (0...20).map(Double.init) + (0...41).map { 30.25 + Double($0) }
        XCTAssertEqual(
            changes, expected, "hourly until the sleep, one change on waking, hourly again; the restart changes nothing"
        )
        XCTAssertEqual(changes.count, 63)
    }

    func testEverySixHoursAndEveryDay() throws {
        XCTAssertEqual(try simulate(.sixHours), [0, 6, 12, 18, 30.25, 36.25, 42.25, 48.25, 54.25, 60.25, 66.25])
        try FileManager.default.removeItem(at: folder)
        XCTAssertEqual(
            try simulate(.daily), [0, 30.25, 54.25], "the change due at 24 h was missed asleep: made on waking")
    }

    func testAFailedChangeIsTriedAgainTenMinutesLater() throws {
        let changes = try simulate(.sixHours, failingChange: 2)
        XCTAssertEqual(Array(changes.prefix(3)), [0, 6, 12 + 1.0 / 6])
        XCTAssertEqual(changes.count, 11)
    }

    func testTheLastChangeSurvivesInTheDataFolder() throws {
        let clock = Locked(start)
        var schedule = RotationSchedule(dataFolder: DataFolder(root: folder), clock: { clock.value })
        XCTAssertTrue(schedule.isDue(every: 3600), "never changed: at once")
        try schedule.changed()
        clock.value += 1800
        let reopened = RotationSchedule(dataFolder: DataFolder(root: folder), clock: { clock.value })
        XCTAssertEqual(reopened.lastChange, start)
        XCTAssertEqual(reopened.secondsUntilDue(every: 3600), 1800)
        XCTAssertEqual(
            reopened.secondsUntilDue(every: 6 * 3600), 5.5 * 3600, "a longer interval counts from the same change")
        clock.value = start - 7200
        XCTAssertTrue(
            reopened.isDue(every: 3600), "a clock set back before the last change: at once, not in three hours")
        try Data("garbage".utf8).write(to: reopened.fileURL)
        XCTAssertNil(reopened.lastChange)
    }
}
