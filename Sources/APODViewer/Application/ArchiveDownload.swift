import APODCore
import Foundation
import GtkKit

/// "Download the archive": one sync at a time for the whole app, so it keeps going when the
/// preferences window closes and any window can show its progress. Cancelling keeps every
/// window of days already written; the next download resumes from there.
@MainActor
final class ArchiveDownload {
    enum State: Equatable {
        case idle
        case running(SyncProgress?)
        case finished(SyncSummary)
        case cancelled
        case failed(String)
    }

    private(set) var state: State = .idle {
        didSet { stateChanged.emit(state) }
    }
    /// Every change of `state`; a listener shows `state` first, then follows this.
    let stateChanged = Event<State>()
    private let makeSync: @MainActor () throws -> ArchiveSync
    private var task: Task<Void, Never>?
    private var generation = 0

    /// - Parameter makeSync: a sync of the source in use, made when a download starts.
    init(makeSync: @escaping @MainActor () throws -> ArchiveSync) {
        self.makeSync = makeSync
    }

    var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Calls `observer` with `state` now and on every change, while the returned subscription
    /// is kept.
    func observe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        observer(state)
        return stateChanged.subscribe(observer)
    }

    func start() {
        guard !isRunning else { return }
        let sync: ArchiveSync
        do {
            sync = try makeSync()
        } catch {
            state = .failed(userMessage(for: error))
            return
        }
        generation += 1
        let current = generation
        state = .running(nil)
        // The download belongs to the app, which outlives it: holding it strongly is fine.
        task = Task.detached { [self] in
            let outcome: State
            do {
                let summary = try await sync.run { progress in
                    MainThread.post { [self] in
                        guard generation == current, isRunning else { return }
                        state = .running(progress)
                    }
                }
                outcome = .finished(summary)
            } catch is CancellationError {
                outcome = .cancelled
            } catch {
                outcome = .failed(userMessage(for: error))
            }
            MainThread.post { [self] in
                guard generation == current else { return }
                task = nil
                state = outcome
            }
        }
    }

    func cancel() {
        task?.cancel()
    }
}
