import CGtk
import Foundation

/// Process-wide GTK setup and main-loop stepping.
@MainActor
public enum Gtk {
    private static var initialized: Bool?

    /// Initialises GTK once; false when no display can be opened (headless CI without Xvfb).
    /// The answer is remembered: calling `gtk_init_check` again after a failure crashes.
    ///
    /// - Parameter disablingGL: GDK is initialised with `GDK_DEBUG=gl-disable` (added to what the
    ///   variable holds), so on X11 it does not load GL when it opens the display (~50 ms and
    ///   ~58 MB under Mesa's software GL), for this call only: the variable is restored after
    ///   it, so the programs the app starts (a browser) never inherit it.
    public static func initialize(disablingGL: Bool = false) -> Bool {
        if let initialized { return initialized }
        let debug = g_getenv("GDK_DEBUG").map { String(cString: $0) }
        if disablingGL { g_setenv("GDK_DEBUG", debugFlags(adding: "gl-disable", to: debug), 1) }
        let result = gtk_init_check() != 0
        if disablingGL {
            if let debug { g_setenv("GDK_DEBUG", debug, 1) } else { g_unsetenv("GDK_DEBUG") }
        }
        initialized = result
        return result
    }

    /// `GDK_DEBUG`'s value with `flag` added to the flags `current` holds (comma-separated).
    public nonisolated static func debugFlags(adding flag: String, to current: String?) -> String {
        let flags = (current ?? "").split(whereSeparator: { ",: ".contains($0) }).map(String.init)
        return (flags.contains(flag) ? flags : flags + [flag]).joined(separator: ",")
    }

    /// The GTK and GLib the process runs with (`4.8.3`, `2.74.6`), for debug information.
    public static var version: String {
        "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
    }

    public static var glibVersion: String { "\(glib_major_version).\(glib_minor_version).\(glib_micro_version)" }

    /// Stops GTK from selecting a selectable label's whole text whenever it gets the focus
    /// (it does on every window open), which looks like a stray highlight.
    public static func disableLabelSelectOnFocus() {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, apod_type_boolean())
        g_value_set_boolean(&value, 0)
        g_object_set_property(
            UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-label-select-on-focus", &value
        )
        g_value_unset(&value)
    }

    /// Lets the icon theme find icons in `folder` (a `hicolor/…/apps` tree) too: the app's own
    /// icon when it runs from the source tree rather than installed.
    public static func addIconSearchPath(_ folder: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), folder)
    }

    /// Whether the display's icon theme has an icon named `name` (the app's own, say).
    public static func iconThemeHasIcon(_ name: String) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        return gtk_icon_theme_has_icon(gtk_icon_theme_get_for_display(display), name) != 0
    }

    /// Adds `css` over the theme for every window on the display (an app's own stylesheet).
    public static func addStyleSheet(_ css: String) {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// The icon every window shows (title bars, task switchers).
    public static func setDefaultWindowIcon(_ name: String) {
        gtk_window_set_default_icon_name(name)
    }

    /// Loads and initializes the display's OpenGL (driver, context), which GTK otherwise does
    /// while realizing the first window: under software GL that alone is ~60 ms of main-thread
    /// CPU, so doing it in an iteration of its own keeps it out of the window's. Harmless
    /// without GL (the renderer then falls back as it would anyway).
    public static func prepareGraphics() {
        guard let display = gdk_display_get_default() else { return }
        var error: UnsafeMutablePointer<GError>?
        if gdk_display_prepare_gl(display, &error) == 0 { g_clear_error(&error) }
    }

    /// Titles of every open toplevel window, dialogs included (tests).
    public static var toplevelTitles: [String] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        return visibleTitles(of: list)
    }

    /// Titles of the visible windows in `list` (a GList of GtkWindow).
    package static func visibleTitles(of list: UnsafeMutablePointer<GList>?) -> [String] {
        var titles: [String] = []
        var node = list
        while let current = node {
            let window = current.pointee.data.assumingMemoryBound(to: GtkWindow.self)
            if gtk_widget_get_visible(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)) != 0 {
                titles.append(gtk_window_get_title(window).map { String(cString: $0) } ?? "")
            }
            node = current.pointee.next
        }
        return titles
    }

    /// Runs one main-loop step without blocking; false when nothing was pending.
    @discardableResult
    public static func iterateOnce() -> Bool {
        g_main_context_iteration(nil, 0) != 0
    }

    /// Runs pending main-loop work without blocking.
    public static func iterate() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// Iterates the main loop until `condition` holds or `timeout` passes; returns whether it held.
    /// Tests use this instead of `g_application_run` so they can inspect the UI between steps.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
        return true
    }
}
