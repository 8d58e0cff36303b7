import CGtk

/// One schema of the desktop's own settings (GNOME's `org.gnome.desktop.background`, say),
/// read and written directly through GSettings, as GNOME Settings does. Only an app outside a
/// sandbox can reach them; an uninstalled schema or key is an answer (nil, false), never the
/// abort GSettings gives for it. Used on one thread (the main one).
public final class DesktopSettings {
    private let settings: UnsafeMutablePointer<GSettings>
    private let schema: OpaquePointer

    /// Nil when `schema` is not installed. `backend` is GSettings' default (dconf on a desktop)
    /// unless given.
    public init?(schema id: String, backend: Backend? = nil) {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, id, 1)
        else { return nil }
        self.schema = schema
        settings = g_settings_new_full(schema, backend?.pointer, nil)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(settings))
        g_settings_schema_unref(schema)
    }

    public func hasKey(_ key: String) -> Bool { g_settings_schema_has_key(schema, key) != 0 }

    /// A string (or enumeration) key's value; nil for a key the schema lacks.
    public func string(_ key: String) -> String? {
        guard hasKey(key), let value = g_settings_get_string(settings, key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Sets a string (or enumeration) key; false when the schema lacks it or refuses the value
    /// (not one of an enumeration's, the key locked down by the administrator).
    @discardableResult
    public func set(_ key: String, _ value: String) -> Bool {
        guard hasKey(key) else { return false }
        let key = g_settings_schema_get_key(schema, key)
        defer { g_settings_schema_key_unref(key) }
        let variant = g_variant_ref_sink(g_variant_new_string(value))
        defer { g_variant_unref(variant) }
        guard g_settings_schema_key_range_check(key, variant) != 0 else { return false }
        return g_settings_set_value(settings, g_settings_schema_key_get_name(key), variant) != 0
    }

    /// Waits until every change was handed to the backend (dconf's service).
    public static func sync() { g_settings_sync() }

    /// A GSettings backend named by its GIO extension ("dconf", "memory"), for tests that check
    /// with the real dconf while the process's default is another; nil when not installed.
    public final class Backend: @unchecked Sendable {
        // A GSettingsBackend, thread-safe (GIO's backends lock themselves); referenced here.
        let pointer: UnsafeMutablePointer<GSettingsBackend>

        private init(pointer: UnsafeMutablePointer<GSettingsBackend>) { self.pointer = pointer }

        deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

        public static func named(_ name: String) -> Backend? {
            // Loads GIO's modules, which register the backends' extension point.
            _ = g_settings_backend_get_default().map { g_object_unref(UnsafeMutableRawPointer($0)) }
            guard let point = g_io_extension_point_lookup("gsettings-backend"),
                let extensionInfo = g_io_extension_point_get_extension_by_name(point, name)
            else { return nil }
            let type = g_io_extension_get_type(extensionInfo)
            guard let object = g_object_new_with_properties(type, 0, nil, nil) else { return nil }
            return Backend(pointer: UnsafeMutableRawPointer(object).assumingMemoryBound(to: GSettingsBackend.self))
        }
    }
}
