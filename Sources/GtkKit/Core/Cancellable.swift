import CGtk

/// A GCancellable: cancelled from any thread once no one waits for the work any more (a Swift
/// task's cancellation handler), checked by the work between steps. GdkPixbuf's stream loaders
/// check it between reads and `PixbufStreamDecoder` between loader writes, so a decode nobody
/// waits for stops within one 64 KB piece instead of running to its end. GCancellable is
/// thread-safe; the wrapper owns one reference.
public final class Cancellable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>

    public init() {
        pointer = g_cancellable_new()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    public func cancel() {
        g_cancellable_cancel(pointer)
    }

    public var isCancelled: Bool {
        g_cancellable_is_cancelled(pointer) != 0
    }
}
