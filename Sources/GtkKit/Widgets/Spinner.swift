import CGtk

/// An activity indicator; spins only while `isSpinning`.
@MainActor
public final class Spinner: Widget {
    public init(size: Int = 32) {
        super.init(gtk_spinner_new())
        setSizeRequest(width: size, height: size)
    }

    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(cast()) != 0 }
        set { gtk_spinner_set_spinning(cast(), newValue ? 1 : 0) }
    }
}
