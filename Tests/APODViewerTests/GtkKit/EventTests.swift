import Foundation
import GtkKit
import XCTest

/// `Event`'s promises: handlers are added, never replaced; called in subscription order; gone
/// once their subscription is cancelled or released, even in the middle of an emission.
final class EventTests: XCTestCase {
    func testEveryHandlerIsCalledInTheOrderItSubscribed() {
        MainActor.assumeIsolated {
            let changed = Event<Int>()
            var calls: [String] = []
            let first = changed.subscribe { calls.append("first \($0)") }
            let second = changed.subscribe { calls.append("second \($0)") }
            changed.emit(7)
            XCTAssertEqual(calls, ["first 7", "second 7"])
            withExtendedLifetime((first, second)) {}
        }
    }

    func testCancellingOrDroppingASubscriptionRemovesOnlyItsHandler() {
        MainActor.assumeIsolated {
            let changed = Event<Void>()
            var calls: [String] = []
            let kept = changed.subscribe { calls.append("kept") }
            let cancelled = changed.subscribe { calls.append("cancelled") }
            var dropped: Subscription? = changed.subscribe { calls.append("dropped") }
            XCTAssertNotNil(dropped)
            cancelled.cancel()
            dropped = nil
            changed.emit()
            XCTAssertEqual(calls, ["kept"])
            XCTAssertEqual(changed.subscriberCount, 1)
            withExtendedLifetime(kept) {}
        }
    }

    func testAHandlerCancelledDuringAnEmissionIsNotCalledInIt() {
        MainActor.assumeIsolated {
            let changed = Event<Void>()
            var calls: [String] = []
            var later: Subscription?
            var added: Subscription?
            let first = changed.subscribe {
                calls.append("first")
                later?.cancel()
                added = added ?? changed.subscribe { calls.append("added") }
            }
            later = changed.subscribe { calls.append("later") }
            changed.emit()
            XCTAssertEqual(calls, ["first"], "the cancelled handler did not run, the new one waits")
            changed.emit()
            XCTAssertEqual(calls, ["first", "first", "added"])
            withExtendedLifetime((first, added)) {}
        }
    }

    func testSubscriptionsCancelEverythingTheyHoldWhenReleased() {
        MainActor.assumeIsolated {
            let changed = Event<String>()
            var calls: [String] = []
            var bag: Subscriptions? = Subscriptions()
            changed.subscribe { calls.append($0) }.store(in: bag!)
            changed.subscribe { calls.append($0.uppercased()) }.store(in: bag!)
            changed.emit("a")
            bag = nil
            changed.emit("b")
            XCTAssertEqual(calls, ["a", "A"])
            XCTAssertEqual(changed.subscriberCount, 0)
        }
    }
}
