import CAdw
import CGtk
import GtkKit

/// The pages of a window, one shown at a time, each with a title and an icon for the switchers
/// (AdwViewStack): GNOME's way of putting an app's views in one window.
@MainActor
public final class ViewStack: Widget {
    public init() {
        super.init(adw_view_stack_new())
    }

    /// Adds `child` as the page `name`, shown in the switchers as `title` with `iconName`.
    public func addPage(_ child: Widget, name: String, title: String, iconName: String) {
        let page = adw_view_stack_add_titled(cast(), child.widgetPointer, name, title)
        adw_view_stack_page_set_icon_name(page, iconName)
        adw_view_stack_page_set_use_underline(page, 1)
    }

    /// Renames the page of `child` in the switchers (`title` with a mnemonic or not).
    public func setTitle(_ title: String, ofPage child: Widget) {
        guard let page = adw_view_stack_get_page(cast(), child.widgetPointer) else { return }
        adw_view_stack_page_set_title(page, title)
    }

    /// The title the switchers show for `child`'s page.
    public func title(ofPage child: Widget) -> String? {
        adw_view_stack_get_page(cast(), child.widgetPointer).flatMap { adw_view_stack_page_get_title($0) }
            .map { String(cString: $0) }
    }

    public var visiblePage: String? {
        get { adw_view_stack_get_visible_child_name(cast()).map { String(cString: $0) } }
        set { adw_view_stack_set_visible_child_name(cast(), newValue) }
    }

    /// Calls `handler` whenever another page is shown (by a switcher or `visiblePage`).
    public func onPageChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::visible-child-name") { _ in handler() }
    }
}

/// The header bar's title that is a view switcher while there is room for it and the window's
/// title and subtitle when there is not (AdwViewSwitcherTitle); `isTitleVisible` says which,
/// so the bottom switcher bar can take over.
@MainActor
public final class ViewSwitcherTitle: Widget {
    public init(stack: ViewStack, title: String) {
        super.init(adw_view_switcher_title_new())
        adw_view_switcher_title_set_stack(cast(), stack.cast())
        self.title = title
        // libadwaita 1.2 squeezes between a wide switcher, a narrow one and the title, and
        // keeps the ones not shown visible: screen readers would list every view two or three
        // times.
        hideUnmappedDescendantsFromScreenReaders(ofType: adw_view_switcher_get_type())
    }

    public var title: String {
        get { adw_view_switcher_title_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { adw_view_switcher_title_set_title(cast(), newValue) }
    }

    /// Under the title while the title shows; empty hides it.
    public var subtitle: String {
        get { adw_view_switcher_title_get_subtitle(cast()).map { String(cString: $0) } ?? "" }
        set { adw_view_switcher_title_set_subtitle(cast(), newValue) }
    }

    /// False shows the title even where the switcher would fit (a narrow window's rule).
    public var isSwitcherEnabled: Bool {
        get { adw_view_switcher_title_get_view_switcher_enabled(cast()) != 0 }
        set { adw_view_switcher_title_set_view_switcher_enabled(cast(), newValue ? 1 : 0) }
    }

    /// Whether the title shows in place of the switcher.
    public var isTitleVisible: Bool { adw_view_switcher_title_get_title_visible(cast()) != 0 }

    public func onTitleVisibilityChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::title-visible") { _ in handler() }
    }
}

/// The view switcher at the bottom of a narrow window (AdwViewSwitcherBar), shown while
/// `isRevealed`.
@MainActor
public final class ViewSwitcherBar: Widget {
    public init(stack: ViewStack) {
        super.init(adw_view_switcher_bar_new())
        adw_view_switcher_bar_set_stack(cast(), stack.cast())
        // Hidden (not revealed), the bar's switcher stays visible: keep it from screen readers.
        hideUnmappedDescendantsFromScreenReaders(ofType: adw_view_switcher_get_type())
    }

    public var isRevealed: Bool {
        get { adw_view_switcher_bar_get_reveal(cast()) != 0 }
        set { adw_view_switcher_bar_set_reveal(cast(), newValue ? 1 : 0) }
    }
}
