import CGtk

extension Widget {
    /// Renders the widget as it is drawn now (widget paintable → snapshot → render node →
    /// the window's renderer → texture). The widget must be mapped and allocated.
    public func renderTexture() -> Texture? {
        guard isMapped, width > 0, height > 0,
            let native = gtk_widget_get_native(widgetPointer),
            let renderer = gtk_native_get_renderer(native)
        else { return nil }
        let paintable = gtk_widget_paintable_new(widgetPointer)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        return Texture(owning: texture)
    }
}
