import APODCore
import AdwKit
import Foundation
import GtkKit

/// What the About window says: the app, what changed in this version (the metainfo's release
/// notes, so they are written once), credits, links, and debug information to paste into a
/// report. The debug information never holds the API key or an address's query.
@MainActor
enum About {
    static let homepage = "https://github.com/apodviewer/apod-viewer"
    static let issues = "https://github.com/apodviewer/apod-viewer/issues"

    static func details(services: ViewerServices?, metainfo: URL? = Metainfo.find()) -> AboutDetails {
        AboutDetails(
            applicationName: tr("APOD Viewer"),
            iconName: ViewerApplication.id,
            version: AppVersion.current,
            comments: tr(
                "NASA's Astronomy Picture of the Day on your desktop: any day since 1995, or a grid of random pictures."
            ),
            developerName: tr("The APOD Viewer contributors"),
            developers: [tr("The APOD Viewer contributors") + " " + homepage],
            credits: [
                (
                    tr("Pictures and explanations"),
                    [
                        tr("Astronomy Picture of the Day") + " https://apod.nasa.gov/apod/",
                        "Robert Nemiroff", "Jerry Bonnell",
                    ]
                )
            ],
            website: homepage,
            issueURL: issues,
            links: [
                (tr("Astronomy Picture of the Day"), "https://apod.nasa.gov/apod/"),
                (tr("APOD at science.nasa.gov"), "https://science.nasa.gov/apod/"),
            ],
            copyright: tr(
                "© The APOD Viewer contributors. The pictures belong to their authors, as credited with each."),
            releaseNotes: Metainfo.notes(for: AppVersion.current, in: metainfo),
            debugInfo: debugInfo(services: services),
            debugInfoFileName: "apod-viewer-debug-info.txt")
    }

    /// Versions, display and renderer, style, source and folders: what a bug report needs.
    static func debugInfo(
        services: ViewerServices?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        var lines = [
            "APOD Viewer \(AppVersion.current)",
            "GTK \(Gtk.version), libadwaita \(Adwaita.version), GLib \(Gtk.glibVersion)",
            "Display: \(environment["WAYLAND_DISPLAY"] != nil ? "Wayland" : "X11") (GDK_BACKEND=\(environment["GDK_BACKEND"] ?? "unset"))",
            "Renderer: \(rendererDescription(Gtk.rendererChoice))",
            "Style: \(StyleManager.isDark ? "dark" : "light")\(StyleManager.isHighContrast ? ", high contrast" : "")"
                + " (preference: \(services?.style.rawValue ?? StylePreference.followSystem.rawValue))",
            "Language: LANG=\(environment["LANG"] ?? "unset") LANGUAGE=\(environment["LANGUAGE"] ?? "unset")",
        ]
        if let configuration = services?.configuration {
            lines.append("Source: \(configuration.kind.rawValue) \(addressWithoutQuery(configuration.apiURL))")
            lines.append("Cache: \(configuration.cacheDirectory.path)")
        }
        return lines.joined(separator: "\n")
    }

    /// Which renderer draws the windows and why (`Gtk.chooseRenderer`).
    private static func rendererDescription(_ choice: RendererChoice?) -> String {
        switch choice {
        case .named(let name)?: return "\(name) (GSK_RENDERER)"
        case .cairoOverSoftwareGL(let gl)?: return "cairo (GL is software: \(gl))"
        case .gl(let gl)?: return "GL (\(gl))"
        case .noGL?: return "cairo (no GL)"
        case .cairoUntilProbed?: return "cairo (GL not loaded: probed after the first picture, for the next start)"
        case nil: return "not chosen yet"
        }
    }

    /// The address as configured, minus anything after `?` or `#` (where a key could be).
    private static func addressWithoutQuery(_ url: URL) -> String {
        String(url.absoluteString.prefix { $0 != "?" && $0 != "#" })
    }
}
