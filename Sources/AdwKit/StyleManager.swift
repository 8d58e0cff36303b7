import CAdw
import GtkKit

/// Light or dark, as the app asks libadwaita's style manager for it.
public enum ColorScheme: Sendable, CaseIterable {
    /// The desktop's preference (the Settings portal's `color-scheme`); light where it has none.
    case followSystem
    case light
    case dark

    var adwaita: AdwColorScheme {
        switch self {
        case .followSystem: return ADW_COLOR_SCHEME_DEFAULT
        case .light: return ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: return ADW_COLOR_SCHEME_FORCE_DARK
        }
    }
}

/// The display's `AdwStyleManager`: which style every window is drawn in now (dark, high
/// contrast) and the app's own choice over the desktop's. Changes apply to open windows at once.
/// Needs libadwaita initialised (`Adwaita.initialize`, or an `AdwApplication` started).
@MainActor
public enum StyleManager {
    private static var manager: OpaquePointer { adw_style_manager_get_default() }

    /// The app's choice; `.followSystem` lets the desktop decide.
    public static var colorScheme: ColorScheme {
        get {
            switch adw_style_manager_get_color_scheme(manager) {
            case ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_PREFER_LIGHT: return .light
            case ADW_COLOR_SCHEME_FORCE_DARK: return .dark
            default: return .followSystem
            }
        }
        set { adw_style_manager_set_color_scheme(manager, newValue.adwaita) }
    }

    /// Whether windows are drawn dark now (the app's choice or the desktop's).
    public static var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    /// Whether the desktop asks for high contrast (the app cannot override it).
    public static var isHighContrast: Bool { adw_style_manager_get_high_contrast(manager) != 0 }

    /// Whether the desktop tells apps its colour scheme (otherwise "Follow System" is light).
    public static var systemSupportsColorSchemes: Bool {
        adw_style_manager_get_system_supports_color_schemes(manager) != 0
    }

    /// Calls `handler` whenever the style changes between light and dark or in and out of
    /// high contrast; the handler lives as long as the display.
    public static func onChange(_ handler: @escaping @MainActor () -> Void) {
        let instance = UnsafeMutableRawPointer(manager)
        Signal.connectPointer(instance, "notify::dark") { _ in handler() }
        Signal.connectPointer(instance, "notify::high-contrast") { _ in handler() }
    }
}
