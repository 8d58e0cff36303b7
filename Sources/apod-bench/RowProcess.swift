import APODCore
import CGtk
import Foundation

/// One row measured in this (fresh) process: the load runs on other threads while the main
/// thread only runs a GLib main loop with the stall timer, like a viewer's grid would.
struct RowMeasurement: Codable, Sendable {
    var seconds: Double
    var peakRSSMegabytes: Double
    var maxStallMilliseconds: Double
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
        let grid = GridLoad(urls: settings.flavour.urls(base: settings.base, count: settings.count),
                            width: settings.width)
        let loop = MainLoop(pointer: g_main_loop_new(nil, 0))
        let outcome = Outcome()
        // The client, loader and cache exist before a viewer opens its grid: not timed.
        let load = work(for: settings)
        let monitor = StallMonitor()
        monitor.start()
        let start = g_get_monotonic_time()
        Task.detached {
            do {
                try await load(grid)
                outcome.finish(.success(g_get_monotonic_time() - start))
            } catch {
                outcome.finish(.failure(error))
            }
            // Quit from the loop itself: a quit sent before `g_main_loop_run` starts would be lost.
            g_idle_add_full(G_PRIORITY_DEFAULT, { data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(loop.pointer), nil)
        }
        g_main_loop_run(loop.pointer)
        monitor.stop()
        g_main_loop_unref(loop.pointer)
        let elapsed = try outcome.result!.get()
        let measurement = RowMeasurement(seconds: Double(elapsed) / 1_000_000,
                                         peakRSSMegabytes: PeakMemory.megabytes(),
                                         maxStallMilliseconds: monitor.worstLatenessMilliseconds,
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
            let loader = ImageLoader(client: client, cache: ImageDiskCache(directory: settings.cacheDirectory),
                                     resizingHosts: [settings.base.host ?? "127.0.0.1"])
            return { grid in try await grid.pipeline(loader: loader) }
        }
    }

    /// The row's GMainLoop; adding an idle source to its context is safe from any thread.
    private struct MainLoop: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<Int, Error>?

        func finish(_ result: Result<Int, Error>) { lock.withLock { value = result } }

        var result: Result<Int, Error>? { lock.withLock { value } }
    }
}
