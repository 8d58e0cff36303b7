import APODCore
import Foundation
import GtkKit

/// Start-up work the first picture does not need (opening the archive index and the library,
/// the history write, exporting GNOME Shell's search provider), held until the main window's
/// picture area has drawn what it loaded — the picture's first frame, or a status page — so it
/// takes no core or disk from the picture's request and decode. The gate also opens after
/// `timeLimit` (a picture that never comes) and at once when no main window opens first.
/// Nothing a user does early waits on it: the index and the library open on first use, so a
/// search typed meanwhile opens the index itself and waits for it in its own background work.
@MainActor
final class AfterFirstPicture {
    /// Seconds after the gate is armed at which it opens whatever the picture does (a test
    /// holding the gate closed raises it).
    static var timeLimit = 3

    private var pending: [@MainActor () -> Void] = []
    private(set) var isOpen = false
    private var timer: Timeout?

    /// Runs `work` once the gate is open: at once when it is.
    func run(_ work: @escaping @MainActor () -> Void) {
        if isOpen { work() } else { pending.append(work) }
    }

    /// Opens the gate after `timeLimit` unless it opened before.
    func arm() {
        guard !isOpen, timer == nil else { return }
        timer = Timeout(seconds: Self.timeLimit) { [weak self] in self?.open() }
    }

    /// Runs what waited, in the order it was put off; later work runs at once.
    func open() {
        guard !isOpen else { return }
        isOpen = true
        timer?.cancel()
        timer = nil
        let work = pending
        pending = []
        work.forEach { $0() }
    }
}
