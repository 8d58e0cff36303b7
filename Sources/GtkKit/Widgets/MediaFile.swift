import CGtk

/// A video file played by GTK's media stack (`GtkMediaFile`, which on Debian is GStreamer
/// through `libgtk-4-media-gstreamer`). GStreamer decodes on threads of its own; GTK hands
/// each frame to the main thread, so nothing here blocks it.
///
/// Without the media module GTK gives a stream that only fails ("could not find a media
/// module"): `problem` then says so, as it does for a file GStreamer cannot decode.
@MainActor
public final class MediaFile {
    package let reference: ObjectReference
    package var pointer: OpaquePointer { OpaquePointer(reference.pointer) }
    private var stream: UnsafeMutablePointer<GtkMediaStream> {
        UnsafeMutablePointer(OpaquePointer(reference.pointer))
    }

    /// What went wrong, as GTK reported it.
    public struct Problem: Error, Equatable, Sendable {
        /// GLib's error domain (`gst-stream-error-quark`, `gst-core-error-quark`…).
        public let domain: String
        public let code: Int
        public let message: String
    }

    /// Opens `path` (a local file); playing starts only when asked.
    public init(path: String) {
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(gtk_media_file_new_for_filename(path)))
    }

    /// Whether GTK found a media module at all (the GStreamer one, when installed).
    public static var hasMediaModule: Bool {
        // GtkNoMediaFile is what GTK creates when no module loaded.
        let file = gtk_media_file_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let name = String(cString: apod_type_name_of(UnsafeMutableRawPointer(file)))
        return name != "GtkNoMediaFile"
    }

    public var isPrepared: Bool { gtk_media_stream_is_prepared(stream) != 0 }
    public var isPlaying: Bool { gtk_media_stream_get_playing(stream) != 0 }
    public var hasEnded: Bool { gtk_media_stream_get_ended(stream) != 0 }
    public var hasVideo: Bool { gtk_media_stream_has_video(stream) != 0 }

    public func play() { gtk_media_stream_play(stream) }
    public func pause() { gtk_media_stream_pause(stream) }

    /// Position and length in seconds (0 until known).
    public var position: Double { Double(gtk_media_stream_get_timestamp(stream)) / 1_000_000 }
    public var duration: Double { Double(gtk_media_stream_get_duration(stream)) / 1_000_000 }

    /// Moves to `seconds`, kept inside the video.
    public func seek(to seconds: Double) {
        guard gtk_media_stream_is_seekable(stream) != 0 else { return }
        let end = duration > 0 ? duration : seconds
        gtk_media_stream_seek(stream, gint64(max(0, min(seconds, end)) * 1_000_000))
    }

    public var isMuted: Bool {
        get { gtk_media_stream_get_muted(stream) != 0 }
        set { gtk_media_stream_set_muted(stream, newValue ? 1 : 0) }
    }

    /// 0…1.
    public var volume: Double {
        get { gtk_media_stream_get_volume(stream) }
        set { gtk_media_stream_set_volume(stream, max(0, min(1, newValue))) }
    }

    public var loops: Bool {
        get { gtk_media_stream_get_loop(stream) != 0 }
        set { gtk_media_stream_set_loop(stream, newValue ? 1 : 0) }
    }

    public var problem: Problem? {
        guard let error = gtk_media_stream_get_error(stream) else { return nil }
        return Problem(
            domain: String(cString: g_quark_to_string(error.pointee.domain)), code: Int(error.pointee.code),
            message: error.pointee.message.map { String(cString: $0) } ?? "")
    }

    /// The frame the stream holds now (after a seek, once its `onFrame` came), or nil before
    /// the first. GStreamer's sink hands GTK each frame as a texture (in memory, for a stream
    /// no widget shows), so this takes a reference and copies no pixels.
    public var currentFrame: Texture? {
        guard let image = gdk_paintable_get_current_image(pointer) else { return nil }
        guard apod_is_texture(UnsafeMutableRawPointer(image)) != 0 else {
            g_object_unref(UnsafeMutableRawPointer(image))
            return nil
        }
        let texture = Texture(owning: image)
        return texture.width > 0 && texture.height > 0 ? texture : nil
    }

    /// Runs `handler` when the stream becomes ready to play (its size and length known).
    public func onPrepared(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(reference.pointer, "notify::prepared") { _ in handler() }
    }

    /// Runs `handler` when the stream fails; `problem` says why.
    public func onProblem(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(reference.pointer, "notify::error") { _ in handler() }
    }

    /// Runs `handler` when the stream reaches its end (or, for a file still growing, the end
    /// of what it held when read).
    public func onEnded(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(reference.pointer, "notify::ended") { _ in handler() }
    }

    /// Runs `handler` when playing starts or stops.
    public func onPlayingChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(reference.pointer, "notify::playing") { _ in handler() }
    }

    /// Runs `handler` each time the position moves (every frame while playing).
    public func onPositionChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(reference.pointer, "notify::timestamp") { _ in handler() }
    }

    /// Whether a seek is under way.
    public var isSeeking: Bool { gtk_media_stream_is_seeking(stream) != 0 }

    /// Runs `handler` when a seek starts or ends.
    public func onSeekingChanged(_ handler: @escaping @MainActor () -> Void) {
        Signal.connectPointer(reference.pointer, "notify::seeking") { _ in handler() }
    }

    /// Runs `handler` each time the stream hands GTK a new frame.
    public func onFrame(_ handler: @escaping @MainActor () -> Void) {
        Signal.connect(reference.pointer, "invalidate-contents", handler)
    }

    /// Stops the pipeline and lets go of the file: GTK's media file closes it on clear.
    public func close() {
        gtk_media_stream_pause(stream)
        gtk_media_file_clear(UnsafeMutablePointer(OpaquePointer(reference.pointer)))
    }
}

/// GTK's video widget: the current frame, scaled to fit, with GTK's own controls (play/pause,
/// the position and the volume) shown over it while the pointer moves.
@MainActor
public final class Video: Widget {
    public private(set) var media: MediaFile?

    public init() {
        super.init(gtk_video_new())
        gtk_video_set_autoplay(cast(), 0)
    }

    /// Shows `media`, or nothing.
    public func setMedia(_ media: MediaFile?) {
        self.media = media
        gtk_video_set_media_stream(cast(), media.map { UnsafeMutablePointer(OpaquePointer($0.reference.pointer)) })
    }

    /// The size of the current frame, once known.
    public var frameSize: (width: Int, height: Int)? {
        guard let media, media.isPrepared else { return nil }
        let paintable = media.pointer
        let width = Int(gdk_paintable_get_intrinsic_width(paintable))
        let height = Int(gdk_paintable_get_intrinsic_height(paintable))
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
