import CGtk

extension Window {
    /// Makes this window a modal dialog of `parent`: it stays above it, blocks it, and its
    /// header bar offers no minimize or maximize button (GTK drops them for such windows).
    public func makeDialog(of parent: Window) {
        gtk_window_set_transient_for(cast(), parent.cast())
        gtk_window_set_modal(cast(), 1)
        gtk_window_set_destroy_with_parent(cast(), 1)
    }

    public var isModal: Bool { !isDestroyed && gtk_window_get_modal(cast()) != 0 }

    /// The window this one is a dialog of, when it is `candidate`.
    public func isDialog(of candidate: Window) -> Bool {
        !isDestroyed && gtk_window_get_transient_for(cast()) == candidate.cast()
    }

    /// The width the window has (or will have once shown): GTK keeps its default width in
    /// step with the user's resizing, so it is the width layouts adapt to.
    public var currentWidth: Int {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(), &width, &height)
        return Int(width)
    }

    /// Calls `handler` whenever the window's width changes (resized by the user or `resize`).
    public func onWidthChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(UnsafeMutableRawPointer(widgetPointer), "notify::default-width") { _ in handler() }
    }
}

extension Box {
    /// Lays the children out in a row or a column (a row that no longer fits becomes a column).
    public var orientation: Orientation {
        get { gtk_orientable_get_orientation(opaque) == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal }
        set { gtk_orientable_set_orientation(opaque, newValue.gtk) }
    }
}

extension Button {
    /// The button's text label (mnemonics allowed), replaceable after creation.
    public var label: String? {
        get { gtk_button_get_label(cast()).map { String(cString: $0) } }
        set {
            gtk_button_set_label(cast(), newValue)
            gtk_button_set_use_underline(cast(), 1)
        }
    }
}

extension Overlay {
    /// Keeps overlay children inside the main child's area (pictures cropped to a frame).
    public func clipsOverlays() {
        gtk_widget_set_overflow(widgetPointer, GTK_OVERFLOW_HIDDEN)
    }
}

extension Button {
    /// Shows only `name`'s icon instead of the label (narrow header bars); setting `label`
    /// brings the text back.
    public func showIcon(_ name: String) {
        gtk_button_set_icon_name(cast(), name)
    }
}

extension HeaderBar {
    /// Leaves the window title out of the bar (a narrow window keeps its buttons instead of
    /// an ellipsized title); false shows the title again.
    public func hideTitle(_ hidden: Bool) {
        gtk_header_bar_set_title_widget(cast(), hidden ? gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0) : nil)
    }
}
