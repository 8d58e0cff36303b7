import CGtk

/// What the flow boxes on screen hold, read from GTK's widget tree itself: lets a benchmark
/// watch a window fill (cells appearing, pictures arriving) with no hooks in the window's code.
/// The windows' own pictures (the main window's day) and their first frames are counted too.
public struct FlowBoxCensus: Equatable, Sendable {
    /// Children of the mapped flow boxes of every toplevel window.
    public var children = 0
    /// Those children holding a picture that shows something.
    public var showingPicture = 0
    /// Toplevel windows on screen: the first one is the app's first frame.
    public var mappedWindows = 0
    /// Toplevel windows on screen whose frame clock has begun a frame (its counter starts at -1).
    public var drawnWindows = 0
    /// Pictures on screen outside the flow boxes showing something (the main window's day).
    public var windowPictures = 0

    /// Counts now; a walk over the toplevels' widgets, cheap enough to run every few ms.
    @MainActor
    public static func take() -> FlowBoxCensus {
        var census = FlowBoxCensus()
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var node = list
        while let current = node {
            let window = current.pointee.data.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_mapped(window) != 0 {
                census.mappedWindows += 1
                if let clock = gtk_widget_get_frame_clock(window), gdk_frame_clock_get_frame_counter(clock) >= 0 {
                    census.drawnWindows += 1
                }
            }
            census.visit(window)
            node = current.pointee.next
        }
        return census
    }

    @MainActor
    private mutating func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if Self.is(widget, gtk_flow_box_get_type()) {
            guard gtk_widget_get_mapped(widget) != 0 else { return }
            Self.forEachChild(of: widget) { child in
                children += 1
                if Self.showsPicture(child) { showingPicture += 1 }
            }
            return
        }
        if Self.is(widget, gtk_picture_get_type()), gtk_widget_get_mapped(widget) != 0,
            gtk_picture_get_paintable(OpaquePointer(widget)) != nil
        {
            windowPictures += 1
        }
        Self.forEachChild(of: widget) { visit($0) }
    }

    @MainActor
    private static func showsPicture(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if `is`(widget, gtk_picture_get_type()) {
            return gtk_picture_get_paintable(OpaquePointer(widget)) != nil
        }
        var found = false
        forEachChild(of: widget) { if !found { found = showsPicture($0) } }
        return found
    }

    @MainActor
    private static func forEachChild(
        of widget: UnsafeMutablePointer<GtkWidget>,
        _ body: (UnsafeMutablePointer<GtkWidget>) -> Void
    ) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            body(current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func `is`(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }
}
