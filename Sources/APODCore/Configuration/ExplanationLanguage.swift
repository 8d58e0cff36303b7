/// Preferences → Explanations: NASA's English text, or the Taiwanese mirror's Traditional
/// Chinese when it has the day (key `explanations`). Unset, it follows the interface language.
public enum ExplanationLanguage: String, CaseIterable, Sendable {
    case english
    case chinese

    /// The saved choice; unset or unknown, Chinese when the interface speaks Chinese.
    public init(store: SettingsStore, interfaceSpeaksChinese: Bool = Localization.speaksChinese()) {
        self =
            store.value(.explanations).flatMap(ExplanationLanguage.init(rawValue:))
            ?? (interfaceSpeaksChinese ? .chinese : .english)
    }

    /// - Throws: what `SettingsStore.save` throws.
    public func save(to store: SettingsStore) throws {
        try store.save([.explanations: rawValue])
    }
}
