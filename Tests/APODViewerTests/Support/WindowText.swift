import CGtk

/// Every piece of text the open windows hold: titles, labels, tooltips, accessible names set
/// through GtkKit and editable text, for tests that must prove something (an API key) is shown
/// nowhere.
@MainActor
enum WindowText {
    /// The windows open now (to leave out those an earlier test left behind).
    static func toplevels() -> Set<UnsafeMutableRawPointer> {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var windows: Set<UnsafeMutableRawPointer> = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { windows.insert(data) }
            node = current.pointee.next
        }
        return windows
    }

    /// - Parameter skippingHiddenTooltips: leaves out a tooltip window that is not on screen:
    ///   GTK moves its one tooltip window between windows, and a hidden one keeps the last text
    ///   it showed, maybe of an earlier test's window (a shown tooltip's text is every widget's
    ///   `tooltip` anyway).
    static func all(
        excluding excluded: Set<UnsafeMutableRawPointer> = [], skippingHiddenTooltips: Bool = false
    ) -> [String] {
        var texts: [String] = []
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var node = list
        while let current = node {
            if let data = current.pointee.data, excluded.contains(data) {
                node = current.pointee.next
                continue
            }
            let window = current.pointee.data.assumingMemoryBound(to: GtkWindow.self)
            if let title = gtk_window_get_title(window) { texts.append(String(cString: title)) }
            collect(
                UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self), into: &texts,
                skippingHiddenTooltips: skippingHiddenTooltips)
            node = current.pointee.next
        }
        return texts
    }

    private static func collect(
        _ widget: UnsafeMutablePointer<GtkWidget>, into texts: inout [String], skippingHiddenTooltips: Bool
    ) {
        let type = String(
            cString: g_type_name_from_instance(
                UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
        if skippingHiddenTooltips, type == "GtkTooltipWindow", gtk_widget_get_mapped(widget) == 0 { return }
        if let tooltip = gtk_widget_get_tooltip_text(widget) { texts.append(String(cString: tooltip)) }
        if let name = apod_accessible_label(widget) { texts.append(String(cString: name)) }
        switch type {
        case "GtkLabel": texts.append(String(cString: gtk_label_get_text(OpaquePointer(widget))))
        case "GtkText": texts.append(String(cString: gtk_editable_get_text(OpaquePointer(widget))))
        default: break
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collect(current, into: &texts, skippingHiddenTooltips: skippingHiddenTooltips)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}

/// The access keys of the windows on screen: for each window (by title), each letter and the
/// labels on screen that use it (a label's mnemonic, `_T` in 「今天(_T)」).
@MainActor
enum AccessKeys {
    /// Access keys by window title and letter: of the labels on screen, or with `wholeWindows`
    /// of every label in the windows' trees (the About window's pages are one window).
    static func onScreen(wholeWindows: Bool = false) -> [String: [Character: [String]]] {
        var result: [String: [Character: [String]]] = [:]
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var node = list
        while let current = node {
            let window = current.pointee.data.assumingMemoryBound(to: GtkWindow.self)
            let widget = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_mapped(widget) != 0 {
                let title = gtk_window_get_title(window).map { String(cString: $0) } ?? ""
                var keys: [Character: [String]] = [:]
                collect(widget, into: &keys, mappedOnly: !wholeWindows)
                result[title, default: [:]].merge(keys) { $0 + $1 }
            }
            node = current.pointee.next
        }
        return result
    }

    private static func collect(
        _ widget: UnsafeMutablePointer<GtkWidget>, into keys: inout [Character: [String]], mappedOnly: Bool
    ) {
        guard !mappedOnly || gtk_widget_get_mapped(widget) != 0 else { return }
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if String(cString: g_type_name_from_instance(instance)) == "GtkLabel",
            gtk_label_get_use_underline(OpaquePointer(widget)) != 0
        {
            let text = String(cString: gtk_label_get_label(OpaquePointer(widget)))
            if let underscore = text.firstIndex(of: "_"), text.index(after: underscore) < text.endIndex {
                let key = Character(text[text.index(after: underscore)].lowercased())
                keys[key, default: []].append(text)
            }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collect(current, into: &keys, mappedOnly: mappedOnly)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
