import CAdw
import CGtk
import GtkKit

extension Window {
    /// An AdwPreferencesWindow of `application`: pages of groups of rows under libadwaita's
    /// own header bar with a search button, adapting to narrow widths by itself.
    public static func preferences(application: Application) -> Window {
        Window(adopting: adw_preferences_window_new(), application: application)
    }

    /// Adds a page to a window made by `preferences(application:)`.
    public func addPreferencesPage(_ page: PreferencesPage) {
        adw_preferences_window_add(cast(), page.cast())
    }
}

/// One page of a preferences window (AdwPreferencesPage): groups in a scrolled column.
@MainActor
public final class PreferencesPage: Widget {
    public init(title: String, iconName: String) {
        super.init(adw_preferences_page_new())
        adw_preferences_page_set_title(cast(), title)
        adw_preferences_page_set_icon_name(cast(), iconName)
    }

    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(cast(), group.cast())
    }

    /// The page's own scrolled window (libadwaita makes it), found in its widget tree.
    public var scroller: ScrolledWindow? {
        firstDescendant(ofType: gtk_scrolled_window_get_type()).map(ScrolledWindow.init(wrapping:))
    }
}

/// A titled group of rows (AdwPreferencesGroup) with an optional description under the title.
/// Rows go into its boxed list; any other widget (a progress bar, an explanation) below it.
@MainActor
public final class PreferencesGroup: Widget {
    public init(title: String, description: String = "") {
        super.init(adw_preferences_group_new())
        adw_preferences_group_set_title(cast(), Markup.escape(title))
        if !description.isEmpty { adw_preferences_group_set_description(cast(), Markup.escape(description)) }
    }

    public func add(_ widget: Widget) {
        adw_preferences_group_add(cast(), widget.widgetPointer)
    }
}

/// A row with a title, an optional subtitle and widgets at its end (AdwActionRow). Title and
/// subtitle are plain text, never markup.
@MainActor
public class ActionRow: Widget {
    public convenience init(title: String, subtitle: String = "") {
        self.init(row: adw_action_row_new())
        self.title = title
        self.subtitle = subtitle
    }

    package init(row: UnsafeMutablePointer<GtkWidget>) {
        super.init(row)
        adw_preferences_row_set_use_markup(cast(), 0)
    }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(cast())) }
        set { adw_preferences_row_set_title(cast(), newValue) }
    }

    /// Empty hides the subtitle line.
    public var subtitle: String {
        get { adw_action_row_get_subtitle(cast()).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(cast(), newValue) }
    }

    /// Shows the whole subtitle on as many lines as it takes (an address, a credit).
    public func wrapsSubtitle() {
        adw_action_row_set_subtitle_lines(cast(), 0)
    }

    /// Adds `widget` after the title (a switch, a button, a spin button).
    public func addSuffix(_ widget: Widget) {
        adw_action_row_add_suffix(cast(), widget.widgetPointer)
    }

    /// Activating the row (a click anywhere on it, Enter) activates `widget`: the row's title
    /// then also names the widget for screen readers.
    public func setActivatableWidget(_ widget: Widget) {
        adw_action_row_set_activatable_widget(cast(), widget.widgetPointer)
    }
}

/// A row choosing one of a few values (AdwComboRow over a GtkStringList): each value with its
/// label, kept together, so a choice cannot drift from its label.
@MainActor
public final class ComboRow<Value: Equatable>: ActionRow {
    public let choices: [(value: Value, label: String)]

