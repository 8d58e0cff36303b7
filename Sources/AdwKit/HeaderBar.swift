import CAdw
import GtkKit

/// The window's title bar (AdwHeaderBar) with buttons at its start and end and a title in the
/// middle: a `WindowTitle`, a search field, or the window's own title when none is set.
@MainActor
public final class HeaderBar: Widget {
    private var titleWidget: Widget?

    public init() {
        super.init(adw_header_bar_new())
    }

    public func packStart(_ widget: Widget) { adw_header_bar_pack_start(cast(), widget.widgetPointer) }
    public func packEnd(_ widget: Widget) { adw_header_bar_pack_end(cast(), widget.widgetPointer) }

    /// Puts `widget` (a `WindowTitle`, a search field) where the title goes.
    public func setTitleWidget(_ widget: Widget) {
        titleWidget = widget
        adw_header_bar_set_title_widget(cast(), widget.widgetPointer)
    }

    /// Whether the title shows; a narrow window hides it and keeps its buttons instead of
    /// squeezing them beside an ellipsized title.
    public var showsTitle: Bool {
        get { titleWidget?.isVisible ?? true }
        set { titleWidget?.isVisible = newValue }
    }
}

/// A header bar's title with a smaller subtitle under it (AdwWindowTitle): the window's name
/// over the date shown, say. Screen readers read both.
@MainActor
public final class WindowTitle: Widget {
    public init(title: String, subtitle: String = "") {
        super.init(adw_window_title_new(title, subtitle))
    }

    public var title: String {
        get { String(cString: adw_window_title_get_title(cast())) }
        set { adw_window_title_set_title(cast(), newValue) }
    }

    /// Empty hides the subtitle line.
    public var subtitle: String {
        get { String(cString: adw_window_title_get_subtitle(cast())) }
        set { adw_window_title_set_subtitle(cast(), newValue) }
    }
}
