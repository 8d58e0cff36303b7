import GtkKit

/// The app's few additions to the theme. The main window's picture is a flat button (so the
/// keyboard can open it) that must not pad or tint the picture. GTK 4.8's default theme paints every info bar the
/// same beige, so an error, a warning and the offline notice would look alike: each gets a tint
/// of its own, mixed from the theme's named colours so a dark theme stays dark. Its toast bubble
/// is see-through enough that the explanation under it showed through the message.
@MainActor
enum StyleSheet {
    static let css = """
        button.picture-button { padding: 0; background: none; }
        button.picture-button:focus-visible { outline-offset: -2px; }
        infobar.error > revealer > box {
            background-color: mix(@theme_bg_color, @error_color, 0.16);
            border-bottom: 1px solid alpha(@error_color, 0.5);
        }
        infobar.error image { color: @error_color; }
        infobar.warning > revealer > box {
            background-color: mix(@theme_bg_color, @warning_color, 0.18);
            border-bottom: 1px solid alpha(@warning_color, 0.5);
        }
        infobar.warning image { color: @warning_color; }
        infobar.info > revealer > box {
            background-color: mix(@theme_bg_color, @theme_selected_bg_color, 0.14);
            border-bottom: 1px solid alpha(@theme_selected_bg_color, 0.5);
        }
        infobar.info image { color: @theme_selected_bg_color; }
        .fullscreen-picture { background-color: black; }
        .slideshow-button { margin: 12px; }
        .app-notification { background-color: alpha(#242424, 0.95); }
        """

    private static var isInstalled = false

    /// Adds the stylesheet once per process (the display outlives any one application).
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        Gtk.addStyleSheet(css)
    }
}
