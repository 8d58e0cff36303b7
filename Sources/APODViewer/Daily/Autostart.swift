import APODCore
import Foundation
import GtkKit

/// Starting at login, so the daily picture keeps working after a restart. The desktop is asked
/// first through the Background portal (it may ask the user); where there is no portal, or it
/// cannot start unsandboxed apps, an XDG autostart file
/// (`~/.config/autostart/io.github.apodviewer.APODViewer.desktop`) does the same.
@MainActor
struct Autostart {
    static let commandLine = ["apod-viewer", "--background"]

    /// The XDG autostart folder.
    let folder: URL
    /// The program the autostart file runs, by absolute path (`~/.local/bin` is often not on
    /// the PATH of a session being started).
    let executable: String

    var file: URL { folder.appendingPathComponent("\(ViewerApplication.id).desktop") }

    /// `$XDG_CONFIG_HOME/autostart`, else `~/.config/autostart`.
    static func folder(environment: [String: String]) -> URL {
        SettingsStore(environment: environment).fileURL
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("autostart", isDirectory: true)
    }

    /// Asks to start at login; `completion` gets nil, or a problem worded for the user.
    func enable(completion: @escaping @MainActor (String?) -> Void) {
        BackgroundPortal.request(autostart: true, commandLine: Self.commandLine,
                                 reason: tr("Set the Astronomy Picture of the Day as your background each day.")) { outcome in
            switch outcome {
            case .granted(autostart: true):
                removeFile()
                completion(nil)
            case .denied:
                removeFile()
                completion(tr("The desktop did not allow APOD Viewer to run in the background. It will look for new pictures only while it is open."))
            case .granted(autostart: false), .noPortal:
                completion(writeFile())
            }
        }
    }

    /// Withdraws the portal's autostart and removes the file.
    func disable() {
        BackgroundPortal.request(autostart: false, commandLine: Self.commandLine, reason: "") { _ in }
        removeFile()
    }

    private func writeFile() -> String? {
        let text = """
        [Desktop Entry]
        Type=Application
        Name=APOD Viewer
        Comment=\(tr("Looks for the new Astronomy Picture of the Day"))
        Exec=\(Self.quoted(executable)) --background
        Icon=\(ViewerApplication.id)
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
        do {
            try AtomicFile.write(Data(text.utf8), to: file)
            return nil
        } catch {
            return userMessage(for: APODError.cannotWriteFile(path: file.path))
        }
    }

    private func removeFile() {
        try? FileManager.default.removeItem(at: file)
    }

    /// The desktop entry spec's quoting for an Exec argument that needs it.
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { " \t\"'\\$`".contains($0) }) else { return path }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "`", with: "\\`").replacingOccurrences(of: "$", with: "\\$")
        return "\"\(escaped)\""
    }
}
