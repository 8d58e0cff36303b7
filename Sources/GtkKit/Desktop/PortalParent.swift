import CGtk
import Foundation

/// The window a portal's dialog belongs to, named as the portal documents it: `x11:XID` on
/// X11, `wayland:HANDLE` on Wayland (an xdg-foreign export, withdrawn by `release()` once the
/// request ended), "" without a window or when the window is not shown. With "" the desktop
/// shows its dialog as a separate "Portal" application.
@MainActor
final class PortalParent {
    let handle: String
    /// The Wayland surface exported for this request, referenced until `release()`.
    private var exported: OpaquePointer?

    static let none = PortalParent(handle: "", exported: nil)

    private init(handle: String, exported: OpaquePointer?) {
        self.handle = handle
        self.exported = exported
    }

    /// Names `window` for a portal; `body` runs once: at once on X11 or without a window,
    /// once the compositor answered the export on Wayland.
    static func resolve(_ window: Window?, _ body: @escaping @MainActor (PortalParent) -> Void) {
        guard let window, !window.isDestroyed,
            let native = gtk_widget_get_native(window.widgetPointer),
            let surface = gtk_native_get_surface(native)
        else { return body(.none) }
        let xid = apod_surface_xid(surface)
        if xid != 0 { return body(PortalParent(handle: "x11:" + String(xid, radix: 16), exported: nil)) }
        let box = Unmanaged.passRetained(Export(surface: surface, body: body)).toOpaque()
        let exporting = apod_surface_export_wayland(
            surface,
            { _, handle, data in
                let export = Unmanaged<Export>.fromOpaque(data!).takeUnretainedValue()
                let name = handle.map { String(cString: $0) } ?? ""
                MainActor.assumeIsolated { export.exported(name) }
            }, box,
            { data in
                let export = Unmanaged<Export>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { export.exported("") }
            })
        if exporting == 0 {
            Unmanaged<Export>.fromOpaque(box).release()
            body(.none)
        }
    }

    /// The request ended: a Wayland export is withdrawn.
    func release() {
        guard let exported else { return }
        apod_surface_unexport_wayland(exported)
        g_object_unref(UnsafeMutableRawPointer(exported))
        self.exported = nil
    }

    /// A Wayland export under way: the surface and who waits for its handle. GDK drops the
    /// export (and this) when the surface goes first; then the request goes without a parent.
    @MainActor
    private final class Export {
        let surface: OpaquePointer
        var body: (@MainActor (PortalParent) -> Void)?

        init(surface: OpaquePointer, body: @escaping @MainActor (PortalParent) -> Void) {
            self.surface = surface
            self.body = body
        }

        func exported(_ handle: String) {
            guard let body else { return }
            self.body = nil
            if handle.isEmpty {
                body(.none)
            } else {
                g_object_ref(UnsafeMutableRawPointer(surface))
                body(PortalParent(handle: "wayland:" + handle, exported: surface))
            }
        }
    }
}
