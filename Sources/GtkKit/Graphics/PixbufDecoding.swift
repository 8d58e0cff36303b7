import CGtk
import Foundation

/// Why GdkPixbuf could not turn bytes into a texture.
public enum PixbufDecodingError: Error, Equatable, Sendable {
    /// `chooseSize` refused the full dimensions before any pixel memory was allocated.
    case refused(width: Int, height: Int)
    /// The bytes are not an image GdkPixbuf can read; `message` is GdkPixbuf's own text.
    case unreadable(message: String)
    /// No one waits for the picture any more (`Cancellable`): decoding stopped.
    case cancelled
}

/// Decodes image bytes with a GdkPixbufLoader. Safe on any thread; call it off the main one.
public enum PixbufDecoding {
    /// Decodes `data` whole (see `PixbufStreamDecoder`, which this feeds in one go); once the
    /// header is read, `chooseSize(fullWidth, fullHeight)` returns the size to decode at, or
    /// nil to refuse. Writing stops at the next piece once `cancellable` is cancelled.
    public static func decode(
        _ data: Data, cancellable: Cancellable? = nil,
        chooseSize: @escaping (Int, Int) -> (width: Int, height: Int)?
    ) throws -> Texture {
        let decoder = try PixbufStreamDecoder(cancellable: cancellable, chooseSize: chooseSize)
        decoder.write(data)
        return try decoder.finish()
    }
}
