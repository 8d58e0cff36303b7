import Foundation

/// Takes a picture's bytes in order while they arrive, so decoding can start before the last
/// one. The viewer's implementation feeds a GdkPixbufLoader; the core knows nothing of it.
///
/// Nothing a consumer is handed counts as a picture yet: the loader checks size, type and
/// completeness once the body has ended, and `FetchedImage.streamed` says whether what the
/// consumer saw is the picture. When it is not (a body cut off, an HTML page), its work is
/// thrown away and the caller gets the loader's error.
public protocol ImageChunkConsumer: AnyObject, Sendable {
    /// The next bytes, in order, called from the downloading task. A consumer keeps its own
    /// failures (bytes its decoder cannot read) for later rather than throwing: the download
    /// goes on for the disk cache and for other callers of the same picture.
    func consume(_ chunk: Data) async

    /// Everything handed so far is void: the download starts again from the first byte (a
    /// retry after the body was cut off).
    func restart()
}

/// Validated picture bytes, and whether a chunk consumer saw exactly these bytes arrive.
public struct FetchedImage: Sendable {
    public let data: Data
    /// True when the consumer was handed these bytes, in order, and nothing else, so its work
    /// is the picture's. False when they came from the disk cache or from a download another
    /// caller had started: the consumer saw none of them.
    public let streamed: Bool

    public init(data: Data, streamed: Bool) {
        self.data = data
        self.streamed = streamed
    }
}
