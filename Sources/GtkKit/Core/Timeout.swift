import CGtk

/// A one-shot GLib timer: in whole seconds (`g_timeout_add_seconds`, which GLib may batch with
/// other wake-ups to save power) or, where the delay is seen (controls hiding), in
/// milliseconds. Call `cancel()` to stop it before it fires.
@MainActor
public final class Timeout {
    private let state: TimeoutState
    private let source: guint

    public init(seconds: Int, _ body: @escaping @MainActor () -> Void) {
        let state = TimeoutState(body)
        self.state = state
        source = g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, guint(clamping: max(0, seconds)), timeoutFired,
            Unmanaged.passRetained(state).toOpaque(), releaseTimeoutState)
    }

    public init(milliseconds: Int, _ body: @escaping @MainActor () -> Void) {
        let state = TimeoutState(body)
        self.state = state
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(clamping: max(0, milliseconds)), timeoutFired,
            Unmanaged.passRetained(state).toOpaque(), releaseTimeoutState)
    }

    public func cancel() {
        guard !state.isDone else { return }
        state.isDone = true
        g_source_remove(source)
    }
}

/// What the GLib source holds: the body, and whether it already ran or was cancelled.
@MainActor
private final class TimeoutState {
    let body: @MainActor () -> Void
    var isDone = false
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

private func timeoutFired(_ data: gpointer?) -> gboolean {
    let state = Unmanaged<TimeoutState>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated {
        state.isDone = true
        state.body()
    }
    return 0
}

private func releaseTimeoutState(_ data: gpointer?) {
    Unmanaged<TimeoutState>.fromOpaque(data!).release()
}
