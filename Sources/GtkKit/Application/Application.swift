import CGtk

/// The GtkApplication: owns the main loop, app-wide actions and accelerators.
@MainActor
public final class Application {
    package let applicationPointer: UnsafeMutablePointer<GtkApplication>
    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutablePointer(OpaquePointer(applicationPointer))
    }

    /// A unique application: on a session bus the first instance owns `id` and exports its
    /// actions (`gapplication action <id> …`); later launches find it remote and forward their
    /// requests to it. Without a session bus every launch simply runs on its own.
    ///
    /// - Parameter isService: started by D-Bus activation (`--gapplication-service`): run
    ///   registers and waits for the bus to ask for `Activate` or an action, opening no window
    ///   by itself (GLib ends it after 10 s if nothing is asked).
    public convenience init(id: String, isService: Bool = false) {
        self.init(wrapping: gtk_application_new(id, Self.flags(isService: isService)))
    }

    /// Wraps a GtkApplication (or a subclass, such as libadwaita's) created elsewhere.
    package init(wrapping pointer: UnsafeMutablePointer<GtkApplication>) {
        applicationPointer = pointer
        let application = UnsafeMutablePointer<GApplication>(OpaquePointer(pointer))
        if g_application_get_flags(application).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0 {
            // A service quits when its use count drops to zero: without this it would end
            // after answering the Shell's first search call, and the next one would fail.
            g_application_set_inactivity_timeout(application, Self.serviceLingerMilliseconds)
        }
    }

    /// How long a D-Bus activated service stays once nothing holds it.
    package static let serviceLingerMilliseconds: guint = 10_000

    package static func flags(isService: Bool) -> GApplicationFlags {
        isService ? G_APPLICATION_IS_SERVICE : G_APPLICATION_DEFAULT_FLAGS
    }

    /// The application ID, which is also its D-Bus name.
    public var id: String {
        g_application_get_application_id(gApplication).map { String(cString: $0) } ?? ""
    }

    /// Registers on the session bus (when there is one) without activating.
    @discardableResult
    public func register() -> Bool {
        g_application_register(gApplication, nil, nil) != 0
    }

    /// After `register()`: whether another process is the primary instance, in which case
    /// activating actions here sends them to it.
    public var isRemote: Bool { g_application_get_is_remote(gApplication) != 0 }

    /// Once, in the primary instance only, before its first activation or action: GTK is
    /// initialized and no window exists yet.
    public func onStartup(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(applicationPointer), "startup", handler)
    }

    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(applicationPointer), "activate", handler)
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    /// Options are parsed by the caller, so GApplication only sees the program name.
    public func run(programName: String) -> Int32 {
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(programName), nil]
        defer { free(arguments[0]) }
        return g_application_run(gApplication, 1, &arguments)
    }

    /// Registers without running the loop and emits "activate" (tests drive the loop themselves).
    public func registerAndActivate() -> Bool {
        guard g_application_register(gApplication, nil, nil) != 0 else { return false }
        g_application_activate(gApplication)
        return true
    }

    public func quit() { g_application_quit(gApplication) }

    /// Adds an app-wide action, reachable as `app.<name>`.
    public func addAction(_ action: Action) {
        g_action_map_add_action(OpaquePointer(applicationPointer), action.actionPointer)
    }

    /// Binds accelerators such as `<Ctrl>r` or `<Alt>Left` to a detailed action name.
    public func setAccelerators(_ accelerators: [String], for action: String) {
        let pointers: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(applicationPointer, action, $0)
            }
        }
    }

    /// The accelerators currently bound to `action`.
    public func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(applicationPointer, action) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    /// Emits an application action by name (`quit`), as its accelerator would.
    public func activateAction(_ name: String) {
        g_action_group_activate_action(OpaquePointer(applicationPointer), name, nil)
    }

    /// Emits an action taking a string, such as `show-date`.
    public func activateAction(_ name: String, string: String) {
        g_action_group_activate_action(OpaquePointer(applicationPointer), name, g_variant_new_string(string))
    }

    /// Emits an action taking an integer, such as `random`.
    public func activateAction(_ name: String, int: Int) {
        g_action_group_activate_action(
            OpaquePointer(applicationPointer), name, g_variant_new_int32(Int32(clamping: int)))
    }

    /// The names of the application's actions, as D-Bus clients see them.
    /// Titles of this application's windows on screen (tests: how many windows a user sees).
    public var visibleWindowTitles: [String] {
        Gtk.visibleTitles(of: gtk_application_get_windows(applicationPointer))
    }

    public var actionNames: [String] {
        guard let list = g_action_group_list_actions(OpaquePointer(applicationPointer)) else { return [] }
        defer { g_strfreev(list) }
        var names: [String] = []
        var index = 0
        while let item = list[index] {
            names.append(String(cString: item))
            index += 1
        }
        return names
    }

    /// The parameter type an action expects (`s`, `i`), or nil for none.
    public func parameterType(of action: String) -> String? {
        guard let type = g_action_group_get_action_parameter_type(OpaquePointer(applicationPointer), action) else {
            return nil
        }
        let text = g_variant_type_dup_string(type)
        defer { g_free(text) }
        return text.map { String(cString: $0) }
    }
}
