import APODCore
import AdwKit

/// Preferences → Style applied to libadwaita's style manager: every open window follows at once.
@MainActor
enum Appearance {
    static func apply(_ style: StylePreference) {
        StyleManager.colorScheme = colorScheme(for: style)
    }

    static func colorScheme(for style: StylePreference) -> ColorScheme {
        switch style {
        case .followSystem: return .followSystem
        case .light: return .light
        case .dark: return .dark
        }
    }
}
