import CEpoxy
import CGtk

/// Which renderer draws the app's windows: GTK's GL renderer on a GPU, cairo when GL would be
/// drawn in software.
///
/// GTK 4.8 draws with GL whenever a GL context can be made, even when Mesa makes it on the CPU
/// (llvmpipe: virtual machines, remote desktops, machines without a GPU driver). There every
/// frame redraws the whole window through JIT-compiled shaders on the cores the app decodes
/// with, and llvmpipe's threads and buffers add ~70 MB; cairo draws the same windows several
/// times faster (docs/performance.md, "Renderer"). GTK 4.14 makes the same choice itself.
public enum RendererChoice: Equatable, Sendable {
    /// `GSK_RENDERER` names a renderer: GTK honours it, nothing is decided here.
    case named(String)
    /// GL runs in software (the GL renderer string): cairo draws instead.
    case cairoOverSoftwareGL(String)
    /// GL runs on a GPU (the GL renderer string): GTK's default GL renderer draws.
    case gl(String)
    /// No GL context could be made: GTK falls back to cairo by itself.
    case noGL
    /// GL is not loaded until a probe has said what it is (made elsewhere): cairo draws.
    case cairoUntilProbed

    /// The decision, from `GSK_RENDERER` (nil or empty: not set) and, only when it is not set,
    /// the GL renderer string `probeGL` reads (nil: no GL).
    public static func decide(gskRenderer: String?, probeGL: () -> String?) -> RendererChoice {
        if let gskRenderer, !gskRenderer.isEmpty { return .named(gskRenderer) }
        guard let renderer = probeGL() else { return .noGL }
        return isSoftware(renderer) ? .cairoOverSoftwareGL(renderer) : .gl(renderer)
    }

    /// Whether a GL_RENDERER string names a rasterizer running on the CPU: Mesa's llvmpipe,
    /// softpipe and swrast ("Software Rasterizer"), also under zink ("zink (llvmpipe …)") or
    /// over lavapipe. GPU drivers built with LLVM say "LLVM" but never "llvmpipe".
    public static func isSoftware(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"].contains { name.contains($0) }
    }

    /// A short name for traces and logs: `cairo (over llvmpipe …)`, `gl (…)`, `GSK_RENDERER=…`.
    public var traceName: String {
        switch self {
        case .named(let name): return "GSK_RENDERER=\(name)"
        case .cairoOverSoftwareGL(let renderer): return "cairo (over \(renderer))"
        case .gl(let renderer): return "gl (\(renderer))"
        case .noGL: return "cairo (no GL)"
        case .cairoUntilProbed: return "cairo (GL not loaded until probed)"
        }
    }

    /// Whether the windows are drawn with cairo because of this choice.
    public var drawsWithCairo: Bool {
        switch self {
        case .cairoOverSoftwareGL, .cairoUntilProbed: return true
        case .named, .gl, .noGL: return false
        }
    }
}

extension Gtk {
    /// The choice made for this process, once `chooseRenderer` has run.
    public private(set) static var rendererChoice: RendererChoice?

    /// Chooses the renderer for every window of the default display, once per process: call it
    /// after `initialize` and before any window is realized (GTK creates a window's renderer
    /// when realizing it). Costs one small GL context (~10 ms of CPU and 3 MB measured under
    /// Xvfb) when `GSK_RENDERER` is not set; GDK has already loaded GL by then on X11.
    ///
    /// Cairo is set through the display's "gsk-renderer" data, which GTK reads first for every
    /// new window (the GTK inspector uses it too): unlike setting `GSK_RENDERER` in the
    /// environment, nothing leaks into programs the app starts (a browser for a link).
    ///
    /// - Parameter known: the choice made before GTK started (what an earlier probe found):
    ///   taken as it is, without making a GL context (a `GSK_RENDERER` still wins).
    @discardableResult
    public static func chooseRenderer(known: RendererChoice? = nil) -> RendererChoice {
        if let rendererChoice { return rendererChoice }
        let display = gdk_display_get_default()
        let named = g_getenv("GSK_RENDERER").map { String(cString: $0) }
        let choice: RendererChoice
        if let known, named?.isEmpty ?? true {
            choice = known
        } else {
            choice = RendererChoice.decide(gskRenderer: named) { display.flatMap(glRendererName) }
        }
        if choice.drawsWithCairo, let display {
            g_object_set_data_full(UnsafeMutablePointer<GObject>(display), "gsk-renderer", g_strdup("cairo"), g_free)
        }
        rendererChoice = choice
        return choice
    }

    /// The name GDK gave the default display (`:0`, `wayland-0`), once `initialize` opened it.
    public static var displayName: String? {
        gdk_display_get_default().flatMap { gdk_display_get_name($0) }.map { String(cString: $0) }
    }

    /// GL_RENDERER of a GL context made on `display`, or nil when GL is not available there.
    private static func glRendererName(_ display: OpaquePointer) -> String? {
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard gdk_display_prepare_gl(display, &error) != 0,
            let context = gdk_display_create_gl_context(display, &error)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard gdk_gl_context_realize(context, &error) != 0 else { return nil }
        gdk_gl_context_make_current(context)
        defer { gdk_gl_context_clear_current() }
        return apod_gl_renderer().map { String(cString: $0) }
    }
}
