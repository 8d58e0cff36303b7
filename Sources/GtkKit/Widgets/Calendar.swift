import CGtk

/// A month calendar (GtkCalendar): one selected day, and marked days shown in bold.
@MainActor
public final class Calendar: Widget {
    public init() {
        super.init(gtk_calendar_new())
    }

    /// The selected day as (year, month 1–12, day).
    public var selected: (year: Int, month: Int, day: Int) {
        let date = gtk_calendar_get_date(cast())
        defer { g_date_time_unref(date) }
        return (Int(g_date_time_get_year(date)), Int(g_date_time_get_month(date)), Int(g_date_time_get_day_of_month(date)))
    }

    /// Selects a day, which also shows its month.
    public func select(year: Int, month: Int, day: Int) {
        guard let date = g_date_time_new_local(Int32(year), Int32(month), Int32(day), 12, 0, 0) else { return }
        gtk_calendar_select_day(cast(), date)
        g_date_time_unref(date)
    }

    /// Marks exactly these days (1–31) of the month shown.
    public func setMarkedDays(_ days: Set<Int>) {
        gtk_calendar_clear_marks(cast())
        for day in days { gtk_calendar_mark_day(cast(), guint(day)) }
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
}
