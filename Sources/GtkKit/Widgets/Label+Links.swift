import CGtk

extension Label {
    /// Adds `menu`'s items to the label's own context menu (Copy, Select All, Copy Link Address).
    public func setExtraMenu(_ menu: Menu) {
        gtk_label_set_extra_menu(cast(), menu.modelPointer)
    }

    /// Runs `handler` with the UTF-8 offset into the label's text under the pointer (nil: off
    /// the text) when the secondary button is pressed, before the label opens its context menu,
    /// so the menu's own items can act on the link that was right-clicked.
    public func onSecondaryPress(_ handler: @escaping @MainActor (Int?) -> Void) {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gesture, UInt32(GDK_BUTTON_SECONDARY))
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        Signal.connectPress(UnsafeMutableRawPointer(gesture), "pressed") { [weak self] _, x, y in
            handler(self?.textOffset(x: x, y: y))
        }
        gtk_widget_add_controller(widgetPointer, gesture)
    }

    /// The UTF-8 offset into the text at widget point (`x`, `y`); nil off the text.
    public func textOffset(x: Double, y: Double) -> Int? {
        guard let layout = gtk_label_get_layout(cast()) else { return nil }
        var offsetX: Int32 = 0
        var offsetY: Int32 = 0
        gtk_label_get_layout_offsets(cast(), &offsetX, &offsetY)
        var index: Int32 = 0
        var trailing: Int32 = 0
        let scale = Double(PANGO_SCALE)
        let inside = pango_layout_xy_to_index(
            layout, Int32((x - Double(offsetX)) * scale),
            Int32((y - Double(offsetY)) * scale), &index, &trailing)
        return inside != 0 ? Int(index) : nil
    }

    /// Where the text at UTF-8 `offset` is drawn, in widget coordinates (tests click there).
    public func point(atTextOffset offset: Int) -> (x: Double, y: Double)? {
        guard let layout = gtk_label_get_layout(cast()) else { return nil }
        var offsetX: Int32 = 0
        var offsetY: Int32 = 0
        gtk_label_get_layout_offsets(cast(), &offsetX, &offsetY)
        var rect = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(offset), &rect)
        let scale = Double(PANGO_SCALE)
        return (
            Double(offsetX) + (Double(rect.x) + Double(rect.width) / 2) / scale,
            Double(offsetY) + (Double(rect.y) + Double(rect.height) / 2) / scale
        )
    }
}
