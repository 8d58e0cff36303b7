import APODCore
import Foundation
import GtkKit

/// How the automatic background reaches the desktop. Outside a sandbox on GNOME the app sets
/// GNOME's own keys: portal-gnome 43 ignores the portal's `set-on`, so through it "Lock screen"
/// changed the desktop and the lock screen's key was never written. Elsewhere the Wallpaper
/// portal, which on GNOME can set only the desktop (the Preferences say so).
enum BackgroundRoute: Sendable {
    /// GNOME's settings written directly (`backend` nil: GSettings' default, dconf).
    case settings(backend: DesktopSettings.Backend?)
    /// The Wallpaper portal; `placesLockScreen` when the desktop's portal honours `set-on`.
    case portal(placesLockScreen: Bool)

    static let desktopSchema = "org.gnome.desktop.background"
    static let lockScreenSchema = "org.gnome.desktop.screensaver"

    /// Whether the lock screen can be chosen apart from the desktop.
    var placesLockScreen: Bool {
        switch self {
        case .settings: return true
        case .portal(let placesLockScreen): return placesLockScreen
        }
    }

    /// Whether one picture is spanned over every monitor (GNOME's `picture-options`); through
    /// the portal, which takes no placement, one picture is made for the largest monitor.
    var spansMonitors: Bool {
        if case .settings = self { return true }
        return false
    }

    /// Settings outside a sandbox on a GNOME session with GNOME's schemas installed; the
    /// portal otherwise, placing the lock screen except on GNOME.
    static func standard(
        sandbox: Sandbox, environment: [String: String] = ProcessInfo.processInfo.environment,
        schemasInstalled: () -> Bool = {
            DesktopSettings(schema: desktopSchema) != nil && DesktopSettings(schema: lockScreenSchema) != nil
        }
    ) -> BackgroundRoute {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        let isGNOME = desktops.contains("gnome")
        if !sandbox.isSandboxed, isGNOME, schemasInstalled() { return .settings(backend: nil) }
        return .portal(placesLockScreen: !isGNOME)
    }

    /// This process's route, worked out once.
    static let current = standard(sandbox: Sandbox.current)
}

/// GNOME's background keys, as GNOME Settings writes them: the desktop's `picture-uri` and
/// `picture-uri-dark` (shown in the dark style) with `picture-options`, and the lock screen's
/// `org.gnome.desktop.screensaver` `picture-uri` and `picture-options`. The picture is a file the
/// app keeps (`BackgroundHistory`), given as a `file://` URI.
@MainActor
enum GnomeBackgroundKeys {
    /// The background copy is made at the monitor's size, so zooming fills it exactly.
    static let pictureOptions = "zoom"
    /// A copy made for every monitor's layout (`SpannedComposer`) is stretched over them all.
    static let spannedPictureOptions = "spanned"

    /// Sets `file` where `placement` says; false when a schema is missing or a key refused.
    /// - Parameters:
    ///   - spanned: `file` covers every monitor's layout (the desktop's `spanned` placement).
    ///   - lockScreenFile: the lock screen's own picture (a spanned background's primary
    ///     monitor's); `file` when nil.
    static func set(
        _ file: URL, placement: DailySettings.Placement, backend: DesktopSettings.Backend?, spanned: Bool = false,
        lockScreenFile: URL? = nil
    ) -> Bool {
        let uri = file.absoluteURL.absoluteString
        var written = true
        if placement != .lockScreen {
            guard let desktop = DesktopSettings(schema: BackgroundRoute.desktopSchema, backend: backend) else {
                return false
            }
            written = desktop.set("picture-uri", uri) && written
            if desktop.hasKey("picture-uri-dark") { written = desktop.set("picture-uri-dark", uri) && written }
            written = desktop.set("picture-options", spanned ? spannedPictureOptions : pictureOptions) && written
        }
        if placement != .desktop {
            guard let lockScreen = DesktopSettings(schema: BackgroundRoute.lockScreenSchema, backend: backend) else {
                return false
            }
            let lockScreenURI = (lockScreenFile ?? file).absoluteURL.absoluteString
            written = lockScreen.set("picture-uri", lockScreenURI) && written
            let options = spanned && lockScreenFile == nil ? spannedPictureOptions : pictureOptions
            written = lockScreen.set("picture-options", options) && written
        }
        DesktopSettings.sync()
        return written
    }
}
