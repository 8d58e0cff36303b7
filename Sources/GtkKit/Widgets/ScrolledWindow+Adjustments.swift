import CGtk

extension ScrolledWindow {
    /// Scrollbars in both directions, shown only when the content overflows (a zoomed picture).
    public func scrollBothWays() {
        gtk_scrolled_window_set_policy(cast(), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
    }

    public var horizontalAdjustment: Adjustment { Adjustment(gtk_scrolled_window_get_hadjustment(cast())) }
    public var verticalAdjustment: Adjustment { Adjustment(gtk_scrolled_window_get_vadjustment(cast())) }
}
