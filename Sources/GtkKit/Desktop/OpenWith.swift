import CGtk
import Foundation

/// "Open With…" for a file, as GNOME's image viewer offers it: the OpenURI portal's OpenFile
/// with `ask`, so the desktop shows its own application chooser (and it works inside Flatpak);
/// without a portal, GTK's application chooser dialog, then the chosen application is launched.
@MainActor
public enum OpenWith {
    public enum Outcome: Equatable, Sendable {
        /// The portal took the file, or the chosen application was started.
        case opened
        case cancelled
        /// There was no portal: GTK's chooser is shown over the window instead.
        case chooserShown
        case failed(reason: String)
    }

    /// Asks which application should open the file at `path`; `completion` runs on the main
    /// thread once the portal answers, or (no portal) once the fallback chooser is shown and
    /// again when it is answered.
    public static func openFile(
        at path: String, over window: Window, completion: @escaping @MainActor (Outcome) -> Void
    ) {
        let failure = PortalRequest.sendFile(
            at: path, interface: "org.freedesktop.portal.OpenURI", method: "OpenFile", parent: window,
            timeLimit: PortalRequest.dialogTimeLimit,
            options: { [("ask", g_variant_new_boolean(1))] },
            completion: { [weak window] reply in
                switch reply {
                case .response(code: 0, _): completion(.opened)
                case .response(code: 1, _): completion(.cancelled)
                case .response, .timedOut: completion(.failed(reason: ""))
                case .noPortal:
                    guard let window, !window.isDestroyed else { return completion(.cancelled) }
                    showChooser(for: path, over: window, completion: completion)
                }
            })
        if let failure { completion(.failed(reason: failure)) }
    }

    /// GTK's own chooser (deprecated in 4.10 for GtkFileLauncher, which 4.8 does not have).
    private static func showChooser(
        for path: String, over window: Window, completion: @escaping @MainActor (Outcome) -> Void
    ) {
        let file = g_file_new_for_path(path)!
        let dialog = gtk_app_chooser_dialog_new(window.cast(), GTK_DIALOG_MODAL, file)!
        g_object_unref(UnsafeMutableRawPointer(file))
        Signal.connectInt(UnsafeMutableRawPointer(dialog), "response") { response in
            defer { gtk_window_destroy(UnsafeMutablePointer<GtkWindow>(OpaquePointer(dialog))) }
            guard response == GTK_RESPONSE_OK.rawValue,
                let info = gtk_app_chooser_get_app_info(OpaquePointer(dialog))
            else {
                return completion(.cancelled)
            }
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            completion(launch(info, path: path, display: gtk_widget_get_display(dialog)))
        }
        gtk_window_present(UnsafeMutablePointer<GtkWindow>(OpaquePointer(dialog)))
        completion(.chooserShown)
    }

    private static func launch(_ info: OpaquePointer, path: String, display: OpaquePointer?) -> Outcome {
        let file = g_file_new_for_path(path)
        let files = g_list_append(nil, UnsafeMutableRawPointer(file))
        let context = display.flatMap { gdk_display_get_app_launch_context($0) }
        var error: UnsafeMutablePointer<GError>?
        let launched = g_app_info_launch(
            info, files, context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) },
            &error)
        g_list_free(files)
        g_object_unref(UnsafeMutableRawPointer(file))
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard launched == 0 else { return .opened }
        let reason = error.map { String(cString: $0.pointee.message) } ?? ""
        g_clear_error(&error)
        return .failed(reason: reason)
    }

    /// The application choosers open now, by their heading (tests).
    public static var openChoosers: [Window] {
        var found: [Window] = []
        let toplevels = gtk_window_list_toplevels()
        var node = toplevels
        while let current = node {
            if let data = current.pointee.data,
                g_type_check_instance_is_a(
                    data.assumingMemoryBound(to: GTypeInstance.self), gtk_app_chooser_dialog_get_type()) != 0
            {
                found.append(Window(adopting: data.assumingMemoryBound(to: GtkWidget.self), application: nil))
            }
            node = current.pointee.next
        }
        g_list_free(toplevels)
        return found
    }
}
