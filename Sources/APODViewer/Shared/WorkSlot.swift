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

    func start<T: Sendable>(
        _ work: @escaping @Sendable () async throws -> T,
        then deliver: @escaping @Sendable @MainActor (Result<T, any Error>) -> Void
    ) {
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

    /// Consumes the stream `makeStream` returns in a detached task: each element is delivered
    /// as it arrives, in order, then `finished` with nil or the error that ended the stream.
    /// Cancelling (or starting other work) ends the stream, whose producer then stops too.
    func stream<T: Sendable>(
        _ makeStream: @escaping @Sendable () -> AsyncThrowingStream<T, any Error>,
        each deliver: @escaping @Sendable @MainActor (T) -> Void,
        finished: @escaping @Sendable @MainActor ((any Error)?) -> Void
    ) {
        cancel()
        let current = generation
        task = Task.detached { [weak self] in
            var failure: (any Error)?
            do {
                for try await element in makeStream() {
                    MainThread.post {
                        guard let self, self.generation == current else { return }
                        deliver(element)
                    }
                }
            } catch {
                failure = error
            }
            if Task.isCancelled { return }
            MainThread.post {
                guard let self, self.generation == current else { return }
                self.task = nil
                finished(failure)
            }
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
        generation += 1
    }
}
