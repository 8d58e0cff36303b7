import GtkKit

/// The labels every part of the preferences window is built from, so the window's own groups
/// and the sections it hosts (`DailyPictureSection`, `ArchiveDownloadSection`) read alike.
@MainActor
enum PreferencesText {
    /// A group's title; `spaced` sets it apart from the group above (all but the first).
    static func heading(_ text: String, spaced: Bool = true) -> Label {
        let label = Label(text)
        label.addCSSClass("heading")
        label.setTextAlignment(0)
        if spaced { label.setMargins(top: 12, bottom: 0, start: 0, end: 0) }
        return label
    }

    /// A dimmed, wrapped explanation of what a group or field does.
    static func hint(_ text: String) -> Label {
        let label = Label(text)
        label.enableWrapping()
        label.setTextAlignment(0)
        label.addCSSClass("dim-label")
        return label
    }
}