    /// - Parameter showsChoiceBelow: the chosen label goes under the title (libadwaita's
    ///   `use-subtitle`), where long labels fit a narrow window.
    public init(title: String, choices: [(value: Value, label: String)], showsChoiceBelow: Bool = false) {
        self.choices = choices
        super.init(row: adw_combo_row_new())
        self.title = title
        let labels: [UnsafeMutablePointer<CChar>?] = choices.map { strdup($0.label) } + [nil]
        defer { labels.forEach { free($0) } }
        let model = labels.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_new($0)
            }
        }
        adw_combo_row_set_model(cast(), model)
        g_object_unref(UnsafeMutableRawPointer(model))
        adw_combo_row_set_use_subtitle(cast(), showsChoiceBelow ? 1 : 0)
    }

    /// The chosen value; setting it acts as the user's choice would (`onChange` runs).
    public var selectedValue: Value {
        get { choices[min(Int(adw_combo_row_get_selected(cast())), choices.count - 1)].value }
        set {
            guard let index = choices.firstIndex(where: { $0.value == newValue }) else { return }
            adw_combo_row_set_selected(cast(), guint(index))
        }
    }

    /// The label of the chosen value.
    public var selectedLabel: String { choices[min(Int(adw_combo_row_get_selected(cast())), choices.count - 1)].label }

    /// The choice changed, by the user or by `selectedValue`.
    public func onChange(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::selected") { _ in handler() }
    }
}

/// A row that is a text field, its title the field's label (AdwEntryRow).
@MainActor
public class EntryRow: Widget {
    public convenience init(title: String) {
        self.init(row: adw_entry_row_new(), title: title)
    }

    package init(row: UnsafeMutablePointer<GtkWidget>, title: String) {
        super.init(row)
        adw_preferences_row_set_use_markup(cast(), 0)
        adw_preferences_row_set_title(cast(), title)
    }

    public var title: String { String(cString: adw_preferences_row_get_title(cast())) }

    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// The text changed (typing, pasting, or setting `text`).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "changed", handler)
    }

    /// Enter was pressed in the field.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "entry-activated", handler)
    }

    /// Presses Enter as a user would (tests).
    public func pressEnter() {
        var instance = GValue()
        g_value_init(&instance, adw_entry_row_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(widgetPointer))
        g_signal_emitv(&instance, g_signal_lookup("entry-activated", adw_entry_row_get_type()), 0, nil)
        g_value_unset(&instance)
    }

    /// Marks the field as holding something unusable (libadwaita draws it red).
    public var showsError: Bool {
        get { hasCSSClass("error") }
        set { newValue ? addCSSClass("error") : removeCSSClass("error") }
    }
}

/// An entry row whose text is masked, with a button to peek at it (AdwPasswordEntryRow): for
/// an API key, which must never show on screen or in a screenshot unless the user asks.
@MainActor
public final class PasswordEntryRow: EntryRow {
    public init(title: String) {
        super.init(row: adw_password_entry_row_new(), title: title)
    }

    /// Whether what is typed is masked now (the field's text delegate hides it).
    public var isSecret: Bool {
        guard let delegate = gtk_editable_get_delegate(opaque) else { return false }
        return gtk_text_get_visibility(UnsafeMutablePointer<GtkText>(delegate)) == 0
    }
}

/// A row that expands to show more rows (AdwExpanderRow); with a switch in its header it
/// turns an option on or off, the rows under it being that option's details.
@MainActor
public final class ExpanderRow: Widget {
    public init(title: String, subtitle: String = "", showsSwitch: Bool = false) {
        super.init(adw_expander_row_new())
        adw_preferences_row_set_use_markup(cast(), 0)
        adw_preferences_row_set_title(cast(), title)
        adw_expander_row_set_subtitle(cast(), subtitle)
        adw_expander_row_set_show_enable_switch(cast(), showsSwitch ? 1 : 0)
        // libadwaita 1.2 leaves the header's switch unnamed ("GtkSwitch"): it is the row's.
        descendants(ofType: gtk_switch_get_type()).forEach { apod_accessible_set_label($0, title) }
    }

    public var title: String { String(cString: adw_preferences_row_get_title(cast())) }

    public func addRow(_ row: Widget) {
        adw_expander_row_add_row(cast(), row.widgetPointer)
    }

    /// The header switch: on lets the row expand (and expands it), off folds it away.
    public var isOn: Bool {
        get { adw_expander_row_get_enable_expansion(cast()) != 0 }
        set { adw_expander_row_set_enable_expansion(cast(), newValue ? 1 : 0) }
    }

    public var isExpanded: Bool {
        get { adw_expander_row_get_expanded(cast()) != 0 }
        set { adw_expander_row_set_expanded(cast(), newValue ? 1 : 0) }
    }

    /// The switch changed, by the user or by `isOn`.
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::enable-expansion") { _ in handler() }
    }
}
