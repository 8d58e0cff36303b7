import Foundation

/// Every failure a user can meet, with the one message the CLI and the viewer show for it.
///
/// Messages never contain an API key: nothing here stores one, and URLs are never included.
public enum APODError: Error, Equatable, Sendable {
    /// The host could not be reached (offline, DNS, connection refused).
    case unreachable
    /// No answer within the time-out, in seconds.
    case timedOut(seconds: Int)
    /// Too many requests (HTTP 429 or the gateway's OVER_RATE_LIMIT).
    case rateLimited
    /// The API key was missing or refused (HTTP 403 from the gateway).
    case keyRefused
    /// Nothing was published on that day.
    case noEntry(APODDay)
    /// A date outside 1995-06-16 … today (US Eastern).
    case dateOutOfRange(APODDay, first: APODDay, last: APODDay)
    /// 5xx or an HTML error page; `status` is the HTTP status.
    case serviceError(status: Int)
    /// The service answered something we cannot read; `detail` says what, for the log.
    case malformedResponse(detail: String)
    /// The entry lacks a date or title; the date names it when known.
    case unusableEntry(date: String?)
    /// A picture URL answered with something that is not an image.
    case notAnImage
    /// The picture's bytes stop before the end of the image (a file cut short on the server).
    case damagedImage
    /// The picture is larger than we are willing to download or decode.
    case imageTooLarge(detail: String)
    /// The connection dropped after the answer had begun (a transfer cut mid-body).
    case connectionLost
    /// A picture's own server could not be reached, or (`interrupted`) its transfer was cut
    /// mid-body. Pictures often live on another host than the service, so the message does
    /// not name the APOD service.
    case pictureUnreachable(interrupted: Bool)
    /// A picture's own server answered 5xx. No API key is involved and the host may be a CDN,
    /// so the message names the picture's server, not the APOD service.
    case pictureServerError(status: Int)
    /// A picture's own server answered 429. Pictures are fetched without a key, so the advice
    /// is to wait, not to get a personal key.
    case pictureRateLimited
    /// The service refused the request (other 4xx), with its own explanation.
    case requestRejected(status: Int, message: String)
    /// A link that is not http or https (the only schemes the client fetches).
    case unsupportedURL
    /// A server redirected to a link that is not http or https; the redirect was not followed.
    case redirectRefused
    /// A server kept redirecting (a loop, or a chain too long to be honest).
    case tooManyRedirects
    /// A metadata answer far larger than any real one (a year of entries is under 1 MB),
    /// refused while it arrived instead of being parsed; `detail` gives the sizes.
    case responseTooLarge(detail: String)
    /// The entry has no picture to save (a video or an "other" entry).
    case noImage(APODDay)
    /// The offline source has nothing stored yet.
    case nothingOffline
    /// Offline, that day is neither in the cache nor in the sample (it may well exist online).
    case notStoredOffline(APODDay)
    /// A file could not be written (a saved picture); `reason` is the system's explanation.
    case cannotSave(path: String, reason: String)
    /// A local file the app keeps could not be written or removed (the preferences file, the
    /// cache folder); `path` names it so the user can check its permissions.
    case cannotWriteFile(path: String)
    /// The system refused the resources a download needs (no file descriptor or thread left,
    /// e.g. under a tight `ulimit`); retrying at once would meet the same limit.
    case outOfResources
    /// A flag, environment variable or argument is invalid; the text says which and why.
    /// The `apod` command exits with status 2 for these.
    case invalidArgument(String)
    /// The preferences file is far larger than any real one (`SettingsStore.maxBytes`), so it
    /// was neither read nor overwritten.
    case settingsTooLarge(path: String)
    /// One of the app's files is a FIFO, socket, device or folder: it is not read (a FIFO would
    /// block for ever) nor replaced.
    case notARegularFile(path: String)
    /// The archive index (or the favourites library) was not a readable database. With
    /// `setAsideAs` it has already been moved there and an empty one started in its place.
    case indexDamaged(path: String, setAsideAs: String?)
    /// The database was written by a newer version of the app; it is left untouched.
    case indexTooNew(path: String)
    /// SQLite could not use the database (locked past the time-out, an I/O error).
    case indexUnavailable(path: String, reason: String)
    /// The disk holding a database of the app is full.
    case diskFull(path: String)
    /// Another `apod sync` or the viewer's download is already filling this index.
    case syncInProgress
    /// A video cannot be played in the app (`VideoProblem` says why); its still is shown
    /// instead, with a way to open it in the browser.
    case videoUnplayable(VideoProblem)

