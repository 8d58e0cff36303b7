import CGtk
import Foundation

/// Asks the desktop to let the application run in the background and to start it at login
/// (`org.freedesktop.portal.Background.RequestBackground`, sent as a `PortalRequest`).
@MainActor
public enum BackgroundPortal {
    public enum Outcome: Equatable, Sendable {
        /// The desktop agreed; `autostart` says whether it will start the app at login.
        case granted(autostart: Bool)
        /// The user said no.
        case denied
        /// No portal on the session bus, or it could not handle the request (unsandboxed apps
        /// on some desktops): the caller manages an autostart file itself.
        case noPortal
        /// The desktop did not answer within `PortalRequest.timeLimit`; nothing was allowed.
        case timedOut
    }

    /// - Parameters:
    ///   - autostart: start at login (false withdraws an earlier request).
    ///   - commandLine: what the desktop runs at login, e.g. `["apod-viewer", "--background"]`.
    ///   - parent: the window the desktop's question belongs to.
    ///   - completion: runs on the main thread exactly once.
    public static func request(
        autostart: Bool, commandLine: [String], reason: String, parent: Window? = nil,
        completion: @escaping @MainActor (Outcome) -> Void
    ) {
        PortalRequest.send(
            interface: "org.freedesktop.portal.Background", method: "RequestBackground", parent: parent,
            options: {
                [
                    ("reason", g_variant_new_string(reason)),
                    ("autostart", g_variant_new_boolean(autostart ? 1 : 0)),
                    ("commandline", strv(commandLine)),
                    ("dbus-activatable", g_variant_new_boolean(0)),
                ]
            },
            completion: { reply in
                switch reply {
                case .response(code: 0, booleans: let results):
                    completion(.granted(autostart: results["autostart"] ?? false))
                case .response(code: 1, _): completion(.denied)
                case .response, .noPortal: completion(.noPortal)
                case .timedOut: completion(.timedOut)
                }
            })
    }

    private static func strv(_ strings: [String]) -> OpaquePointer {
        var copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_variant_new_strv($0, gssize(buffer.count))
            }
        }!
    }
}
