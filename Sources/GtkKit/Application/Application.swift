import CGtk

/// The GtkApplication: owns the main loop, app-wide actions and accelerators.
@MainActor
public final class Application {
    package let applicationPointer: UnsafeMutablePointer<GtkApplication>
    private var gApplication: UnsafeMutablePointer<GApplication> { UnsafeMutablePointer(OpaquePointer(applicationPointer)) }

    /// Each launch is its own instance (NON_UNIQUE): command-line options such as `--source`
    /// apply to the window that asked for them, and no D-Bus session is required.
    public init(id: String) {
        applicationPointer = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)
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
}
