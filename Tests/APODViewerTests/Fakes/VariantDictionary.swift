import CGtk

/// An `a{sv}` dictionary as a D-Bus call passes it (portal options, notification hints), read
/// once into Swift values so each fake records and checks options the same way.
struct VariantDictionary {
    /// Every value in GVariant's text form (`'both'`, `true`, `['a', 'b']`), by key.
    let printed: [String: String]
    private let texts: [String: String]
    private let textLists: [String: [String]]
    private let flags: [String: Bool]

    /// Reads `dictionary`, an `a{sv}` value the caller keeps owning.
    init(_ dictionary: OpaquePointer) {
        var printed: [String: String] = [:]
        var texts: [String: String] = [:]
        var textLists: [String: [String]] = [:]
        var flags: [String: Bool] = [:]
        for index in 0..<g_variant_n_children(dictionary) {
            let entry = g_variant_get_child_value(dictionary, index)!
            let keyVariant = g_variant_get_child_value(entry, 0)!
            let key = String(cString: g_variant_get_string(keyVariant, nil))
            let boxed = g_variant_get_child_value(entry, 1)!
            let value = g_variant_get_variant(boxed)!
            let text = g_variant_print(value, 0)!
            printed[key] = String(cString: text)
            g_free(text)
            switch String(cString: g_variant_get_type_string(value)) {
            case "s", "o": texts[key] = String(cString: g_variant_get_string(value, nil))
            case "ay": texts[key] = String(cString: g_variant_get_bytestring(value))
            case "as": textLists[key] = Self.strings(in: value)
            case "b": flags[key] = g_variant_get_boolean(value) != 0
            default: break
            }
            [value, boxed, keyVariant, entry].forEach { g_variant_unref($0) }
        }
        self.printed = printed
        self.texts = texts
        self.textLists = textLists
        self.flags = flags
    }

    /// A string, object path or byte string (a portal's file paths) value.
    func string(_ key: String) -> String? { texts[key] }

    /// An `as` value.
    func strings(_ key: String) -> [String]? { textLists[key] }

    func bool(_ key: String) -> Bool? { flags[key] }

    /// The items of an `as` value the caller keeps owning.
    static func strings(in array: OpaquePointer) -> [String] {
        (0..<g_variant_n_children(array)).map { index in
            let item = g_variant_get_child_value(array, index)!
            defer { g_variant_unref(item) }
            return String(cString: g_variant_get_string(item, nil))
        }
    }
}
