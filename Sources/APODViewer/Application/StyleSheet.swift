import GtkKit

/// The app's few additions to libadwaita's style. The accent is libadwaita's darker blue
/// (`@blue_4` of its palette): on its default (`@blue_3`) white text measures 3.8:1, under
/// WCAG's 4.5:1, and suggested buttons carry words (Show, Shuffle, Next Day); it stays the same
/// in dark and high contrast, as libadwaita's own accent does. The main window's picture is a
/// flat button (so the keyboard can open it) that must not pad or tint the picture; fullscreen
/// shows the picture on black, as image viewers do, in every style; the batch's round buttons
/// keep off the picture's edge. GTK 4.8 shows no calendar marks (GtkKit's `Calendar` says
/// why), so a marked day's label carries the class `marked`: bold in `@accent_color`
/// (libadwaita's accent for text, lighter in dark), except the selected day, which keeps
/// libadwaita's white on accent with a white dot under its number; days outside the archive
/// are dimmed as the neighbouring months' are, and struck through. Everything else with a colour (info bars,
/// toasts, status pages) is libadwaita's, drawn from its named colours, so it follows dark and
/// high contrast. The one exception is a video day's placeholder: dark in every style, as a
/// video frame is, with white text (15:1 on its lightest part).
@MainActor
enum StyleSheet {
    static let css = """
        @define-color accent_bg_color @blue_4;
        button.picture-button { padding: 0; background: none; }
        button.picture-button:focus-visible { outline-offset: -2px; }
        .fullscreen-picture { background-color: black; }
        .slideshow-button { margin: 12px; }
        calendar > grid > label.day-number.marked { font-weight: bold; }
        calendar > grid > label.day-number.marked:not(:selected) { color: @accent_color; }
        calendar > grid > label.day-number.marked:selected { background-image: radial-gradient(circle 2px at 50% 85%, @accent_fg_color 99%, transparent 100%); }
        calendar > grid > label.day-number.outside-archive { text-decoration-line: line-through; }
        calendar > grid > label.day-number.outside-archive:not(:selected) { color: alpha(currentColor, 0.3); }
        .fullscreen-controls { margin: 12px; }
        .zoom-controls { border-radius: 9999px; padding: 2px; }
        .video-placeholder { background-image: linear-gradient(to bottom, @dark_3, @dark_4 70%, @dark_5); color: @light_1; }
        .video-placeholder-host { color: alpha(@light_1, 0.85); }
        """

    private static var isInstalled = false

    /// Adds the stylesheet once per process (the display outlives any one application).
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        Gtk.addStyleSheet(css)
    }
}
