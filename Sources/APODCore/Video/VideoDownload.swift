import Foundation
import Synchronization

/// Downloads an APOD-hosted video into the video cache with the app's one HTTP client (its
/// time-out, size cap and loopback test servers apply), resuming with range requests when a
/// transfer is cut or outlasts the client's time-out, and refusing what is no video before it
/// fills the disk. Cancelling the calling task stops the transfer at the socket; the part
/// written so far stays for the next attempt to resume.
public struct VideoDownload: Sendable {
    /// Larger than any APOD video (the 2026 ones are 5–60 MB); a 2 GB body is refused at its head.
    public static let maxBytes = 400 << 20
    /// Range requests after a cut before the download gives up.
    static let maxResumes = 5

    /// How much has arrived; `expected` when the server said.
    public struct Progress: Sendable, Equatable {
        public let received: Int64
        public let expected: Int64?
    }

    public let client: HTTPClient
    public let cache: VideoCache

    public init(client: HTTPClient, cache: VideoCache) {
        self.client = client
        self.cache = cache
    }

    /// What `events(for:)` tells as a download goes on.
    public enum Event: Sendable, Equatable {
        /// Bytes arrived in `part`; `opensEarly` once the part holds the whole index of an
        /// mp4 that puts it first (`moov` before `mdat`, as APOD's files do), so the player
        /// can open it before the rest arrives.
        case arriving(part: URL, progress: Progress, opensEarly: Bool)
        /// The whole file, checked, in the cache.
        case complete(URL)
    }

    /// `file(for:)` as a stream of events, for a player that starts before the end arrives.
    /// Ending the iteration cancels the download.
    public func events(for url: URL) -> AsyncThrowingStream<Event, Error> {
        .producing { yield in
            let part = cache.part(for: url)
            let opens = Mutex(false)
            let file = try await self.file(for: url) { progress in
                let early = opens.withLock { known in
                    if !known { known = Self.indexComesFirst(part) }
                    return known
                }
                yield(.arriving(part: part, progress: progress, opensEarly: early))
            }
            yield(.complete(file))
        }
    }

    /// Whether `part` starts as an mp4 whose index (`moov`) is wholly there and comes before
    /// its media (`mdat`): GStreamer can then open it while the rest arrives.
    static func indexComesFirst(_ part: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: part) else { return false }
        defer { try? handle.close() }
        guard let length = try? handle.seekToEnd() else { return false }
        var offset: UInt64 = 0
        while offset + 8 <= length {
            guard (try? handle.seek(toOffset: offset)) != nil, let header = try? handle.read(upToCount: 16),
                header.count >= 8
            else { return false }
            let bytes = [UInt8](header)
            var size = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if size == 1, bytes.count >= 16 { size = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            switch String(decoding: bytes[4..<8], as: UTF8.self) {
            case "moov": return size >= 8 && offset + size <= length
            case "mdat": return false
            default:
                guard size >= 8 else { return false }
                offset += size
            }
        }
        return false
    }

    /// Whether `url` is a video file the app can play itself (APOD's own `.mp4`, `.webm`…),
    /// rather than a player page (YouTube, Vimeo) that opens in the browser.
    public static func isVideoFile(_ url: URL) -> Bool {
        WebURL.isWeb(url) && ["mp4", "m4v", "mov", "webm", "ogv", "mkv"].contains(url.pathExtension.lowercased())
    }

    /// The complete file for `url`: the cached one, or downloaded now.
    /// - Parameter progress: called as bytes arrive, on the download's thread.
    /// - Throws: `APODError.videoUnplayable` for an answer that is no playable file, the
    ///   client's errors for the network, `CancellationError` when cancelled.
    public func file(for url: URL, progress: @Sendable (Progress) -> Void = { _ in }) async throws -> URL {
        if let cached = cache.cachedFile(for: url) { return cached }
        let part = cache.part(for: url)
        let file = cache.file(for: url)
        do {
            try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        } catch {
            throw APODError.videoUnplayable(.cannotStore)
        }
        var resumes = 0
        while true {
            try Task.checkCancellation()
            let before = Self.size(of: part)
            do {
                try await transfer(url, into: part, from: before, progress: progress)
                guard Self.isWhole(part) else {
                    try? FileManager.default.removeItem(at: part)
                    throw APODError.videoUnplayable(.damaged)
                }
                try cache.admit(part, as: file)
                return file
            } catch let error as APODError where Self.isCut(error) && resumes < Self.maxResumes {
                // Resume only when this attempt moved forward: a server that stalls at once is down.
                guard Self.size(of: part) > before else { throw error }
                resumes += 1
            }
        }
    }

