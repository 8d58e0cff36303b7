import Foundation
import Synchronization

/// The still of a video day that carries no poster, derived from its player's address:
/// YouTube's well-known thumbnail address (no request), or the `thumbnail_url` Vimeo's oEmbed
/// answers (`https://vimeo.com/api/oembed.json?url=…`, JSON through the app's HTTP client).
///
/// Each answer is remembered, in memory and, with a `directory`, on disk, so a video is asked
/// about once: a day shown again, another window or the next start costs no request. An
/// answer that says "no still" (a 404, JSON without a usable `thumbnail_url`) is remembered
/// too. A failure to connect, a 5xx or a time-out is remembered for a day, as a day without
/// translation is (`failurePause`): a grid of Vimeo days does not queue a time-out each
/// showing, and the day after, the video is asked about again.
public final class VideoStills: Sendable {
    /// Vimeo's public oEmbed route.
    public static let vimeoOEmbedURL = URL(string: "https://vimeo.com/api/oembed.json")!
    /// An oEmbed answer is a few hundred bytes; anything past this is not one.
    static let maxAnswerBytes = 64 << 10
    /// How long a failed request keeps a video from being asked about again.
    public static let failurePause: TimeInterval = 86_400

    public let oEmbedURL: URL
    /// Where answers are kept between runs (`<cache>/video-stills`); nil: this run only.
    public let directory: URL?
    private let client: HTTPClient
    private let remembered = Mutex<[String: URL?]>([:])
    /// When asking about a video last failed.
    private let failures = Mutex<[String: Date]>([:])
    private let now: @Sendable () -> Date
    private let coalescer = RequestCoalescer<String, Void, URL?>()

    /// - Parameter now: the clock a failure's day is counted on (tests move it).
    public init(
        client: HTTPClient, oEmbedURL: URL = VideoStills.vimeoOEmbedURL, directory: URL? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.oEmbedURL = oEmbedURL
        self.directory = directory
        self.now = now
    }

    /// `<cache>/video-stills`, beside the pictures and videos.
    public static func directory(inCache cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("video-stills", isDirectory: true)
    }

    /// The still for the video at `player`, or nil when there is none to be had (not a
    /// YouTube or Vimeo address, or Vimeo has none). Never throws but for cancellation: a
    /// missing still is the placeholder's business, not an error.
    public func stillURL(for player: URL) async throws -> URL? {
        if let youTube = WebURL.youTubeThumbnail(for: player) { return youTube }
        guard let video = Self.vimeoPage(of: player) else { return nil }
        let key = video.absoluteString
        if let known = remembered.withLock({ $0[key] }) { return known }
        if let stored = storedAnswer(for: key) {
            remembered.withLock { $0[key] = stored }
            return stored
        }
        if let failed = failure(for: key), now().timeIntervalSince(failed) < Self.failurePause { return nil }
        return try await coalescer.value(
            for: key, makeContext: {}, join: { _ in },
            operation: { [self] _ in try await ask(about: video, key: key) })
    }

    /// The `https://vimeo.com/ID` page of a Vimeo link (`vimeo.com/ID`, `player.vimeo.com/video/ID`,
    /// `vimeo.com/channels/NAME/ID`), or nil for any other address.
    public static func vimeoPage(of url: URL) -> URL? {
        guard let host = url.host?.lowercased(), host == "vimeo.com" || host.hasSuffix(".vimeo.com") else {
            return nil
        }
        guard
            let id = url.path.split(separator: "/").last(where: {
                $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)
            }),
            (1...20).contains(id.count)
        else { return nil }
        return URL(string: "https://vimeo.com/\(id)")
    }

    private func ask(about video: URL, key: String) async throws -> URL? {
        guard var components = URLComponents(url: oEmbedURL, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "url", value: key)]
        guard let request = components.url else { return nil }
        let answer: URL?
        do {
            let response = try await client.get(request, maxBytes: Self.maxAnswerBytes)
            switch response.status {
            case 200..<300: answer = Self.thumbnail(in: response.body)
            case 400..<500: answer = nil
            default:
                rememberFailure(for: key)
                return nil
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch APODError.imageTooLarge {
            answer = nil
        } catch {
            try Task.checkCancellation()
            rememberFailure(for: key)
            return nil
        }
        remembered.withLock { $0[key] = .some(answer) }
        store(answer, for: key)
        if let failed = failureFile(for: key) { try? FileManager.default.removeItem(at: failed) }
        return answer
    }

    /// When asking about `key` last failed: this run's memory, else the failure's file on disk.
    private func failure(for key: String) -> Date? {
        if let known = failures.withLock({ $0[key] }) { return known }
        guard let file = failureFile(for: key), let data = try? RegularFile.read(file, maxBytes: 64),
            let seconds = TimeInterval(String(decoding: data, as: UTF8.self))
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private func rememberFailure(for key: String) {
        let date = now()
        failures.withLock { $0[key] = date }
        guard let directory, let file = failureFile(for: key) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data(String(date.timeIntervalSince1970).utf8).write(to: file, options: .atomic)
    }

    /// The answer's `thumbnail_url` when it is a web address.
    static func thumbnail(in body: Data) -> URL? {
        guard let object = try? JSONFields.objects(in: body).first else { return nil }
        return WebURL.normalize(JSONFields(object: object).text("thumbnail_url"))
    }

    /// A remembered answer on disk: the still's address, or an empty file for "none".
    private func storedAnswer(for key: String) -> URL?? {
        guard let file = file(for: key), let data = try? RegularFile.read(file, maxBytes: 4096) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return .some(text.isEmpty ? nil : WebURL.normalize(text))
    }

    private func store(_ answer: URL?, for key: String) {
        guard let directory, let file = file(for: key) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data((answer?.absoluteString ?? "").utf8).write(to: file, options: .atomic)
    }

    private func file(for key: String) -> URL? {
        directory?.appendingPathComponent(SHA256.hex(Array(key.utf8)))
    }

    /// `<hash>.failed`: when the last request about the video failed (seconds since 1970).
    private func failureFile(for key: String) -> URL? {
        directory?.appendingPathComponent(SHA256.hex(Array(key.utf8)) + ".failed")
    }
}
