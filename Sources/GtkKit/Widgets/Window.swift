import CGtk

/// A toplevel window of an `Application`. Closing it destroys it (and its widget tree).
///
/// GTK's list of toplevels owns a window until it is destroyed, and a window is only disposed
/// (emitting "destroy") when its last reference goes, so this wrapper keeps none. Instead it
/// notes the destruction and ignores later calls, which would otherwise reach freed memory.
@MainActor
public final class Window: Widget {
    public private(set) var isDestroyed = false

    public init(application: Application) {
        super.init(gtk_application_window_new(application.applicationPointer), keepsReference: false)
        gtk_application_window_set_show_menubar(cast(), 0)
        onDestroy { [weak self] in self?.isDestroyed = true }
    }

    /// A window of no application, for tools that drive GTK's loop themselves (`apod-bench`).
    public convenience init() {
        self.init(adopting: gtk_window_new(), application: nil)
    }

    /// Wraps a window of another class (libadwaita's preferences or about window), made part
    /// of `application` so it counts among its windows and reaches its actions.
    package init(adopting window: UnsafeMutablePointer<GtkWidget>, application: Application?) {
        super.init(window, keepsReference: false)
        if let application { gtk_window_set_application(cast(), application.applicationPointer) }
        onDestroy { [weak self] in self?.isDestroyed = true }
    }

    public var title: String {
        get { isDestroyed ? "" : gtk_window_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { if !isDestroyed { gtk_window_set_title(cast(), newValue) } }
    }

    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(cast(), Int32(width), Int32(height))
    }

    /// Puts `headerBar` (libadwaita's, see AdwKit) where the window manager's title bar would be.
    public func setTitlebar(_ headerBar: Widget) {
        gtk_window_set_titlebar(cast(), headerBar.widgetPointer)
    }

    public func setChild(_ child: Widget) {
        gtk_window_set_child(cast(), child.widgetPointer)
    }

    public func present() {
        if !isDestroyed { gtk_window_present(cast()) }
    }

    /// Asks the window to close, as the close button would. A window not shown yet (GTK's close
    /// ignores it) is destroyed, so it is not shown later.
    public func close() {
        guard !isDestroyed else { return }
        if gtk_widget_get_realized(widgetPointer) != 0 {
            gtk_window_close(cast())
        } else {
            gtk_window_destroy(cast())
        }
    }

    public var isActive: Bool { !isDestroyed && gtk_window_is_active(cast()) != 0 }

    /// Adds a window-scoped action, reachable as `win.<name>`.
    public func addAction(_ action: Action) {
        g_action_map_add_action(opaque, action.actionPointer)
    }

    /// Binds `trigger` (e.g. `Escape`) to a named action (e.g. `window.close`) in this window only.
    public func addShortcut(trigger: String, action: String) {
        let controller = gtk_shortcut_controller_new()
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_widget_add_controller(widgetPointer, controller)
    }

    /// Emits a window action by name (`win.next-day`), as its accelerator would.
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        !isDestroyed && gtk_widget_activate_action_variant(widgetPointer, name, nil) != 0
    }

    /// Emits a window action that takes a string (`win.show-view` with `today`), as its
    /// accelerator (`win.show-view::today`) would.
    @discardableResult
    public func activateAction(_ name: String, string: String) -> Bool {
        !isDestroyed && gtk_widget_activate_action_variant(widgetPointer, name, g_variant_new_string(string)) != 0
    }

    /// Leaves no widget with the keyboard focus (Tab then starts at the first one).
    public func clearFocus() {
        gtk_window_set_focus(cast(), nil)
    }

    /// Sets the dimensions the window is actually laid out at now (tests, screenshots).
    public func resize(width: Int, height: Int) {
        gtk_window_set_default_size(cast(), Int32(width), Int32(height))
        gtk_widget_queue_resize(widgetPointer)
    }
}
