import APODCore

/// The index's figures as the viewer says them (Preferences, Search, Random's offer, the
/// download's toast): the same figures as `apod status`, and what to do only when days failed.
enum ArchiveStatusText {
    /// "11,407 pictures in the index; the service has no entry for 84 days."
    static func summary(_ status: ArchiveStatus) -> String {
        Sentences.join(
            sentence(status.figures),
            status.hasFailures ? tr("Download the archive again later to fetch the days that failed.") : "")
    }

    /// The figures as a sentence, with the full stop of the language.
    static func sentence(_ figures: String) -> String {
        tr("{figures}.", ["figures": figures])
    }
}
