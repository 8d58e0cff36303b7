/// Preferences → Style: whether the viewer follows the desktop's light or dark style or keeps
/// one of its own, saved with the other preferences (`SettingsStore`, key `style`).
public enum StylePreference: String, CaseIterable, Sendable {
    case followSystem = "system"
    case light
    case dark

    /// The saved choice; a missing or unknown value follows the system.
    public init(store: SettingsStore) {
        self = store.value(.style).flatMap(StylePreference.init(rawValue:)) ?? .followSystem
    }

    /// - Throws: what `SettingsStore.save` throws.
    public func save(to store: SettingsStore) throws {
        try store.save([.style: rawValue])
    }
}
