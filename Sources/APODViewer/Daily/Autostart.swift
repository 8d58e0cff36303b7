import APODCore
import Foundation
import GtkKit

/// Starting at login, so the daily picture keeps working after a restart: through the
/// Background portal where the desktop does it, else an XDG autostart file
/// (`~/.config/autostart/io.github.apodviewer.APODViewer.desktop`). Only `BackgroundConsent`
/// asks for it, once the user agreed; nothing here runs by itself.
@MainActor
struct Autostart {
    static let commandLine = ["apod-viewer", "--background"]

    /// The XDG autostart folder.
    let folder: URL
    /// The program the autostart file runs, by absolute path (`~/.local/bin` is often not on
    /// the PATH of a session being started).
    let executable: String

    var file: URL { folder.appendingPathComponent("\(ViewerApplication.id).desktop") }

    /// The autostart folder beside the preferences file's folder (`$XDG_CONFIG_HOME/autostart`,
    /// else `~/.config/autostart`), running this very program.
    static func beside(_ store: SettingsStore) -> Autostart {
        let folder = store.fileURL.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("autostart", isDirectory: true)
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return Autostart(folder: folder, executable: executable)
    }

    /// The file's path as the user knows it, with `~` for the home folder.
    func displayPath(home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) -> String {
        Self.shortened(file.path, home: home)
    }

    /// The folder's path as the user knows it (`~/.config/autostart`): short enough for a
    /// sentence, where the whole file's path would break across lines anywhere.
    func displayFolder(home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) -> String {
        Self.shortened(folder.path, home: home)
    }

    private static func shortened(_ path: String, home: String) -> String {
        guard !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// Writes the autostart file; nil, or the problem worded for the user.
    func writeFile() -> String? {
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

    func removeFile() {
        try? FileManager.default.removeItem(at: file)
    }

    /// Withdraws the portal's autostart and removes the file.
    func withdraw() {
        BackgroundPortal.request(autostart: false, commandLine: Self.commandLine, reason: "") { _ in }
        removeFile()
    }

    /// The desktop entry spec's quoting for an Exec argument that needs it.
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { " \t\"'\\$`".contains($0) }) else { return path }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "`", with: "\\`").replacingOccurrences(of: "$", with: "\\$")
        return "\"\(escaped)\""
    }
}
