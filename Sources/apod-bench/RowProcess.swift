import APODCore
import Foundation
import GtkKit
import Synchronization

/// One row measured in this (fresh) process: the load runs on other threads while the main
/// thread only runs a GLib main loop with the stall timer, like a viewer's grid would.
struct RowMeasurement: Codable, Sendable {
    var seconds: Double
    var peakRSSMegabytes: Double
    var stall: StallMonitor.Stall
    var thumbnails: Int
}

enum RowProcess {
    struct Settings: Sendable {
        var kind: RowKind
        var flavour: Flavour
        var base: URL
        var count: Int
        var width: Int
        var cacheDirectory: URL
    }

    /// Runs the row on the main thread's loop and returns when every thumbnail is decoded.
    @MainActor
    static func measure(_ settings: Settings) throws -> RowMeasurement {
        let grid = GridLoad(
            urls: settings.flavour.urls(base: settings.base, count: settings.count),
            width: settings.width)
        let loop = MainLoop()
        let outcome = Outcome()
        // The client, loader and cache exist before a viewer opens its grid: not timed.
        let load = work(for: settings)
        let monitor = StallMonitor()
        monitor.start()
        let start = Clock.now()
        Task.detached {
            do {
                try await load(grid)
                outcome.finish(.success(Clock.now() - start))
            } catch {
                outcome.finish(.failure(error))
            }
            loop.quit()
        }
        loop.run()
        monitor.stop()
        let measurement = RowMeasurement(
            seconds: try outcome.result!.get(),
            peakRSSMegabytes: PeakMemory.megabytes(),
            stall: monitor.worst,
            thumbnails: grid.count)
        grid.release()
        return measurement
    }

    /// How the row fills the grid, with its client (and loader) already made.
    private static func work(for settings: Settings) -> @Sendable (GridLoad) async throws -> Void {
        let client = HTTPClient()
        switch settings.kind {
        case .naive:
            return { grid in try await grid.naive(client: client) }
        case .pipelineCold, .pipelineWarm:
            let loader = ImageLoader(
                client: client, cache: ImageDiskCache(directory: settings.cacheDirectory),
                resizingHosts: [settings.base.host ?? "127.0.0.1"])
            return { grid in try await grid.pipeline(loader: loader) }
        }
    }

    private final class Outcome: Sendable {
        private let value = Mutex<Result<Double, Error>?>(nil)

        func finish(_ result: Result<Double, Error>) { value.withLock { $0 = result } }

        var result: Result<Double, Error>? { value.withLock { $0 } }
    }
}
