import CGtk
import Foundation

/// A picture as other applications take it, the way GNOME's image viewer hands one over: the
/// texture (GTK offers it as `image/png` and the other image types it can encode) and the file
/// (`text/uri-list`, a file list, so file managers and mail clients get the original bytes),
/// both in one union provider for the clipboard and for drag and drop.
@MainActor
public enum PictureContent {
    /// A new content provider (an owned reference) for `texture` and the file at `file`; either
    /// may be missing, not both.
    package static func provider(texture: Texture?, file: URL?) -> UnsafeMutablePointer<GdkContentProvider>? {
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
        if let texture {
            providers.append(
                objectProvider(type: gdk_texture_get_type(), object: UnsafeMutableRawPointer(texture.texturePointer)))
        }
        if let file {
            let gfile = g_file_new_for_path(file.path)
            providers.append(objectProvider(type: g_file_get_type(), object: UnsafeMutableRawPointer(gfile)))
            g_object_unref(UnsafeMutableRawPointer(gfile))
        }
        guard !providers.isEmpty else { return nil }
        return gdk_content_provider_new_union(&providers, gsize(providers.count))
    }

    private static func objectProvider(type: GType, object: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<
        GdkContentProvider
    >? {
        var value = GValue()
        g_value_init(&value, type)
        g_value_set_object(&value, object)
        defer { g_value_unset(&value) }
        return gdk_content_provider_new_for_value(&value)
    }

    /// The MIME types `provider` offers, as a drop target or clipboard reader sees them.
    package static func mimeTypes(of provider: UnsafeMutablePointer<GdkContentProvider>) -> [String] {
        guard let storable = gdk_content_provider_ref_storable_formats(provider),
            let formats = gdk_content_formats_union_serialize_mime_types(storable)
        else { return [] }
        defer { gdk_content_formats_unref(formats) }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// The GTypes `provider` offers by name ("GdkTexture", "GFile"…).
    package static func typeNames(of provider: UnsafeMutablePointer<GdkContentProvider>) -> [String] {
        guard let formats = gdk_content_provider_ref_formats(provider) else { return [] }
        defer { gdk_content_formats_unref(formats) }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_gtypes(formats, &count) else { return [] }
        return (0..<Int(count)).map { String(cString: g_type_name(types[$0])) }
    }

    /// The path of the file `provider` holds, if any.
    package static func filePath(in provider: UnsafeMutablePointer<GdkContentProvider>) -> String? {
        var value = GValue()
        g_value_init(&value, g_file_get_type())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(provider, &value, nil) != 0,
            let file = g_value_get_object(&value), let path = g_file_get_path(OpaquePointer(file))
        else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    /// The size of the texture `provider` holds, if any.
    package static func textureSize(in provider: UnsafeMutablePointer<GdkContentProvider>) -> (width: Int, height: Int)?
    {
        var value = GValue()
        g_value_init(&value, gdk_texture_get_type())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(provider, &value, nil) != 0, let texture = g_value_get_object(&value)
        else {
            return nil
        }
        return (Int(gdk_texture_get_width(OpaquePointer(texture))), Int(gdk_texture_get_height(OpaquePointer(texture))))
    }
}

/// What this process last put on a clipboard, read back (tests; another application's content
/// is read asynchronously and never needed here).
public struct LocalClipboardContent {
    /// The MIME types offered to other applications (`image/png`, `text/uri-list`…).
    public let mimeTypes: [String]
    public let textureSize: (width: Int, height: Int)?
    public let filePath: String?
}

extension Window {
    /// Puts a picture on the clipboard: `texture` and the file at `file` (see `PictureContent`).
    public func copyPictureToClipboard(texture: Texture?, file: URL?) {
        guard let provider = PictureContent.provider(texture: texture, file: file) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        gdk_clipboard_set_content(gtk_widget_get_clipboard(widgetPointer), provider)
    }

    public var localClipboardContent: LocalClipboardContent? {
        let clipboard = gtk_widget_get_clipboard(widgetPointer)
        guard let provider = gdk_clipboard_get_content(clipboard), let formats = gdk_clipboard_get_formats(clipboard)
        else {
            return nil
        }
        var count: gsize = 0
        let types = gdk_content_formats_get_mime_types(formats, &count)
        let mimeTypes = (0..<Int(count)).compactMap { types?[$0].map { String(cString: $0) } }
        return LocalClipboardContent(
            mimeTypes: mimeTypes, textureSize: PictureContent.textureSize(in: provider),
            filePath: PictureContent.filePath(in: provider))
    }

    /// When the focused widget has selected text (a selectable label, an entry), copies it as
    /// Ctrl+C always did and returns true; the window's own Ctrl+C (copy the picture) is for
    /// when nothing is selected.
    public func copyFocusedSelection() -> Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(widgetPointer)) else { return false }
        var hasSelection = false
        var start: Int32 = 0
        var end: Int32 = 0
        if g_type_check_instance_is_a(
            UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self),
            gtk_label_get_type()) != 0
        {
            hasSelection = gtk_label_get_selection_bounds(OpaquePointer(focus), &start, &end) != 0 && start != end
        } else if g_type_check_instance_is_a(
            UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self),
            gtk_editable_get_type()) != 0
        {
            hasSelection = gtk_editable_get_selection_bounds(OpaquePointer(focus), &start, &end) != 0 && start != end
        }
        guard hasSelection else { return false }
        return gtk_widget_activate_action_variant(focus, "clipboard.copy", nil) != 0
    }
}

/// Drags a picture out of a widget (GtkDragSource) as a file, plus its texture, so a file
/// manager copies the original and an editor can take the pixels. Nothing is offered until
/// `setContent` gives it something.
@MainActor
public final class PictureDragSource: EventController {
    /// - Parameter allowed: asked as each press starts: whether a drag may start now (not
    ///   while a zoomed-in picture pans under the same pointer).
    public init(on widget: Widget, allowed: @escaping @MainActor () -> Bool) {
        super.init(adding: gtk_drag_source_new(), to: widget)
        gtk_drag_source_set_actions(controllerPointer, GDK_ACTION_COPY)
        let source = controllerPointer
        let press = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signal.connectPress(UnsafeMutableRawPointer(press), "pressed") { _, _, _ in
            gtk_event_controller_set_propagation_phase(source, allowed() ? GTK_PHASE_BUBBLE : GTK_PHASE_NONE)
        }
        gtk_widget_add_controller(widget.widgetPointer, press)
    }

    /// What a drag starting now carries; nil: no drag starts.
    public func setContent(texture: Texture?, file: URL?) {
        let provider = file == nil ? nil : PictureContent.provider(texture: texture, file: file)
        gtk_drag_source_set_content(controllerPointer, provider)
        if let provider { g_object_unref(UnsafeMutableRawPointer(provider)) }
    }

    /// The GTypes the content offers by name ("GdkTexture", "GFile"); empty without content.
    public var offeredTypeNames: [String] {
        guard let provider = gtk_drag_source_get_content(controllerPointer) else { return [] }
        return PictureContent.typeNames(of: provider)
    }

    public var offeredMimeTypes: [String] {
        guard let provider = gtk_drag_source_get_content(controllerPointer) else { return [] }
        return PictureContent.mimeTypes(of: provider)
    }

    public var offeredFilePath: String? {
        gtk_drag_source_get_content(controllerPointer).flatMap { PictureContent.filePath(in: $0) }
    }
}
