import Foundation

/// Finds the app's icons in the source tree (`data/icons`, a `hicolor/…` tree) for a program
/// run from its build folder (`make run`), where the icon theme has not got them: installed,
/// they are in the theme. Looked for above the program (a build inside the package) and in
/// the package this file was compiled from, never beside a sample `APOD_SAMPLE_DIR` points at
/// (any folder of pictures).
public enum IconLocator {
    /// The `data/icons` folder holding `hicolor/scalable/apps/<id>.svg`, or nil.
    public static func sourceTreeIcons(appID: String) -> URL? {
        var folders: [URL] = []
        if var folder = XDGFolders.programFolder {
            for _ in 0..<5 {
                folders.append(folder.appendingPathComponent("data/icons", isDirectory: true))
                folder = folder.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent("data/icons", isDirectory: true))
        return folders.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("hicolor/scalable/apps/\(appID).svg").path)
        }
    }
}
