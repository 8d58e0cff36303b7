import CGtk
import Foundation

extension Window {
    /// Asks where to save a file, starting with `suggestedName` in `folder` (when given);
    /// calls `completion` with the chosen path, or nil when cancelled. Native (portal) dialog
    /// when available. The labels come from the caller so they are translated with the rest
    /// of the app.
    public func chooseSaveLocation(
        title: String, suggestedName: String, in folder: String? = nil, acceptLabel: String, cancelLabel: String,
        completion: @escaping @MainActor (String?) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(
            title, cast(), GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, cancelLabel)!
        let native = UnsafeMutablePointer<GtkNativeDialog>(chooser)
        if let folder, let file = g_file_new_for_path(folder) {
            gtk_file_chooser_set_current_folder(chooser, file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        gtk_native_dialog_set_modal(native, 1)
        Signal.connectInt(UnsafeMutableRawPointer(chooser), "response") { response in
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                if let cPath = g_file_get_path(file) {
                    path = String(cString: cPath)
                    g_free(cPath)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            completion(path)
            g_object_unref(UnsafeMutableRawPointer(chooser))
        }
        gtk_native_dialog_show(native)
    }

    /// The user's Pictures folder as the desktop names it (`XDG_PICTURES_DIR`), else
    /// `~/Pictures` when it exists, else the home folder.
    public static var picturesFolder: String {
        if let named = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) { return String(cString: named) }
        let home = String(cString: g_get_home_dir())
        var isFolder: ObjCBool = false
        let pictures = home + "/Pictures"
        return FileManager.default.fileExists(atPath: pictures, isDirectory: &isFolder) && isFolder.boolValue
            ? pictures : home
    }
}
