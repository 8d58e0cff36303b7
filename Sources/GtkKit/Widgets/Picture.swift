import CGtk

public enum ContentFit: Sendable {
    /// The whole picture, aspect kept, letterboxed.
    case contain
    /// Fills the area, aspect kept, edges cropped (grid thumbnails).
    case cover

    var gtk: GtkContentFit { self == .contain ? GTK_CONTENT_FIT_CONTAIN : GTK_CONTENT_FIT_COVER }
}

/// Shows a texture scaled to its allocation.
@MainActor
public final class Picture: Widget {
    /// Kept so `texture` answers with the same wrapper the caller set.
    public private(set) var texture: Texture?

    public init(fit: ContentFit = .contain) {
        super.init(gtk_picture_new())
        gtk_picture_set_can_shrink(cast(), 1)
        gtk_picture_set_content_fit(cast(), fit.gtk)
    }

    /// Shows `texture` (GtkPicture takes its own reference), or nothing.
    public func setTexture(_ texture: Texture?) {
        self.texture = texture
        gtk_picture_set_paintable(cast(), texture?.paintablePointer)
    }

    /// Size of the texture GTK is currently showing, in pixels.
    public var shownPixelSize: (width: Int, height: Int)? {
        guard let paintable = gtk_picture_get_paintable(cast()),
            apod_is_texture(UnsafeMutableRawPointer(paintable)) != 0
        else { return nil }
        return (Int(gdk_texture_get_width(paintable)), Int(gdk_texture_get_height(paintable)))
    }

    /// Text read by screen readers in place of the picture.
    public var alternativeText: String? {
        get { gtk_picture_get_alternative_text(cast()).map { String(cString: $0) } }
        set { gtk_picture_set_alternative_text(cast(), newValue) }
    }
}
