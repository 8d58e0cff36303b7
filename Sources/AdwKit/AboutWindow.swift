import CAdw
import CGtk
import GtkKit

/// What the About window shows (AdwAboutWindow): the app, its version and what changed in it,
/// who made it, where to read more or report a problem, and debug information to copy into
/// a report.
public struct AboutDetails: Sendable {
    public var applicationName: String
    public var iconName: String
    public var version: String
    public var comments: String
    public var developerName: String
    public var developers: [String]
    /// Sections of the credits page besides the developers: a title and the names under it.
    public var credits: [(title: String, names: [String])]
    public var website: String
    public var issueURL: String
    /// Further links on the details page: a title and an address.
    public var links: [(title: String, url: String)]
    public var copyright: String
    /// What is new in `version`, in AppStream description markup (`<p>`, `<ul>`, `<li>`).
    public var releaseNotes: String
    public var debugInfo: String
    public var debugInfoFileName: String

    public init(
        applicationName: String, iconName: String, version: String, comments: String, developerName: String,
        developers: [String], credits: [(title: String, names: [String])], website: String, issueURL: String,
        links: [(title: String, url: String)], copyright: String, releaseNotes: String, debugInfo: String,
        debugInfoFileName: String
    ) {
        self.applicationName = applicationName
        self.iconName = iconName
        self.version = version
        self.comments = comments
        self.developerName = developerName
        self.developers = developers
        self.credits = credits
        self.website = website
        self.issueURL = issueURL
        self.links = links
        self.copyright = copyright
        self.releaseNotes = releaseNotes
        self.debugInfo = debugInfo
        self.debugInfoFileName = debugInfoFileName
    }
}

extension Window {
    /// Shows libadwaita's About window for `details`, modal over this window; returns it.
    @discardableResult
    public func showAbout(_ details: AboutDetails) -> Window {
        let about = Window(adopting: adw_about_window_new(), application: nil)
        let pointer: OpaquePointer = about.cast()
        adw_about_window_set_application_name(pointer, details.applicationName)
        adw_about_window_set_application_icon(pointer, details.iconName)
        adw_about_window_set_version(pointer, details.version)
        adw_about_window_set_comments(pointer, details.comments)
        adw_about_window_set_developer_name(pointer, details.developerName)
        Self.withCStrings(details.developers) { adw_about_window_set_developers(pointer, $0) }
        for section in details.credits {
            Self.withCStrings(section.names) { adw_about_window_add_credit_section(pointer, section.title, $0) }
        }
        adw_about_window_set_website(pointer, details.website)
        adw_about_window_set_issue_url(pointer, details.issueURL)
        for link in details.links { adw_about_window_add_link(pointer, link.title, link.url) }
        adw_about_window_set_copyright(pointer, details.copyright)
        adw_about_window_set_license_type(pointer, GTK_LICENSE_MIT_X11)
        if !details.releaseNotes.isEmpty {
            adw_about_window_set_release_notes_version(pointer, details.version)
            adw_about_window_set_release_notes(pointer, details.releaseNotes)
        }
        adw_about_window_set_debug_info(pointer, details.debugInfo)
        adw_about_window_set_debug_info_filename(pointer, details.debugInfoFileName)
        Self.nameUnlabelledButtons(in: about, version: details.version)
        about.makeDialog(of: self)
        about.present()
        return about
    }

    /// libadwaita 1.2 leaves the back buttons of the window's pages and the version button
    /// (which copies the version) without a name: GTK 4.8 would call them "GtkImage" and
    /// "GtkButton". The back buttons get their tooltip, the version button the version it shows.
    private static func nameUnlabelledButtons(in about: Window, version: String) {
        about.nameIconButtons()
        for button in about.descendants(ofType: gtk_button_get_type()) {
            guard let child = gtk_widget_get_first_child(button),
                g_type_check_instance_is_a(
                    UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self),
                    gtk_label_get_type()) != 0,
                String(cString: gtk_label_get_text(OpaquePointer(child))) == version
            else { continue }
            apod_accessible_set_label(button, version)
        }
    }

    /// A NULL-terminated array of C strings for the call, freed after it.
    private static func withCStrings(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Void)
    {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
        }
    }
}
