import CGtk

/// A themed icon.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int? = nil) {
        super.init(gtk_image_new_from_icon_name(iconName))
        if let pixelSize { gtk_image_set_pixel_size(cast(), Int32(pixelSize)) }
    }

    public var iconName: String? {
        get { gtk_image_get_icon_name(cast()).map { String(cString: $0) } }
        set { gtk_image_set_from_icon_name(cast(), newValue) }
    }
}