    /// One request: the whole file into an empty part, or the rest appended to `offset` bytes.
    private func transfer(
        _ url: URL, into part: URL, from offset: Int64, progress: @Sendable (Progress) -> Void
    ) async throws {
        let headers = offset > 0 ? ["Range": "bytes=\(offset)-"] : [:]
        let response: HTTPStreamedResponse
        do {
            response = try await client.stream(url, headers: headers, maxBytes: Self.maxBytes)
        } catch APODError.imageTooLarge {
            throw APODError.videoUnplayable(.tooLarge(megabytes: Self.maxBytes >> 20))
        }
        let head = response.head
        var start = offset
        switch head.status {
        case 206:
            // A range other than the one asked for cannot be appended.
            guard Self.rangeStart(head.headers) == offset else { throw APODError.videoUnplayable(.damaged) }
        case 200:
            start = 0
        case 416 where offset > 0:
            // The part is as long as the file or longer (the file changed): start again.
            try? FileManager.default.removeItem(at: part)
            throw APODError.connectionLost
        case 404, 410:
            throw APODError.videoUnplayable(.notFound)
        case 429:
            throw APODError.pictureRateLimited
        case 400..<500:
            throw APODError.videoUnplayable(.refused(status: head.status))
        default:
            throw APODError.pictureServerError(status: head.status)
        }
        let type = (head.headers["content-type"] ?? "").lowercased()
        if type.hasPrefix("text/") || type.contains("json") || type.hasPrefix("image/") {
            throw APODError.videoUnplayable(.notAVideo)
        }
        let expected = head.expectedLength.map { Int64($0) + start }
        if let expected, expected > Int64(Self.maxBytes) {
            throw APODError.videoUnplayable(.tooLarge(megabytes: Self.maxBytes >> 20))
        }
        let output = try Self.open(part, at: start)
        defer { try? output.close() }
        var received = start
        var checked = start > 0
        var opening = Data()
        do {
            for try await chunk in response.body {
                if !checked {
                    opening.append(chunk)
                    if opening.count >= 12 || chunk.isEmpty {
                        guard Self.looksLikeVideo(opening) else { throw APODError.videoUnplayable(.notAVideo) }
                        checked = true
                    }
                }
                do {
                    try output.write(contentsOf: chunk)
                } catch {
                    throw APODError.videoUnplayable(.cannotStore)
                }
                received += Int64(chunk.count)
                if received > Int64(Self.maxBytes) {
                    throw APODError.videoUnplayable(.tooLarge(megabytes: Self.maxBytes >> 20))
                }
                progress(Progress(received: received, expected: expected))
            }
        } catch APODError.imageTooLarge {
            throw APODError.videoUnplayable(.tooLarge(megabytes: Self.maxBytes >> 20))
        }
        guard checked || Self.looksLikeVideo(opening) else { throw APODError.videoUnplayable(.notAVideo) }
        if let expected, received < expected { throw APODError.connectionLost }
    }

    /// The first byte a 206 answer covers (`Content-Range: bytes 1000-1999/5000`).
    static func rangeStart(_ headers: [String: String]) -> Int64? {
        guard let range = headers["content-range"]?.lowercased(), range.hasPrefix("bytes ") else { return nil }
        return Int64(range.dropFirst("bytes ".count).prefix { $0.isNumber })
    }

    /// An ISO media file (mp4, mov: a box whose type is `ftyp`, or a leading `moov`/`mdat`/
    /// `free`…), Matroska/WebM (the EBML magic) or Ogg.
    static func looksLikeVideo(_ bytes: Data) -> Bool {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) || head.starts(with: Array("OggS".utf8)) { return true }
        guard head.count >= 8 else { return false }
        let box = String(decoding: head[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "free", "wide", "skip"].contains(box)
    }

    /// Whether an ISO media file (mp4, mov) holds every box its top level announces: a file
    /// cut short on the server (its length honestly announced) ends inside its media box,
    /// and GStreamer would play its first seconds and stop as if it were whole. Other formats
    /// are left to GStreamer.
    static func isWhole(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard let length = try? handle.seekToEnd(), length > 0 else { return false }
        var offset: UInt64 = 0
        var first = true
        while offset < length {
            guard (try? handle.seek(toOffset: offset)) != nil, let header = try? handle.read(upToCount: 16),
                header.count >= 8
            else { return false }
            let bytes = [UInt8](header)
            if first {
                first = false
                guard looksLikeVideo(header), !bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]),
                    !bytes.starts(with: Array("OggS".utf8))
                else { return true }
            }
            var size = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if size == 1 {
                guard bytes.count >= 16 else { return false }
                size = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            } else if size == 0 {
                return true
            }
            guard size >= 8 else { return false }
            offset += size
        }
        return offset == length
    }

    private static func isCut(_ error: APODError) -> Bool {
        switch error {
        case .connectionLost, .timedOut, .pictureUnreachable(interrupted: true): return true
        default: return false
        }
    }

    private static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    private static func open(_ part: URL, at offset: Int64) throws -> FileHandle {
        if offset == 0 || !FileManager.default.fileExists(atPath: part.path) {
            guard FileManager.default.createFile(atPath: part.path, contents: nil) else {
                throw APODError.videoUnplayable(.cannotStore)
            }
        }
        do {
            let handle = try FileHandle(forWritingTo: part)
            try handle.truncate(atOffset: UInt64(offset))
            try handle.seek(toOffset: UInt64(offset))
            return handle
        } catch {
            throw APODError.videoUnplayable(.cannotStore)
        }
    }
}

extension APODEntry {
    /// The video file of a day APOD hosts itself (an `.mp4` under `apod.nasa.gov/apod/image/`),
    /// which plays in the app; nil for images and for players (YouTube, Vimeo) that open in
    /// the browser.
    public var hostedVideoURL: URL? {
        guard mediaType == .video, let url = videoURL, VideoDownload.isVideoFile(url) else { return nil }
        return url
    }
}
