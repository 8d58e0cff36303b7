import CGtk
import Foundation

/// Sets the desktop background through the XDG desktop portal
/// (`org.freedesktop.portal.Wallpaper.SetWallpaperFile`), which works the same on GNOME, KDE and
/// inside Flatpak, and lets the desktop show its own preview and confirmation. The call and its
/// `Response` go through `PortalRequest`.
@MainActor
public enum WallpaperPortal {
    /// What happened; the app words it for the user (in their language).
    public enum Outcome: Equatable, Sendable {
        case set
        case cancelled
        /// No session bus, or nothing on it offering the Wallpaper portal.
        case noPortal
        /// The picture file could not be opened; `reason` is the system's explanation.
        case unreadableFile(reason: String)
        /// The portal answered that the desktop could not set the background.
        case refused
        /// The desktop did not answer within `PortalRequest.timeLimit` (it never does when
        /// its access dialog is answered late); the request was closed.
        case timedOut
    }

    /// Where the picture goes: the portal's `set-on` option.
    public enum Placement: String, Sendable, CaseIterable {
        case desktop = "background"
        case lockScreen = "lockscreen"
        case both
    }

    /// Asks the desktop to use the file at `path` as background, lock screen or both; its
    /// preview and questions belong to `parent`. `completion` runs on the main thread exactly once.
    public static func setWallpaper(
        fileAt path: String, showPreview: Bool = true, placement: Placement = .both, parent: Window? = nil,
        completion: @escaping @MainActor (Outcome) -> Void
    ) {
        let failure = PortalRequest.sendFile(
            at: path, interface: "org.freedesktop.portal.Wallpaper", method: "SetWallpaperFile", parent: parent,
            timeLimit: showPreview ? PortalRequest.dialogTimeLimit : PortalRequest.timeLimit,
            options: {
                [
                    ("show-preview", g_variant_new_boolean(showPreview ? 1 : 0)),
                    ("set-on", g_variant_new_string(placement.rawValue)),
                ]
            },
            completion: { reply in
                switch reply {
                case .response(code: 0, _): completion(.set)
                case .response(code: 1, _): completion(.cancelled)
                case .response: completion(.refused)
                case .noPortal: completion(.noPortal)
                case .timedOut: completion(.timedOut)
                }
            })
        if let failure { completion(.unreadableFile(reason: failure)) }
    }
}
