import APODCore
import GtkKit

/// What happens when the service cannot be reached at start-up: the app switches to the cache
/// and the bundled sample, the main window says so, and "Try again" goes back online (falling
/// back again if the service is still unreachable). The main window and the random grid take
/// the same path, whichever fails first. Later failures, once the service has answered, are
/// ordinary errors with Retry.
@MainActor
enum OfflineFallback {
    static func attach(_ services: ViewerServices, to main: MainWindow) {
        main.entryLoaded.subscribe { services.serviceAnswered() }.store(in: main.subscriptions)
        main.isStoredOnly = { services.isFallenBack || services.configuration.kind == .offline }
        main.fallBackOffline = { [weak main] in
            guard let main, goOffline(services) else { return false }
            main.offlineBanner.show()
            main.reload()
            return true
        }
        main.offlineBanner.tryAgainClicked.subscribe { [weak main] in
            services.goOnline()
            main?.offlineBanner.hide()
            main?.reload()
        }.store(in: main.subscriptions)
        if services.isFallenBack { main.offlineBanner.show() }
    }

    /// A grid whose batch could not be fetched loads a batch from the sample instead; the main
    /// window, when open, shows the banner and reloads from the sample too. A batch that arrived
    /// counts as the service answering, as an entry in the main window does, so a later failure
    /// in either window is an ordinary error rather than a fall-back.
    static func attach(
        _ services: ViewerServices, to grid: RandomGridView, main: @escaping @MainActor () -> MainWindow?
    ) {
        grid.entriesLoaded.subscribe { services.serviceAnswered() }.store(in: grid.subscriptions)
        grid.isStoredOnly = { services.isFallenBack || services.configuration.kind == .offline }
        grid.fallBackOffline = { [weak grid] in
            let wasOnline = !services.isFallenBack
            guard let grid, goOffline(services) else { return false }
            if wasOnline, let main = main() {
                main.offlineBanner.show()
                main.reload()
            }
            grid.shuffle()
            return true
        }
    }

    /// Whether `error` means the service could not be reached at all.
    static func isUnreachable(_ error: any Error) -> Bool {
        switch error as? APODError {
        case .unreachable?, .timedOut?: return true
        default: return false
        }
    }

    /// Falls back when the service has not answered yet. True when the app now works offline,
    /// also when another window's failure switched it while this one's request was under way:
    /// the caller then loads again.
    private static func goOffline(_ services: ViewerServices) -> Bool {
        if services.shouldFallBack { services.fallBackOffline() }
        return services.isFallenBack
    }
}
