import Foundation
import XCTest

extension GUITestCase {
    /// Whether GTK in this process goes through the desktop portals, as it does in a sandbox
    /// (`GDK_DEBUG=portals`, which GTK 4.8 reads once, in `gtk_init`).
    static var usesDesktopPortals: Bool {
        (ProcessInfo.processInfo.environment["GDK_DEBUG"] ?? "")
            .split(whereSeparator: { ":;, \t".contains($0) }).contains { $0.lowercased() == "portals" }
    }

    /// Runs `body` where GTK uses the desktop portals (GtkFileChooserNative asks
    /// `org.freedesktop.portal.FileChooser`). Every other GUI test needs GTK's own in-process
    /// dialogs, and GTK decides once per process: so unless this process already uses the
    /// portals, the test runs again, alone, in a child process with `GDK_DEBUG=portals` on the
    /// same bus and display, and passes here when it passed there.
    func withDesktopPortals(
        _ function: String = #function, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> Void
    ) throws {
        if Self.usesDesktopPortals { return try body() }
        var environment = ProcessInfo.processInfo.environment
        environment["GDK_DEBUG"] = [environment["GDK_DEBUG"], "portals"].compactMap { $0 }.joined(separator: ",")
        try runAloneInChildProcess(function, environment: environment, file: file, line: line)
    }
}
