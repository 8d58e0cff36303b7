import GtkKit

/// One piece of background work at a time for a window or widget.
///
/// The work runs in a detached task (never on the main thread) and its result comes back
/// through a GLib idle source, the only hop that runs under `g_application_run`. Starting new
/// work or calling `cancel()` cancels the previous task (which cancels its downloads), and a
/// superseded or cancelled result is never delivered.
@MainActor
final class WorkSlot {
    private var task: Task<Void, Never>?
    private var generation = 0

    /// Whether work is running and its result not yet delivered.
    var isBusy: Bool { task != nil }

    func start<T: Sendable>(_ work: @escaping @Sendable () async throws -> T,
                            then deliver: @escaping @Sendable @MainActor (Result<T, any Error>) -> Void) {
        cancel()
        let current = generation
        task = Task.detached { [weak self] in
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            if Task.isCancelled { return }
            MainThread.post {
                guard let self, self.generation == current else { return }
                self.task = nil
                deliver(result)
            }
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
        generation += 1
    }
}
