import APODCore
import Foundation
import GtkKit

/// Starting at login, so the daily picture keeps working after a restart: through the
/// Background portal in a sandbox, else an XDG autostart file of the app's own
/// (`~/.config/autostart/io.github.apodviewer.APODViewer.desktop`: named, with GNOME's autostart
/// keys and a `TryExec`, so a login after the package was removed does not try to run a missing
/// program). Only `BackgroundConsent` asks for it, once the user agreed; nothing here runs by
/// itself.
@MainActor
struct Autostart {
    static let commandLine = ["apod-viewer", "--background"]
    /// Seconds GNOME waits after login before starting the app: the first check is not urgent.
    static let delaySeconds = 20

    /// The XDG autostart folder.
    let folder: URL
    /// The program the autostart file runs, by absolute path (`~/.local/bin` is often not on
    /// the PATH of a session being started).
    let executable: String

    var file: URL { folder.appendingPathComponent("\(ViewerApplication.id).desktop") }

    /// What xdg-desktop-portal writes for an unsandboxed app (whose app ID is empty) asking to
    /// start at login: a hidden file with an empty `Name=`.
    var portalItem: URL { folder.appendingPathComponent(".desktop") }

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
            TryExec=\(Self.quoted(executable))
            Icon=\(ViewerApplication.id)
            Terminal=false
            NoDisplay=true
            X-GNOME-Autostart-enabled=true
            X-GNOME-Autostart-Delay=\(Self.delaySeconds)

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

    /// Removes the portal's nameless login item when it runs this app: an earlier version asked
    /// the portal, which wrote it without asking the user. One that runs another program (every
    /// unsandboxed app shares the name) stays, and so does anything but a small regular file.
    func removePortalItem() {
        let path = portalItem.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= 64 * 1024,
            let text = try? String(contentsOf: portalItem, encoding: .utf8),
            Self.runsThisApp(text)
        else { return }
        try? FileManager.default.removeItem(at: portalItem)
    }

    /// Whether a desktop entry's `Exec=` runs `apod-viewer`.
    static func runsThisApp(_ desktopEntry: String) -> Bool {
        desktopEntry.split(whereSeparator: \.isNewline).contains { line in
            guard line.hasPrefix("Exec=") else { return false }
            let program = line.dropFirst("Exec=".count).split(separator: " ").first.map(String.init) ?? ""
            let name = program.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return URL(fileURLWithPath: name).lastPathComponent == commandLine[0]
        }
    }

    /// Tells the desktop (a sandbox's portal) not to start the app at login any more.
    func withdrawFromPortal() {
        BackgroundPortal.request(autostart: false, commandLine: Self.commandLine, reason: "") { _ in }
    }

    /// The desktop entry spec's quoting for an Exec argument that needs it.
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { " \t\"'\\$`".contains($0) }) else { return path }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "`", with: "\\`").replacingOccurrences(of: "$", with: "\\$")
        return "\"\(escaped)\""
    }
}
