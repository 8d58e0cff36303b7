import CGtk

extension Overlay {
    /// Keeps overlay children inside the main child's area (pictures cropped to a frame).
    public func clipsOverlays() {
        gtk_widget_set_overflow(widgetPointer, GTK_OVERFLOW_HIDDEN)
    }
}
