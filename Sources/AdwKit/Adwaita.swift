import CAdw
import GtkKit

/// Process-wide libadwaita setup, over GTK's.
@MainActor
public enum Adwaita {
    /// Initialises GTK and then libadwaita (its stylesheet, style manager and types); false when
    /// no display can be opened. `adw_init` calls `gtk_init`, which aborts without a display,
    /// so it only runs once GTK said yes. An `AdwApplication` does this again at start-up
    /// (harmless); widgets built before one starts (tests) get the library's style too.
    public static func initialize() -> Bool {
        guard Gtk.initialize() else { return false }
        adw_init()
        return true
    }

    /// The libadwaita the process runs with (`1.2.2`), for the About window's debug info.
    public static var version: String {
        "\(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version())"
    }
}

extension Application {
    /// An `AdwApplication`: a GtkApplication that also sets libadwaita up at start-up, so the
    /// style manager follows the desktop's colour scheme and high contrast (the Settings
    /// portal, or GNOME's settings without one) and loads the library's stylesheet.
    public static func adwaita(id: String, isService: Bool = false) -> Application {
        let application = adw_application_new(id, flags(isService: isService))!
        return Application(wrapping: UnsafeMutablePointer(OpaquePointer(application)))
    }
}
