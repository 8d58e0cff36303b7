import APODCore
import Foundation
import GtkKit

#if canImport(Glibc)
    import Glibc
#endif

/// The renderer GTK is to draw with, known before GTK starts from what a probe found earlier
/// (`RendererRecord`), so GDK is initialised without GL whenever cairo will draw: on X11 GDK
/// would otherwise load GL while opening the display, ~58 MB and ~50 ms under Mesa's software GL
/// (docs/performance.md, "Renderer"). The probe itself never runs in the viewer: when there is no
/// record for this display and these libraries (a first start, a GTK or Mesa upgrade), the start
/// draws with cairo without GL and, once its first picture is on screen, a child process
/// (`apod-viewer --probe-renderer`) makes a GL context and writes the record for the next start;
/// a record older than a week is still used, and probed again the same way.
/// A `GSK_RENDERER` the user set wins: no record is read, GL stays, and nothing is probed.
struct RememberedRenderer: Sendable {
    /// The hidden option of the probing child.
    static let probeOption = "--probe-renderer"

    let file: URL
    /// The record for this display and these libraries, however old.
    let record: RendererRecord?
    /// Whether the start runs the probe after its first picture: no record, or one a week old.
    let needsProbe: Bool
    /// `GSK_RENDERER` names a renderer.
    let isNamed: Bool
    private let libraries: [String]

    init(environment: [String: String], now: Date = Date(), libraries: [String] = RememberedRenderer.libraryFiles()) {
        file = RendererRecord.file(environment: environment)
        self.libraries = libraries
        isNamed = environment["GSK_RENDERER"].map { !$0.isEmpty } ?? false
        guard !isNamed, let display = Self.displayName(environment: environment) else {
            record = nil
            needsProbe = false
            return
        }
        let fingerprint = Self.fingerprint(displayName: display, libraries: libraries)
        let found = RendererRecord.load(from: file).flatMap { $0.fingerprint == fingerprint ? $0 : nil }
        record = found
        needsProbe = !(found?.isValid(for: fingerprint, at: now) ?? false)
    }

    /// Whether GTK starts without GL: cairo drew last time, or nothing is known yet.
    var disablesGL: Bool { !isNamed && (record?.drewWithCairo ?? true) }

    /// The choice made without probing: the record's, or cairo until the probe has run; nil
    /// when `GSK_RENDERER` decides.
    var choice: RendererChoice? {
        guard !isNamed else { return nil }
        guard let record else { return .cairoUntilProbed }
        guard let gl = record.glRenderer else { return .noGL }
        return RendererChoice.isSoftware(gl) ? .cairoOverSoftwareGL(gl) : .gl(gl)
    }

    /// What the probe found (`choice`, made with GL on the display `displayName`) as the record
    /// to keep: cairo draws over software GL and without GL, GTK's GL renderer on a GPU.
    func record(probed choice: RendererChoice, displayName: String, now: Date = Date()) -> RendererRecord? {
        let gl: String?
        let renderer: String
        switch choice {
        case .named, .cairoUntilProbed: return nil
        case .noGL: (gl, renderer) = (nil, "GskCairoRenderer")
        case .cairoOverSoftwareGL(let name): (gl, renderer) = (name, "GskCairoRenderer")
        case .gl(let name): (gl, renderer) = (name, "GskGLRenderer")
        }
        return RendererRecord(
            fingerprint: Self.fingerprint(displayName: displayName, libraries: libraries), renderer: renderer,
            glRenderer: gl, written: now)
    }

    /// The probing child's work: GTK with GL, one GL context, the record written. Returns the
    /// exit status (1 without a display or a record).
    @MainActor
    static func probe(environment: [String: String]) -> Int32 {
        guard Gtk.initialize(), let display = Gtk.displayName else { return 1 }
        let memory = RememberedRenderer(environment: environment)
        let choice = Gtk.chooseRenderer()
        guard let record = memory.record(probed: choice, displayName: display) else { return 1 }
        return (try? record.save(to: memory.file)) == nil ? 1 : 0
    }

    /// Runs the probe in a child process and waits for it, off the main thread: the child
    /// inherits the environment but the trace, and says nothing.
    static func runProbe() {
        guard let program = Bundle.main.executableURL else { return }
        let child = Process()
        child.executableURL = program
        child.arguments = [probeOption]
        var environment = ProcessInfo.processInfo.environment
        environment["APOD_TRACE"] = nil
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        guard (try? child.run()) != nil else { return }
        child.waitUntilExit()
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

extension ViewerLauncher {
    /// Starts GTK and chooses the renderer as the viewer's start does (`RememberedRenderer`:
    /// without GL until a probe found a GPU), so `apod-bench` measures what users run; nil
    /// without a display.
    @MainActor
    public static func initializeGTKAsTheViewerDoes(environment: [String: String]) -> RendererChoice? {
        let renderer = RememberedRenderer(environment: environment)
        guard Gtk.initialize(disablingGL: renderer.disablesGL) else { return nil }
        return Gtk.chooseRenderer(known: renderer.choice)
    }
}
