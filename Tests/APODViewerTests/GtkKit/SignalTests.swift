import Foundation
import GtkKit
import XCTest

/// The typed layer's ownership promises: handlers are released with their widget, and
/// results posted from other threads arrive on the main thread.
final class SignalTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(MainActor.assumeIsolated { Gtk.initialize() }, "no display")
    }

    private final class Witness {}

    func testAHandlerIsReleasedWhenItsWidgetIsFinalized() {
        MainActor.assumeIsolated {
            weak var released: Witness?
            var changes = 0
            do {
                let witness = Witness()
                released = witness
                let spin = SpinButton(range: 1...10)
                spin.onValueChanged { withExtendedLifetime(witness) { changes += 1 } }
                spin.value = 4
                XCTAssertEqual(changes, 1)
                XCTAssertNotNil(released, "the connection keeps the handler alive")
            }
            XCTAssertNil(released, "dropping the last reference to the widget released the handler's closure")
        }
    }

    func testPostRunsOnTheMainThreadFromAnyThread() {
        MainActor.assumeIsolated {
            let arrived = LockedFlags()
            for _ in 0..<20 {
                DispatchQueue.global().async {
                    MainThread.post { arrived.record(onMain: Thread.isMainThread) }
                }
            }
            XCTAssertTrue(Gtk.iterate(until: { arrived.count == 20 }, timeout: 10))
            XCTAssertTrue(arrived.allOnMain)
        }
    }
}

private final class LockedFlags: @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [Bool] = []
    func record(onMain: Bool) { lock.withLock { flags.append(onMain) } }
    var count: Int { lock.withLock { flags.count } }
    var allOnMain: Bool { lock.withLock { flags.allSatisfy { $0 } } }
}
