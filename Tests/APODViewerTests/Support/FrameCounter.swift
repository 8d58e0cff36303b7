import CGtk
import GtkKit

/// Frames drawn for a widget's surface, from its GdkFrameClock: tests use it to prove that
/// drawing went on (an animation really animated) while other work ran.
@MainActor
struct FrameCounter {
    let widget: Widget

    /// The frame clock's counter; nil while the widget is not realized.
    var frames: Int? {
        guard let clock = gtk_widget_get_frame_clock(widget.widgetPointer) else { return nil }
        return Int(gdk_frame_clock_get_frame_counter(clock))
    }

    /// The class name of the renderer drawing the widget's window (`GskGLRenderer`,
    /// `GskCairoRenderer`…), so a test can check which renderer it ran under.
    var rendererName: String? {
        guard let native = gtk_widget_get_native(widget.widgetPointer),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        return String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(renderer)))
    }
}
