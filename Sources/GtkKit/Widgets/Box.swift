import CGtk

public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// A row or column of widgets.
@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(gtk_box_new(orientation.gtk, Int32(spacing)))
    }

    public func append(_ child: Widget) {
        gtk_box_append(cast(), child.widgetPointer)
    }

    /// Joins buttons visually, as in a segmented control.
    public func linkChildren() { addCSSClass("linked") }
}

extension Box {
    /// Whether every child gets the same size along the box.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(cast()) != 0 }
        set { gtk_box_set_homogeneous(cast(), newValue ? 1 : 0) }
    }
}
