import CGtk

/// A horizontal bar showing how much of a long task is done, with an optional text on it.
@MainActor
public final class ProgressBar: Widget {
    public init() {
        super.init(gtk_progress_bar_new())
        gtk_progress_bar_set_show_text(cast(), 1)
    }

    /// From 0 to 1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(cast()) }
        set { gtk_progress_bar_set_fraction(cast(), min(max(newValue, 0), 1)) }
    }

    public var text: String {
        get { gtk_progress_bar_get_text(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_progress_bar_set_text(cast(), newValue) }
    }
}
