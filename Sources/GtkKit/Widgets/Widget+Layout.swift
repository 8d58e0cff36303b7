import CGtk

extension Widget {
    public var marginStart: Int { Int(gtk_widget_get_margin_start(widgetPointer)) }
    public var marginTop: Int { Int(gtk_widget_get_margin_top(widgetPointer)) }

    /// Whether this widget is `container` or inside it.
    public func isInside(_ container: Widget) -> Bool {
        widgetPointer == container.widgetPointer || gtk_widget_is_ancestor(widgetPointer, container.widgetPointer) != 0
    }
}

extension Widget {
    /// 0 (transparent) to 1; transparent widgets stay realized and keep their place.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widgetPointer) }
        set { gtk_widget_set_opacity(widgetPointer, newValue) }
    }

    /// Whether pointer events may land on the widget.
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widgetPointer) != 0 }
        set { gtk_widget_set_can_target(widgetPointer, newValue ? 1 : 0) }
    }
}

extension Widget {
    /// The first widget of GType `type` under this one, depth first (a widget a library made
    /// inside its own, such as a page's scrolled window).
    package func firstDescendant(ofType type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        descendants(ofType: type).first
    }

    /// Every widget of GType `type` under this one, depth first.
    package func descendants(ofType type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        func search(_ widget: UnsafeMutablePointer<GtkWidget>) {
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if g_type_check_instance_is_a(
                    UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), type) != 0
                {
                    found.append(current)
                }
                search(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        search(widgetPointer)
        return found
    }
}

extension Widget {
    /// Keeps the widgets of GType `type` under this one from screen readers while they are not
    /// mapped (see `hideFromScreenReadersWhileUnmapped`).
    package func hideUnmappedDescendantsFromScreenReaders(ofType type: GType) {
        descendants(ofType: type).forEach(Self.hideWhileUnmapped)
    }

    /// Keeps the widget from screen readers while it is not mapped. GTK 4.8 presents every
    /// visible widget, drawn or not, and a stack keeps its hidden pages visible but unmapped
    /// (as a squeezer does its unchosen children): a screen reader would find them all.
    package func hideFromScreenReadersWhileUnmapped() {
        Self.hideWhileUnmapped(widgetPointer)
    }

    /// Keeps the widget from screen readers for good: a visible caption that repeats the
    /// accessible name of the control under it would be read twice.
    public func hideFromScreenReaders() {
        apod_accessible_set_hidden(widgetPointer, 1)
    }

    private static func hideWhileUnmapped(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let instance = UnsafeMutableRawPointer(widget)
        apod_accessible_set_hidden(widget, gtk_widget_get_mapped(widget) == 0 ? 1 : 0)
        Signal.connect(instance, "map") { apod_accessible_set_hidden(widget, 0) }
        Signal.connect(instance, "unmap") { apod_accessible_set_hidden(widget, 1) }
    }
}

extension Widget {
    /// Names the icon-only buttons a library made inside this widget after their tooltips, or
    /// after `fallbacks[icon name]` when they have none: GTK 4.8 would call them "GtkImage".
    /// (Buttons with text are named by it already.)
    package func nameIconButtons(fallbacks: [String: String] = [:]) {
        for button in descendants(ofType: gtk_button_get_type()) {
            let pointer = UnsafeMutablePointer<GtkButton>(OpaquePointer(button))
            guard let icon = gtk_button_get_icon_name(pointer).map({ String(cString: $0) }) else { continue }
            let tooltip = gtk_widget_get_tooltip_text(button).map { String(cString: $0) }
            if let name = tooltip ?? fallbacks[icon] { apod_accessible_set_label(button, name) }
        }
    }
}

extension Widget {
    /// The texts of the labels under this widget that are on screen but cut short with "…"
    /// (tests: a label that must fit).
    public var ellipsizedLabelTexts: [String] {
        descendants(ofType: gtk_label_get_type()).compactMap { label in
            guard gtk_widget_get_mapped(label) != 0 else { return nil }
            let opaque = OpaquePointer(label)
            guard let layout = gtk_label_get_layout(opaque), pango_layout_is_ellipsized(layout) != 0 else { return nil }
            return String(cString: gtk_label_get_text(opaque))
        }
    }
}

extension Widget {
    /// Whether the widget got less height than it needs at the width it got: its last lines
    /// are cut off (a wrapping label whose text grew after its container was sized).
    public var isCutOff: Bool {
        let width = gtk_widget_get_width(widgetPointer)
        guard gtk_widget_get_mapped(widgetPointer) != 0, width > 0 else { return false }
        var minimum: Int32 = 0
        gtk_widget_measure(widgetPointer, GTK_ORIENTATION_VERTICAL, width, &minimum, nil, nil, nil)
        return gtk_widget_get_height(widgetPointer) < minimum
    }
}

extension Widget {
    /// The height the widget asks for at `width` (its natural height), laid out or not: what a
    /// window can expect a part to take before its first allocation.
    public func naturalHeight(forWidth width: Int) -> Int {
        var natural: Int32 = 0
        gtk_widget_measure(widgetPointer, GTK_ORIENTATION_VERTICAL, Int32(width), nil, &natural, nil, nil)
        return Int(natural)
    }
}
