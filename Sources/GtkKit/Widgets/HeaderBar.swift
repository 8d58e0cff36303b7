import CGtk

/// The window's title bar with buttons at its start and end.
@MainActor
public final class HeaderBar: Widget {
    public init() {
        super.init(gtk_header_bar_new())
    }

    public func packStart(_ widget: Widget) { gtk_header_bar_pack_start(cast(), widget.widgetPointer) }
    public func packEnd(_ widget: Widget) { gtk_header_bar_pack_end(cast(), widget.widgetPointer) }

}
