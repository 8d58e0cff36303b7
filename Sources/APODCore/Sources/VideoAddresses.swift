import Foundation

extension APODEntry {
    /// A video whose player's address has not been fetched yet (`APODSource.withVideoAddresses`).
    public var lacksVideoAddress: Bool { mediaType == .video && videoURL == nil }

    /// The entry with the player (and the still it implies) of `other`, an entry of the same
    /// day that has them.
    func takingVideoAddress(of other: APODEntry) -> APODEntry {
        guard lacksVideoAddress, other.date == date, let player = other.videoURL else { return self }
        var entry = self
        entry.videoURL = player
        if entry.thumbnailURL == nil { entry.thumbnailURL = other.thumbnailURL }
        return entry
    }
}

/// How a wrapper that keeps entries (the metadata cache, the archive index) answers
/// `withVideoAddresses`: players it already holds cost no request, the others are asked of
/// the upstream and kept, so a video's address is fetched once.
enum StoredVideoAddresses {
    /// - Parameters:
    ///   - stored: the kept entry of a day, if any.
    ///   - keep: called with the entries whose player was just fetched.
    static func completed(
        _ entries: [APODEntry], upstream: any APODSource, stored: (APODDay) -> APODEntry?,
        keep: ([APODEntry]) -> Void
    ) async throws -> [APODEntry] {
        guard entries.contains(where: \.lacksVideoAddress) else { return entries }
        let known = entries.map { entry in
            entry.lacksVideoAddress ? stored(entry.date).map(entry.takingVideoAddress(of:)) ?? entry : entry
        }
        guard known.contains(where: \.lacksVideoAddress) else { return known }
        let completed = try await upstream.withVideoAddresses(known)
        keep(zip(known, completed).filter { $0.0.lacksVideoAddress && !$0.1.lacksVideoAddress }.map(\.1))
        return completed
    }
}
