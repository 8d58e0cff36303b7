import CGtk

/// The screens attached to the default display.
@MainActor
public enum Monitors {
    public struct Size: Equatable, Sendable {
        /// In application (logical) pixels, as GdkMonitor's geometry reports it.
        public var width: Int
        public var height: Int
        /// Device pixels per logical pixel (2 on most HiDPI screens).
        public var scale: Int

        public init(width: Int, height: Int, scale: Int) {
            self.width = width
            self.height = height
            self.scale = scale
        }
    }

    /// The monitor with the most device pixels, or nil without a display.
    public static func largest() -> Size? {
        guard let display = gdk_display_get_default() else { return nil }
        let list = gdk_display_get_monitors(display)
        var best: Size?
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            defer { g_object_unref(item) }
            let monitor = OpaquePointer(item)
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &geometry)
            let size = Size(
                width: Int(geometry.width), height: Int(geometry.height),
                scale: Int(max(1, gdk_monitor_get_scale_factor(monitor))))
            if size.width * size.scale * size.height * size.scale
                > (best.map { $0.width * $0.scale * $0.height * $0.scale } ?? 0)
            {
                best = size
            }
        }
        return best
    }
}
