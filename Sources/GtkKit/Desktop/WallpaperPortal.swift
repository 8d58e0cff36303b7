import CGtk
import Foundation

/// Sets the desktop background through the XDG desktop portal
/// (`org.freedesktop.portal.Wallpaper.SetWallpaperFile`), which works the same on GNOME, KDE and
/// inside Flatpak, and lets the desktop show its own preview and confirmation.
///
/// The portal answers in two steps: the method returns a request handle at once, and the user's
/// decision arrives later as a `Response` signal on that handle. The handle's path is predictable
/// from our bus name and a token, so we subscribe before calling and never miss a fast answer.
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
    }

    /// Where the picture goes: the portal's `set-on` option.
    public enum Placement: String, Sendable, CaseIterable {
        case desktop = "background"
        case lockScreen = "lockscreen"
        case both
    }

    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Wallpaper"

    /// Asks the desktop to use the file at `path` as background, lock screen or both.
    /// `completion` runs on the main thread exactly once.
    public static func setWallpaper(fileAt path: String, showPreview: Bool = true, placement: Placement = .both,
                                    completion: @escaping @MainActor (Outcome) -> Void) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            completion(.unreadableFile(reason: String(cString: strerror(errno))))
            return
        }
        let request = PortalRequest(fd: fd, showPreview: showPreview, placement: placement, completion: completion)
        g_bus_get(G_BUS_TYPE_SESSION, nil, { _, result, data in
            let request = Unmanaged<PortalRequest>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let connection = g_bus_get_finish(result, &error)
            MainActor.assumeIsolated {
                guard let connection else {
                    g_clear_error(&error)
                    request.finish(.noPortal)
                    return
                }
                request.send(on: connection)
                g_object_unref(UnsafeMutableRawPointer(connection))
            }
        }, Unmanaged.passRetained(request).toOpaque())
    }
}

/// One SetWallpaperFile call: owns the file descriptor until GDBus takes it, and the signal
/// subscription until the response arrives.
@MainActor
private final class PortalRequest {
    private var fd: Int32
    private let showPreview: Bool
    private let placement: WallpaperPortal.Placement
    private var completion: (@MainActor (WallpaperPortal.Outcome) -> Void)?
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    init(fd: Int32, showPreview: Bool, placement: WallpaperPortal.Placement,
         completion: @escaping @MainActor (WallpaperPortal.Outcome) -> Void) {
        self.fd = fd
        self.showPreview = showPreview
        self.placement = placement
        self.completion = completion
    }

    func send(on connection: OpaquePointer) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        let token = "apod_\(UInt32.random(in: 1...UInt32.max))"
        let handlePath = Self.requestPath(sender: String(cString: g_dbus_connection_get_unique_name(connection)),
                                          token: token)
        subscription = g_dbus_connection_signal_subscribe(
            connection, WallpaperPortal.busName, "org.freedesktop.portal.Request", "Response", handlePath,
            nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                let request = Unmanaged<PortalRequest>.fromOpaque(data!).takeUnretainedValue()
                let code = g_variant_get_uint32(g_variant_get_child_value(parameters, 0).map { child in
                    defer { g_variant_unref(child) }
                    return child
                })
                MainActor.assumeIsolated {
                    request.finish(code == 0 ? .set : code == 1 ? .cancelled : .refused)
                }
            }, Unmanaged.passRetained(self).toOpaque(), { data in
                Unmanaged<PortalRequest>.fromOpaque(data!).release()
            })

        let fdList = g_unix_fd_list_new_from_array(&fd, 1)  // takes ownership of the descriptor
        fd = -1
        let parameters = Self.parameters(token: token, showPreview: showPreview, placement: placement)
        g_dbus_connection_call_with_unix_fd_list(
            connection, WallpaperPortal.busName, WallpaperPortal.objectPath, WallpaperPortal.interface,
            "SetWallpaperFile", parameters, nil, G_DBUS_CALL_FLAGS_NONE, -1, fdList, nil,
            { source, result, data in
                let request = Unmanaged<PortalRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_with_unix_fd_list_finish(
                    OpaquePointer(source), nil, result, &error)
                MainActor.assumeIsolated {
                    if let reply {
                        g_variant_unref(reply)
                    } else {
                        // No portal on the bus (or no Wallpaper interface): say so instead of waiting.
                        g_clear_error(&error)
                        request.finish(.noPortal)
                    }
                }
            }, Unmanaged.passRetained(self).toOpaque())
        g_object_unref(UnsafeMutableRawPointer(fdList))
    }

    /// `(s h a{sv})`: no parent window, the first descriptor of the list, and the options.
    private static func parameters(token: String, showPreview: Bool,
                                   placement: WallpaperPortal.Placement) -> OpaquePointer {
        let dictionaryType = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(dictionaryType)
        g_variant_type_free(dictionaryType)
        func add(_ key: String, _ value: OpaquePointer) {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key),
                                                                          g_variant_new_variant(value)))
        }
        add("handle_token", g_variant_new_string(token))
        add("show-preview", g_variant_new_boolean(showPreview ? 1 : 0))
        add("set-on", g_variant_new_string(placement.rawValue))
        let options = g_variant_builder_end(builder)
        g_variant_builder_unref(builder)
        var children: [OpaquePointer?] = [g_variant_new_string(""), g_variant_new_handle(0), options]
        return g_variant_new_tuple(&children, 3)
    }

    /// The portal's documented request path: the unique name without ':' and with '.' as '_'.
    static func requestPath(sender: String, token: String) -> String {
        let name = sender.dropFirst(sender.hasPrefix(":") ? 1 : 0).replacingOccurrences(of: ".", with: "_")
        return "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
    }

    func finish(_ outcome: WallpaperPortal.Outcome) {
        if fd >= 0 { close(fd); fd = -1 }
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            subscription = 0
            g_object_unref(UnsafeMutableRawPointer(connection))
            self.connection = nil
        }
        let completion = self.completion
        self.completion = nil
        completion?(outcome)
    }
}
