import AdwKit
import CGtk

/// The desktop's style as libadwaita reads it without a Settings portal: GNOME's settings
/// (`color-scheme`, `high-contrast`), in the memory backend `make test` uses, so a test can
/// switch them and put them back. libadwaita follows such changes live.
@MainActor
enum DesktopStyle {
    static func setPrefersDark(_ dark: Bool) {
        let settings = g_settings_new("org.gnome.desktop.interface")
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        g_settings_set_string(settings, "color-scheme", dark ? "prefer-dark" : "default")
    }

    static func setHighContrast(_ on: Bool) {
        let settings = g_settings_new("org.gnome.desktop.a11y.interface")
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        g_settings_set_boolean(settings, "high-contrast", on ? 1 : 0)
    }

    /// The desktop light and without high contrast, and the app following it, as every
    /// test starts.
    static func reset() {
        setPrefersDark(false)
        setHighContrast(false)
        StyleManager.colorScheme = .followSystem
    }
}
