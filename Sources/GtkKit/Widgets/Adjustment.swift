import CGtk

/// One axis of a scrolled window (GtkAdjustment): the visible part (`value` … `value + pageSize`)
/// of content `upper` long. The scrolled window owns it.
@MainActor
public final class Adjustment {
    let pointer: UnsafeMutablePointer<GtkAdjustment>

    init(_ pointer: UnsafeMutablePointer<GtkAdjustment>) {
        self.pointer = pointer
    }

    public var value: Double {
        get { gtk_adjustment_get_value(pointer) }
        set { gtk_adjustment_set_value(pointer, newValue) }
    }

    public var upper: Double { gtk_adjustment_get_upper(pointer) }
    public var pageSize: Double { gtk_adjustment_get_page_size(pointer) }

    /// Sets the content length and the position at once, before the next layout would: the way
    /// to keep a point under the pointer while the content grows (zooming).
    public func setContent(length: Double, value: Double) {
        let page = pageSize
        gtk_adjustment_configure(
            pointer, min(max(0, value), max(0, length - page)), 0, max(length, page),
            gtk_adjustment_get_step_increment(pointer),
            gtk_adjustment_get_page_increment(pointer), page)
    }

    /// Runs `handler` when the length or page size changes (the scrolled window was resized).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(pointer), "changed", handler)
    }
}

extension Adjustment {
    /// Runs `handler` when the visible part moves (scrolling).
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(UnsafeMutableRawPointer(pointer), "value-changed", handler)
    }
}
