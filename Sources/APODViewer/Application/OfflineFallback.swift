import APODCore
import GtkKit

/// What happens when the service cannot be reached at start-up: the app switches to the cache
/// and the bundled sample, the main window says so, and "Try again" goes back online (falling
/// back again if the service is still unreachable). Later failures, once the service has
/// answered, are ordinary errors with Retry.
@MainActor
enum OfflineFallback {
    static func attach(_ services: ViewerServices, to main: MainWindow) {
        main.onEntryLoaded = { services.serviceAnswered() }
        main.onServiceUnreachable = { [weak main] in
            guard let main, services.shouldFallBack else { return false }
            services.fallBackOffline()
            main.offlineBanner.show()
            main.reload()
            return true
        }
        main.offlineBanner.onTryAgain = { [weak main] in
            services.goOnline()
            main?.offlineBanner.hide()
            main?.reload()
        }
        if services.isFallenBack { main.offlineBanner.show() }
    }
}
