import GtkKit
import WallpaperComposition

extension MonitorLayout {
    /// The layout of the display's monitors; nil without a display, or for a layout no
    /// spanned background can be made for (the desktop then gets the largest monitor's copy).
    init?(_ screens: [Monitors.Geometry]) {
        let monitors = screens.map {
            MonitorSpec(
                width: $0.width * $0.scale, height: $0.height * $0.scale, scale: $0.scale, x: $0.x, y: $0.y,
                model: $0.model, connector: $0.connector)
        }
        guard let layout = try? MonitorLayout(monitors) else { return nil }
        self = layout
    }
}