    /// What happened and what to do about it, in one or two sentences.
    public var message: String {
        switch self {
        case .unreachable:
            return tr("Could not reach the APOD service. Check your internet connection and try again.")
        case .timedOut(let seconds):
            return tr(
                "The APOD service did not answer within {seconds} seconds. Try again later, or set APOD_TIMEOUT to wait longer.",
                ["seconds": String(seconds)])
        case .rateLimited:
            return tr(
                "Too many requests for this API key. Wait an hour, or get a free personal key at https://api.nasa.gov and set it in Preferences or in the NASA_API_KEY environment variable."
            )
        case .keyRefused:
            return tr("The API key was refused. Check the key, or get a free one at https://api.nasa.gov.")
        case .noEntry(let day):
            return tr("No picture was published on {date}. Try another day.", ["date": day.displayString])
        case .dateOutOfRange(let day, let first, let last):
            return tr(
                "{date} is outside the archive: pick a date from {first} to {last}.",
                ["date": day.displayString, "first": first.displayString, "last": last.displayString])
        case .serviceError(let status):
            return tr(
                "The APOD service is having trouble (HTTP {status}). Try again in a few minutes.",
                ["status": String(status)])
        case .malformedResponse:
            return tr("The APOD service sent a response that could not be read. Try again later.")
        case .unusableEntry(let date):
            if let date {
                return tr("The entry for {date} is missing its title or date and cannot be shown.", ["date": date])
            }
            return tr("An entry without a date or title was received and cannot be shown.")
        case .notAnImage:
            return tr("The picture link does not lead to an image. Open the entry's web page instead.")
        case .damagedImage:
            return tr(
                "The picture arrived incomplete or damaged. Try again later, or open the entry's web page instead.")
        case .imageTooLarge(let detail):
            return tr(
                "The picture is too large to show ({detail}). Open the entry's web page instead.", ["detail": detail])
        case .connectionLost:
            return tr("The connection to the APOD service was lost while its answer arrived. Try again.")
        case .pictureUnreachable(let interrupted):
            if interrupted { return tr("The picture download was interrupted. Try again.") }
            return tr("Could not reach the picture's server. Check your internet connection and try again.")
        case .pictureServerError(let status):
            return tr(
                "The picture's server is having trouble (HTTP {status}). Try again in a few minutes.",
                ["status": String(status)])
        case .pictureRateLimited:
            return tr("The picture's server is receiving too many requests. Wait a few minutes and try again.")
        case .requestRejected(let status, let message):
            return tr(
                "The APOD service refused the request (HTTP {status}): {message}",
                ["status": String(status), "message": message])
        case .unsupportedURL:
            return tr("The link is not a web address (http or https) and cannot be opened.")
        case .redirectRefused:
            return tr(
                "The server redirected to a link that is not a web address (http or https), so it was not followed.")
        case .tooManyRedirects:
            return tr("The APOD service redirected too many times (a redirect loop). Try again later.")
        case .responseTooLarge(let detail):
            return tr(
                "The APOD service sent a far larger answer than expected ({detail}), so it was not read. Try again later.",
                ["detail": detail])
        case .noImage(let day):
            return tr(
                "The entry for {date} has no picture to save (it is a video or another kind of media). Open its web page instead.",
                ["date": day.displayString])
        case .nothingOffline:
            return tr("Nothing is stored for offline use yet. Connect once with --source science to fill the cache.")
        case .notStoredOffline(let day):
            return tr(
                "Nothing is stored for {date} on this computer. Connect to the internet to see it, or pick a day viewed before or one from the sample.",
                ["date": day.displayString])
        case .cannotSave(let path, let reason):
            return tr("Could not save the picture to {path}: {reason}", ["path": path, "reason": reason])
        case .cannotWriteFile(let path):
            return tr("Could not write {path}. Check that its folder exists and is writable.", ["path": path])
        case .outOfResources:
            return tr(
                "The system ran out of resources (open files or memory) for the download. Close other programs or raise the limits (ulimit), then try again."
            )
        case .invalidArgument(let text):
            return text
        case .settingsTooLarge(let path):
            return tr(
                "The settings file {path} is larger than 64 KB, so it was not read and the defaults are used. Shorten or remove it.",
                ["path": path])
        case .notARegularFile(let path):
            return tr(
                "{path} is not a regular file (it may be a pipe, a device or a folder), so it was not read. Move it away and try again.",
                ["path": path])
        case .indexDamaged(let path, let setAside?):
            return tr(
                "The archive index {path} was damaged. It was set aside as {aside} and a new one was started: download the archive again to fill it. Favourites are kept apart and are not affected.",
                ["path": path, "aside": setAside])
        case .indexDamaged(let path, nil):
            return tr(
                "The archive index {path} is damaged. It will be set aside and rebuilt the next time the app starts.",
                ["path": path])
        case .indexTooNew(let path):
            return tr(
                "{path} was written by a newer version of APOD Viewer. Update the app, or move the file away to start a new one.",
                ["path": path])
        case .indexUnavailable(let path, let reason):
            return tr(
                "Could not use {path}: {reason}. Check that its folder is writable and try again.",
                ["path": path, "reason": reason])
        case .diskFull(let path):
            return tr(
                "The disk holding {path} is full. Free some space and try again; a download of the archive resumes where it stopped.",
                ["path": path])
        case .syncInProgress:
            return tr(
                "The archive is already being downloaded (by the viewer or another apod sync). Wait for it to finish.")
        case .videoUnplayable(let problem):
            return tr("This video cannot be played here: {reason}.", ["reason": problem.reason])
        }
    }

    /// Whether trying the same request again may succeed (drives retries and the Retry button).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut, .serviceError, .connectionLost, .pictureUnreachable, .pictureServerError:
            return true
        default: return false
        }
    }
}

extension APODError {
    /// A picture over `ImageHeader.maxPixels`, named by its size (core and viewer alike).
    public static func pictureTooLarge(width: Int, height: Int) -> APODError {
        let megapixels = Int((Double(width) * Double(height) / 1_000_000).rounded())
        return .imageTooLarge(detail: "\(width) × \(height) pixels, \(megapixels) megapixels")
    }
}

extension APODError: LocalizedError {
    public var errorDescription: String? { message }
}
