import CGtk
import Foundation

/// Prints a picture on one page (GtkPrintOperation), as GNOME's image viewer does: the picture
/// fitted to the printable area, keeping its proportions, with a caption (a bold first line,
/// then more lines) under it. Exporting to a PDF goes the same way without a dialog, which is
/// how tests check what would reach the printer.
@MainActor
public final class PictureSheet {
    public enum Outcome: Equatable, Sendable {
        case printed
        case cancelled
        case failed(reason: String)
    }

    private let texture: Texture
    private let heading: String
    private let lines: [String]

    public init(texture: Texture, heading: String, lines: [String]) {
        self.texture = texture
        self.heading = heading
        self.lines = lines
    }

    /// Shows the print dialog over `window` and prints when the user accepts.
    public func print(jobName: String, over window: Window) -> Outcome {
        run(jobName: jobName, action: GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, exportPath: nil, parent: window)
    }

    /// Writes the page to a PDF at `path` without asking.
    public func exportPDF(to path: String, jobName: String) -> Outcome {
        run(jobName: jobName, action: GTK_PRINT_OPERATION_ACTION_EXPORT, exportPath: path, parent: nil)
    }

    private func run(jobName: String, action: GtkPrintOperationAction, exportPath: String?, parent: Window?) -> Outcome
    {
        let operation = gtk_print_operation_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(operation)) }
        gtk_print_operation_set_job_name(operation, jobName)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        if let exportPath { gtk_print_operation_set_export_filename(operation, exportPath) }
        let draw: @MainActor (OpaquePointer) -> Void = { [self] context in drawPage(in: context) }
        apod_connect_pointer_int(
            UnsafeMutableRawPointer(operation), "draw-page",
            { _, context, _, data in
                let body = ClosureBox<@MainActor (OpaquePointer) -> Void>.from(data)
                MainActor.assumeIsolated { body(OpaquePointer(context!)) }
            }, ClosureBox(draw).retainedPointer, releaseBox)
        var error: UnsafeMutablePointer<GError>?
        let parentPointer = parent.map { UnsafeMutablePointer<GtkWindow>(OpaquePointer($0.widgetPointer)) }
        let result = gtk_print_operation_run(operation, action, parentPointer, &error)
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY, GTK_PRINT_OPERATION_RESULT_IN_PROGRESS:
            return .printed
        case GTK_PRINT_OPERATION_RESULT_CANCEL:
            return .cancelled
        default:
            let reason = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            return .failed(reason: reason)
        }
    }

    private func drawPage(in context: OpaquePointer) {
        guard let cairo = gtk_print_context_get_cairo_context(context) else { return }
        let pageWidth = gtk_print_context_get_width(context)
        let pageHeight = gtk_print_context_get_height(context)
        let layout = gtk_print_context_create_pango_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let markup = ["<b>\(Markup.escape(heading))</b>"] + lines.map(Markup.escape)
        pango_layout_set_markup(layout, markup.joined(separator: "\n"), -1)
        pango_layout_set_width(layout, Int32(pageWidth * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        var textWidth: Int32 = 0
        var textHeight: Int32 = 0
        pango_layout_get_size(layout, &textWidth, &textHeight)
        let captionHeight = Double(textHeight) / Double(PANGO_SCALE)
        let gap = 12.0
        let box = (width: pageWidth, height: max(1, pageHeight - captionHeight - gap))
        let scale = min(box.width / Double(texture.width), box.height / Double(texture.height))
        let shown = (width: Double(texture.width) * scale, height: Double(texture.height) * scale)

        if let surface = imageSurface() {
            cairo_save(cairo)
            cairo_translate(cairo, (pageWidth - shown.width) / 2, 0)
            cairo_scale(cairo, scale, scale)
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
            cairo_surface_destroy(surface)
        }
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_move_to(cairo, 0, shown.height + gap)
        pango_cairo_show_layout(cairo, layout)
    }

    /// The texture's pixels in a cairo image surface (premultiplied ARGB, as GDK downloads).
    private func imageSurface() -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(texture.width), Int32(texture.height))
        else { return nil }
        // An error surface (a side over 32,767, no memory) has no pixels to write.
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        gdk_texture_download(texture.texturePointer, data, gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
