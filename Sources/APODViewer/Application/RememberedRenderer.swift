import APODCore
import Foundation
import GtkKit

#if canImport(Glibc)
    import Glibc
#endif

/// The renderer an earlier run drew with (`RendererRecord`), read before GTK starts: a valid
/// record stands in for the GL probe, and when cairo drew, GDK is initialised without GL, which
/// on X11 it would otherwise load while opening the display (docs/performance.md, "Renderer").
/// A `GSK_RENDERER` the user set wins: no record is read then, and none is written.
struct RememberedRenderer: Sendable {
    let file: URL
    /// The record found at start, when it is valid for this display and these libraries.
    let record: RendererRecord?
    private let libraries: [String]

    init(environment: [String: String], now: Date = Date(), libraries: [String] = RememberedRenderer.libraryFiles()) {
        file = RendererRecord.file(environment: environment)
        self.libraries = libraries
        let named = environment["GSK_RENDERER"].map { !$0.isEmpty } ?? false
        guard !named, let display = Self.displayName(environment: environment) else {
            record = nil
            return
        }
        let fingerprint = Self.fingerprint(displayName: display, libraries: libraries)
        record = RendererRecord.load(from: file).flatMap { $0.isValid(for: fingerprint, at: now) ? $0 : nil }
    }

    /// Whether GTK starts without GL: the record says cairo drew.
    var disablesGL: Bool { record?.drewWithCairo ?? false }

    /// The choice the record stands for, without a probe.
    var choice: RendererChoice? {
        guard let record else { return nil }
        guard let gl = record.glRenderer else { return .noGL }
        return RendererChoice.isSoftware(gl) ? .cairoOverSoftwareGL(gl) : .gl(gl)
    }

    /// The record to keep after a start that probed (`choice`), whose main window GTK drew with
    /// `renderer` on the display `displayName`; nil when nothing new was learnt: the choice was
    /// remembered (the record keeps its date, so it is probed again within a week) or named.
    func record(
        after choice: RendererChoice, remembered: Bool, renderer: String?, displayName: String?, now: Date = Date()
    ) -> RendererRecord? {
        guard !remembered, let renderer, let displayName else { return nil }
        let gl: String?
        switch choice {
        case .named: return nil
        case .noGL: gl = nil
        case .gl(let name), .cairoOverSoftwareGL(let name): gl = name
        }
        return RendererRecord(
            fingerprint: Self.fingerprint(displayName: displayName, libraries: libraries), renderer: renderer,
            glRenderer: gl, written: now)
    }

    /// The display GDK will open, named as `gdk_display_get_name` names it: `GDK_BACKEND`'s
    /// first backend, else Wayland when `WAYLAND_DISPLAY` is set, else X11's `DISPLAY`. A wrong
    /// guess only makes the fingerprint differ, so the start probes.
    static func displayName(environment: [String: String]) -> String? {
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let backend = nonEmpty("GDK_BACKEND")?.split(separator: ",").first.map(String.init)
        let wayland = backend == "wayland" || (backend == nil || backend == "*") && nonEmpty("WAYLAND_DISPLAY") != nil
        return wayland ? nonEmpty("WAYLAND_DISPLAY") ?? "wayland-0" : nonEmpty("DISPLAY")
    }

    /// The display's name and each library file's modification time (`-` when absent), one a line.
    static func fingerprint(displayName: String, libraries: [String]) -> String {
        (["display \(displayName)"] + libraries.map { "\($0) \(modificationTime(of: $0).map(String.init) ?? "-")" })
            .joined(separator: "\n")
    }

    /// GTK's library as this process mapped it, and Mesa's GL libraries and driver folder beside
    /// it: an upgrade of either replaces them (the `dri` folder's time changes as its drivers are
    /// renamed into place).
    static func libraryFiles() -> [String] {
        // Read to the end: procfs gives the file no size, and a read by size gets nothing.
        let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
        let maps = String(decoding: data, as: UTF8.self)
        guard let line = maps.split(separator: "\n").first(where: { $0.contains("/libgtk-4.so") }),
            let slash = line.firstIndex(of: "/")
        else { return [] }
        let gtk = String(line[slash...])
        let folder = (gtk as NSString).deletingLastPathComponent
        return [gtk] + ["libGLX_mesa.so.0", "libEGL_mesa.so.0", "dri"].map { folder + "/" + $0 }
    }

    private static func modificationTime(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_mtim.tv_sec)
    }
}
