import CGtk

extension Box {
    /// Lays the children out in a row or a column (a row that no longer fits becomes a column).
    public var orientation: Orientation {
        get { gtk_orientable_get_orientation(opaque) == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal }
        set { gtk_orientable_set_orientation(opaque, newValue.gtk) }
    }
}
