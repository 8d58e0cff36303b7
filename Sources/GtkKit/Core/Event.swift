import Foundation

/// Something an object tells whoever listens: the one way APOD Viewer's own types announce a
/// change (a window's entry changed, the download progressed). GTK's signals keep their
/// `on…` methods (`button.onClicked { }`); an object's own happenings are an `Event` property
/// named for what happened (`entryChanged`, `stateChanged`).
///
/// - Handlers are only ever added: a subscriber never replaces another's, so nobody chains
///   handlers by hand and the order of set-up code does not matter for correctness.
/// - `emit` calls the handlers in the order they subscribed.
/// - `subscribe` returns a `Subscription`; cancelling it, or dropping the last reference to
///   it, removes the handler. Keep it as long as you listen, usually in the listener's
///   `Subscriptions` (`.store(in: subscriptions)`).
/// - A handler removed during an emission is not called later in that emission; one added
///   during an emission is called from the next one.
///
/// Main thread only, as the widgets are.
@MainActor
public final class Event<Value> {
    private var handlers: [(id: Int, call: @MainActor (Value) -> Void)] = []
    private var nextID = 0

    public init() {}

    /// Calls `handler` with every value emitted from now on, until the returned subscription
    /// is cancelled or released.
    public func subscribe(_ handler: @escaping @MainActor (Value) -> Void) -> Subscription {
        let id = nextID
        nextID += 1
        handlers.append((id, handler))
        return Subscription { [weak self] in self?.handlers.removeAll { $0.id == id } }
    }

    /// Calls every handler with `value`, first subscribed first.
    public func emit(_ value: Value) {
        let ids = handlers.map(\.id)
        for id in ids {
            guard let handler = handlers.first(where: { $0.id == id }) else { continue }
            handler.call(value)
        }
    }

    /// How many handlers listen now.
    public var subscriberCount: Int { handlers.count }
}

extension Event where Value == Void {
    /// Calls every handler, first subscribed first.
    public func emit() { emit(()) }
}

/// One handler's place in an `Event`: cancelled, or released, it is removed.
@MainActor
public final class Subscription {
    private var remove: (@MainActor () -> Void)?

    init(remove: @escaping @MainActor () -> Void) {
        self.remove = remove
    }

    /// Removes the handler; cancelling again does nothing.
    public func cancel() {
        remove?()
        remove = nil
    }

    /// Keeps this subscription as long as `subscriptions` lives.
    public func store(in subscriptions: Subscriptions) {
        subscriptions.add(self)
    }

    /// Released off the main thread (a listener freed by a finished background task), the
    /// removal goes back through `MainThread`: a main-actor hop would never run under GLib.
    deinit {
        guard let remove else { return }
        let removal = UncheckedRemoval(remove: remove)
        if Thread.isMainThread {
            MainActor.assumeIsolated { removal.remove() }
        } else {
            MainThread.post { removal.remove() }
        }
    }
}

/// Carries a removal to the main thread, where alone it runs.
private struct UncheckedRemoval: @unchecked Sendable {
    let remove: @MainActor () -> Void
}

/// The subscriptions a listener holds: all cancelled when it is released (or `cancelAll`).
@MainActor
public final class Subscriptions {
    private var items: [Subscription] = []

    public init() {}

    func add(_ subscription: Subscription) {
        items.append(subscription)
    }

    public func cancelAll() {
        items.forEach { $0.cancel() }
        items = []
    }
}
