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

    /// Where a monitor is in the desktop's layout and what it is.
    public struct Geometry: Equatable, Sendable {
        /// The top left corner and size in application (logical) pixels.
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var scale: Int
        /// The model ("DELL U2720Q"), nil when the display does not say.
        public var model: String?
        /// The connector ("eDP-1"), nil when the display does not say.
        public var connector: String?

        public init(
            x: Int, y: Int, width: Int, height: Int, scale: Int, model: String? = nil, connector: String? = nil
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.scale = scale
            self.model = model
            self.connector = connector
        }
    }

    /// Every monitor of `display` (the default display when nil), in the display's order;
    /// empty without one.
    public static func all(on display: OpaquePointer? = nil) -> [Geometry] {
        guard let display = display ?? gdk_display_get_default() else { return [] }
        let list = gdk_display_get_monitors(display)
        var monitors: [Geometry] = []
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            defer { g_object_unref(item) }
            let monitor = OpaquePointer(item)
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &geometry)
            monitors.append(
                Geometry(
                    x: Int(geometry.x), y: Int(geometry.y), width: Int(geometry.width), height: Int(geometry.height),
                    scale: Int(max(1, gdk_monitor_get_scale_factor(monitor))),
                    model: gdk_monitor_get_model(monitor).map { String(cString: $0) },
                    connector: gdk_monitor_get_connector(monitor).map { String(cString: $0) }))
        }
        return monitors
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
