import Foundation

/// A picture picked to become the background without being the day's own: the next one of a
/// rotation, or a favourite standing in for a day without a picture.
public struct BackgroundChoice: Sendable {
    public let entry: APODEntry
    /// The picture's bytes when only cached pictures may be used (a metered connection);
    /// nil when it is to be downloaded.
    public let cachedData: Data?

    /// A random one of `candidates` with a picture (or still), other than `avoiding` when
    /// another will do; with `cachedOnly`, only one whose picture is already in the cache,
    /// at `width` or as the original. Nil when none qualifies.
    public static func pick(
        from candidates: [APODEntry], avoiding: APODDay?, cachedOnly: Bool,
        picture: WallpaperPicture, width: Int?
    ) -> BackgroundChoice? {
        let usable = candidates.filter { WallpaperPicture.original(of: $0) != nil }.shuffled()
        for entry in usable.filter({ $0.date != avoiding }) + usable.filter({ $0.date == avoiding }) {
            guard cachedOnly else { return BackgroundChoice(entry: entry, cachedData: nil) }
            if let data = picture.cachedData(for: entry, width: width) {
                return BackgroundChoice(entry: entry, cachedData: data)
            }
        }
        return nil
    }

    /// `count` choices for as many monitors, all different while there are enough candidates
    /// (then repeated in turn), none of them `avoiding` when others will do. Empty when none
    /// qualifies.
    public static func pick(
        _ count: Int, from candidates: [APODEntry], avoiding: APODDay?, cachedOnly: Bool,
        picture: WallpaperPicture, width: Int?
    ) -> [BackgroundChoice] {
        var chosen: [BackgroundChoice] = []
        var left = candidates
        while chosen.count < count,
            let choice = pick(from: left, avoiding: avoiding, cachedOnly: cachedOnly, picture: picture, width: width)
        {
            chosen.append(choice)
            left.removeAll { $0.date == choice.entry.date }
        }
        guard !chosen.isEmpty else { return [] }
        return (0..<max(1, count)).map { chosen[$0 % chosen.count] }
    }
}

/// Where rotations and stand-ins find their pictures: the favourites library and the archive
/// index (the viewer's `ArchiveAccess`). Both read a database: call them off the main thread.
public protocol BackgroundPool: Sendable {
    func favourites() throws -> [APODEntry]
    /// `count` random days of the archive index.
    func randomArchiveEntries(count: Int) throws -> [APODEntry]
}

extension BackgroundPool {
    /// The candidates a rotation draws from.
    public func candidates(from source: BackgroundRotation.Source, cachedOnly: Bool) throws -> [APODEntry] {
        switch source {
        case .favourites: return try favourites()
        // Few of the archive's days are cached: draw many when only those will do.
        case .archive: return try randomArchiveEntries(count: cachedOnly ? 500 : 20)
        }
    }
}
