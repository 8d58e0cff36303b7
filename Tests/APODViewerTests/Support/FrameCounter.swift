import CAdw
import CGtk
import Foundation
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
            let renderer = gtk_native_get_renderer(native)
        else { return nil }
        return String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(renderer)))
    }
}

/// Waiting on GDK's frame clocks instead of the wall clock: what a step queued (a resize, new
/// text, a page shown, a zoom) is laid out and painted in the next frames of its window, which
/// come every 16 ms on an idle machine and much later under load or software GL.
@MainActor
enum Frames {
    /// Iterates the main loop until every toplevel window on screen has drawn `count` more
    /// frames (each asked for, so an unchanged window draws too); false after `timeout`.
    /// Two frames: a layout can queue another resize (wrapping labels), laid out in the next.
    static func wait(count: Int = 2, timeout: TimeInterval = 10) -> Bool {
        let windows = mappedToplevels()
        defer { windows.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        for _ in 0..<count {
            let before = windows.map(counter)
            windows.forEach { gtk_widget_queue_draw($0) }
            let drawn = Gtk.iterate(
                until: {
                    zip(windows, before).allSatisfy { window, start in
                        gtk_widget_get_mapped(window) == 0 || (counter(of: window) ?? 0) > (start ?? 0)
                    }
                }, timeout: timeout)
            guard drawn else { return false }
        }
        Gtk.iterate()
        return true
    }

    /// Iterates until no stack or squeezer on screen is in a transition (a page fading in over 200 ms),
    /// then waits for frames; false after `timeout`.
    static func waitForTransitions(timeout: TimeInterval = 10) -> Bool {
        Gtk.iterate(
            until: { !mappedToplevels(retained: false).contains(where: hasRunningTransition) }, timeout: timeout)
            && wait(timeout: timeout)
    }

    /// The toplevel windows on screen, each with a reference the caller drops (unless not `retained`).
    private static func mappedToplevels(retained: Bool = true) -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var windows: [UnsafeMutablePointer<GtkWidget>] = []
        var node = list
        while let current = node {
            let window = current.pointee.data.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_mapped(window) != 0 {
                if retained { g_object_ref(UnsafeMutableRawPointer(window)) }
                windows.append(window)
            }
            node = current.pointee.next
        }
        return windows
    }

    private static func counter(of widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        gtk_widget_get_frame_clock(widget).map { gdk_frame_clock_get_frame_counter($0) }
    }

    /// A GtkStack or libadwaita's AdwSqueezer (the view switcher title's) crossfading children.
    private static func hasRunningTransition(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
        if g_type_check_instance_is_a(instance, gtk_stack_get_type()) != 0,
            gtk_stack_get_transition_running(OpaquePointer(widget)) != 0
        {
            return true
        }
        if g_type_check_instance_is_a(instance, adw_squeezer_get_type()) != 0,
            adw_squeezer_get_transition_running(OpaquePointer(widget)) != 0
        {
            return true
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_get_mapped(current) != 0, hasRunningTransition(current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }
}
