import Foundation

/// Whether the app runs inside Flatpak or Snap. Only there do the desktop portals speak for the
/// user: for an app outside a sandbox, xdg-desktop-portal 1.16 grants the Background portal in
/// code without asking anyone, and portal-gnome 43 ignores where a background should go, so
/// outside the app asks itself and writes the desktop's settings itself.
enum Sandbox: Equatable, Sendable {
    case none
    case flatpak
    case snap

    var isSandboxed: Bool { self != .none }

    /// Flatpak puts `/.flatpak-info` in every sandbox; snapd sets `SNAP` for a snap's programs.
    static func detect(
        root: URL = URL(fileURLWithPath: "/"),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Sandbox {
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(".flatpak-info").path) { return .flatpak }
        if let snap = environment["SNAP"], !snap.isEmpty { return .snap }
        return .none
    }

    /// This process's sandbox, looked up once.
    static let current = detect()
}
