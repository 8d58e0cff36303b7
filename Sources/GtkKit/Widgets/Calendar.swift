import CGtk

/// A month calendar (GtkCalendar): one selected day, and marked days. GTK puts a marked day's
/// label (`calendar > grid > label.day-number`) in the `:checked` state when it lays out a
/// month, but in 4.8.3 `gtk_calendar_mark_day` alone leaves the label as it was (seen in
/// tests), and neither GTK's theme nor libadwaita 1.2's styles that state. So marked days'
/// labels also get the class `markedClass` here, at once, for the app's stylesheet to style.
@MainActor
public final class Calendar: Widget {
    public init() {
        super.init(gtk_calendar_new())
    }

    /// The selected day as (year, month 1–12, day).
    public var selected: (year: Int, month: Int, day: Int) {
        let date = gtk_calendar_get_date(cast())
        defer { g_date_time_unref(date) }
        return (
            Int(g_date_time_get_year(date)), Int(g_date_time_get_month(date)), Int(g_date_time_get_day_of_month(date))
        )
    }

    /// Selects a day, which also shows its month.
    public func select(year: Int, month: Int, day: Int) {
        guard let date = g_date_time_new_local(Int32(year), Int32(month), Int32(day), 12, 0, 0) else { return }
        gtk_calendar_select_day(cast(), date)
        g_date_time_unref(date)
    }

    /// The style class of a marked day's label.
    public static let markedClass = "marked"

    /// Marks exactly these days (1–31) of the month shown.
    public func setMarkedDays(_ days: Set<Int>) {
        gtk_calendar_clear_marks(cast())
        for day in days { gtk_calendar_mark_day(cast(), guint(day)) }
        setDayClass(Self.markedClass, on: days)
    }

    public func isMarked(_ day: Int) -> Bool {
        gtk_calendar_get_day_is_marked(cast(), guint(day)) != 0
    }

    /// A day was chosen (clicked, or moved to with the keyboard).
    public func onDaySelected(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(widgetPointer), "day-selected", handler)
    }

    /// Another month or year is shown.
    public func onMonthChanged(_ handler: @escaping @MainActor () -> Void) {
        for name in ["next-month", "prev-month", "next-year", "prev-year"] {
            Signal.connect(UnsafeMutableRawPointer(widgetPointer), name, handler)
        }
    }

    /// Adds the CSS class `name` to the labels of exactly these days (1–31) of the month shown,
    /// and removes it from every other day label, neighbouring months' included.
    public func setDayClass(_ name: String, on days: Set<Int>) {
        for (day, isShownMonth, label) in dayLabels() {
            if isShownMonth && days.contains(day) {
                gtk_widget_add_css_class(label, name)
            } else {
                gtk_widget_remove_css_class(label, name)
            }
        }
    }

    public func dayHasClass(_ day: Int, _ name: String) -> Bool {
        dayLabel(day).map { gtk_widget_has_css_class($0, name) != 0 } ?? false
    }

    /// The text colour the style gives `day`'s label (red, green, blue, alpha in 0…1).
    public func dayTextColor(_ day: Int) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        guard let label = dayLabel(day) else { return nil }
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(label), &color)
        return (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    }

    private func dayLabel(_ day: Int) -> UnsafeMutablePointer<GtkWidget>? {
        dayLabels().first { $0.day == day && $0.isShownMonth }?.label
    }

    /// GtkCalendar's day-number labels, each with its day and whether it belongs to the month
    /// shown (the neighbouring months' days carry `other-month`). Day numbers are read from the
    /// labels' text: GTK writes them with `%d` unless a translation asks for local digits, and
    /// labels that do not read as a number are left out.
    private func dayLabels() -> [(day: Int, isShownMonth: Bool, label: UnsafeMutablePointer<GtkWidget>)] {
        guard let grid = descendants(ofType: gtk_grid_get_type()).first else { return [] }
        var labels: [(Int, Bool, UnsafeMutablePointer<GtkWidget>)] = []
        var child = gtk_widget_get_first_child(grid)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard gtk_widget_has_css_class(current, "day-number") != 0,
                let text = gtk_label_get_text(OpaquePointer(current)), let day = Int(String(cString: text))
            else { continue }
            labels.append((day, gtk_widget_has_css_class(current, "other-month") == 0, current))
        }
        return labels
    }
}
