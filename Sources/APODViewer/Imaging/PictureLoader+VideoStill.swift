import APODCore
import Foundation

extension PictureLoader {
    /// The still a video day without a poster can show, derived from its player's address
    /// (YouTube's thumbnail, Vimeo's oEmbed `thumbnail_url`); nil when there is none, and for
    /// days that have a poster or play here. Asks the network at most once per video.
    func derivedStillURL(of entry: APODEntry) async throws -> URL? {
        guard entry.mediaType == .video, entry.thumbnailURL == nil, entry.hostedVideoURL == nil,
            let player = entry.videoURL ?? entry.pageURL, let stills
        else { return nil }
        return try await stills.stillURL(for: player)
    }

    /// Whether `entry` is a video day without a poster whose player's address gives a still
    /// (YouTube's, or Vimeo's once asked): what a grid cell tries before showing "no preview".
    func canDeriveStill(of entry: APODEntry) -> Bool {
        guard stills != nil, entry.mediaType == .video, entry.thumbnailURL == nil, entry.hostedVideoURL == nil,
            let player = entry.videoURL ?? entry.pageURL
        else { return false }
        return WebURL.youTubeThumbnail(for: player) != nil || VideoStills.vimeoPage(of: player) != nil
    }

    /// The picture a grid cell shows for `entry`: its thumbnail, else the derived still.
    func thumbnail(of entry: APODEntry, width: Int) async throws -> DecodedImage {
        if let url = entry.thumbnailSourceURL { return try await picture(from: url, for: .thumbnail(width: width)) }
        return try await derivedStill(of: entry, for: .thumbnail(width: width)).image
    }

    /// The derived still of `entry` decoded for `purpose`, through the one image pipeline.
    /// - Throws: `APODError.notAnImage` when the day has no still to derive; what the picture's
    ///   download throws otherwise.
    func derivedStill(of entry: APODEntry, for purpose: ImagePurpose, fitting box: PixelSize? = nil) async throws
        -> (image: DecodedImage, url: URL)
    {
        guard let url = try await derivedStillURL(of: entry) else { throw APODError.notAnImage }
        return (try await picture(from: url, for: purpose, fitting: box), url)
    }
}
