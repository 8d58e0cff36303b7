import CAdw
import CGtk
import GtkKit

/// A centred icon, title, description and buttons (AdwStatusPage): GNOME's page for empty,
/// skipped, offline and error states in place of content. Its text is plain, never markup.
@MainActor
public final class StatusPage: Widget {
    private let buttons = Box(.horizontal, spacing: 12)

    /// - Parameter isAlert: an error page: screen readers announce it when it appears
    ///   (accessible role ALERT, fixed when the widget is made).
    public init(iconName: String = "", title: String = "", description: String = "", isAlert: Bool = false) {
        let page =
            isAlert
            ? apod_widget_new_with_role(adw_status_page_get_type(), GTK_ACCESSIBLE_ROLE_ALERT)!
            : adw_status_page_new()!
        super.init(page)
        buttons.horizontalAlign = .center
        adw_status_page_set_child(cast(), buttons.widgetPointer)
        self.iconName = iconName
        self.title = title
        self.descriptionText = description
    }

    public var iconName: String {
        get { adw_status_page_get_icon_name(cast()).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_icon_name(cast(), newValue.isEmpty ? nil : newValue) }
    }

    public var title: String {
        get { adw_status_page_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(cast(), newValue) }
    }

    /// The explanation under the title. libadwaita reads it as Pango markup; this escapes it,
    /// since it often quotes what a service sent.
    public private(set) var descriptionText = "" {
        didSet {
            adw_status_page_set_description(cast(), descriptionText.isEmpty ? nil : Markup.escape(descriptionText))
        }
    }

    public func setDescription(_ text: String) { descriptionText = text }

    /// Replaces the buttons under the description (none hides the row).
    public func setButtons(_ list: [Button]) {
        buttons.removeAllChildren()
        list.forEach { buttons.append($0) }
        buttons.isVisible = !list.isEmpty
        shownButtons = list
    }

    /// The buttons shown, in order (tests).
    public private(set) var shownButtons: [Button] = []
}
