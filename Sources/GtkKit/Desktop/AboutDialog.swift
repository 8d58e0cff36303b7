import CGtk

/// What the About dialog shows.
public struct AboutInfo: Sendable {
    public var programName: String
    public var version: String
    public var comments: String
    public var website: String
    public var websiteLabel: String
    public var iconName: String
    public var authors: [String]

    public init(programName: String, version: String, comments: String, website: String,
                websiteLabel: String, iconName: String, authors: [String]) {
        self.programName = programName
        self.version = version
        self.comments = comments
        self.website = website
        self.websiteLabel = websiteLabel
        self.iconName = iconName
        self.authors = authors
    }
}

extension Window {
    /// Shows the standard About dialog above this window.
    public func showAbout(_ info: AboutInfo) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(about, info.programName)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_website_label(about, info.websiteLabel)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        var authors: [UnsafeMutablePointer<CChar>?] = info.authors.map { strdup($0) } + [nil]
        authors.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_about_dialog_set_authors(about, $0)
            }
        }
        authors.forEach { free($0) }
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(dialog))
        gtk_window_set_transient_for(window, cast())
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_present(window)
    }
}
