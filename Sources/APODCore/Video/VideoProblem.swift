import Foundation

/// Why a video could not be played in the app; the reason completes the sentence "This video
/// cannot be played here: …" (`APODError.videoUnplayable`).
public enum VideoProblem: Error, Equatable, Sendable {
    /// The server has no such file (404, 410).
    case notFound
    /// The server refused it with another 4xx status.
    case refused(status: Int)
    /// The answer is not a video file (an HTML page, JSON, an image…).
    case notAVideo
    /// The file is larger than the app downloads (`VideoDownload.maxBytes`), announced or not.
    case tooLarge(megabytes: Int)
    /// The file stops early or its contents do not decode.
    case damaged
    /// GStreamer has no decoder for it; `package` is the Debian package that brings one.
    case missingPlugin(package: String)
    /// GTK has no media module (`libgtk-4-media-gstreamer` is not installed).
    case noMediaSupport
    /// The video cache could not be written.
    case cannotStore

    /// The end of the sentence: lower case, no full stop.
    public var reason: String {
        switch self {
        case .notFound: return tr("the server has no such file")
        case .refused(let status):
            return tr("the server refused to send it (HTTP {status})", ["status": String(status)])
        case .notAVideo: return tr("the server sent something that is not a video file")
        case .tooLarge(let megabytes):
            return tr("the file is larger than {count} MB", ["count": String(megabytes)])
        case .damaged: return tr("the file is damaged or incomplete")
        case .missingPlugin(let package):
            return tr("GStreamer cannot decode its format; install the package {package}", ["package": package])
        case .noMediaSupport:
            return tr("GTK's video support is not installed; install the package libgtk-4-media-gstreamer")
        case .cannotStore: return tr("the video cache folder is not writable")
        }
    }
}
