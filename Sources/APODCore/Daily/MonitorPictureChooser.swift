import Foundation

/// Chooses a picture for each monitor by its shape: today's where it suits the monitor
/// (`PictureShape.suits`), else the most recent day of the archive index — or favourite, when
/// the rotation is over favourites — that does; with none, today's, shown whole over its
/// backdrop as on any screen its shape does not suit.
///
/// Shapes come from the index; a picture whose shape is not known yet is looked at
/// (`PictureShapeProbe`) newest first, `probesAtOnce` at a time and at most `probesPerChoice`
/// for one monitor, and the answer is kept in the index, so later choices reach further back
/// for free. Reads SQLite and may ask the network: never on the GTK main thread.
public struct MonitorPictureChooser: Sendable {
    public static let probesAtOnce = 2
    public static let probesPerChoice = 8

    /// Where stand-ins come from.
    public enum Pool: Sendable {
        /// The days of the archive index.
        case archive
        /// These favourites (their shapes from the index where it holds their day).
        case favourites([APODEntry])
    }

    private let index: ArchiveIndex
    private let probe: PictureShapeProbe
    private let probeBudget: Int

    public init(
        index: ArchiveIndex, probe: PictureShapeProbe, probesPerChoice: Int = MonitorPictureChooser.probesPerChoice
    ) {
        self.index = index
        self.probe = probe
        probeBudget = max(0, probesPerChoice)
    }

    /// One entry per monitor, in the order of `monitors` (device pixels): `today` where its
    /// shape suits, else the newest suitable day before it from `pool`, else `today`.
    /// - Parameter todayShape: today's size when its picture is at hand (read from its bytes);
    ///   nil: from the index, or looked at.
    public func choose(
        today: APODEntry, todayShape: PictureShape?, monitors: [PictureShape], pool: Pool
    ) async -> [APODEntry] {
        var shape = todayShape
        if shape == nil { shape = await knownOrProbed(today) }
        // Today's shape unknown (its server did not answer): today's everywhere, as before.
        guard let shape else { return monitors.map { _ in today } }
        try? index.storeShape(shape, of: today.date)
        var chosen: [PictureShape: APODEntry] = [:]
        var result: [APODEntry] = []
        for monitor in monitors {
            if shape.suits(monitor) {
                result.append(today)
                continue
            }
            if let known = chosen[monitor] {
                result.append(known)
                continue
            }
            let entry =
                await nextSuitable(
                    for: monitor, olderThan: today.date, pool: pool, excluding: [today.date], wrapping: false)
                ?? today
            chosen[monitor] = entry
            result.append(entry)
        }
        return result
    }

    /// For a rotation: the newest picture that suits `monitor` and is older than `day` (nil:
    /// the newest of all), skipping `excluding`; with `wrapping`, when none older suits, the
    /// newest newer than `day`. Nil when none suits within this choice's probes.
    public func nextSuitable(
        for monitor: PictureShape, olderThan day: APODDay?, pool: Pool, excluding: Set<APODDay> = [],
        wrapping: Bool = true
    ) async -> APODEntry? {
        guard let rows = try? candidates(pool) else { return nil }
        let eligible = rows.filter { !excluding.contains($0.day) }
        let ordered: [Candidate]
        if let day {
            ordered = eligible.filter { $0.day < day } + (wrapping ? eligible.filter { $0.day > day } : [])
        } else {
            ordered = eligible
        }
        return await firstSuitable(ordered, for: monitor)
    }

    /// A picture day, newest first, with its entry when the pool already holds it.
    private struct Candidate: Sendable {
        var day: APODDay
        var shape: PictureShape?
        var entry: APODEntry?
    }

    private func candidates(_ pool: Pool) throws -> [Candidate] {
        let rows = try index.pictureRows()
        switch pool {
        case .archive:
            return rows.map { Candidate(day: $0.day, shape: $0.shape, entry: nil) }
        case .favourites(let favourites):
            let shapes = Dictionary(rows.map { ($0.day, $0.shape) }, uniquingKeysWith: { first, _ in first })
            return favourites.filter { $0.mediaType == .image && WallpaperPicture.original(of: $0) != nil }
                .sorted { $0.date > $1.date }
                .map { Candidate(day: $0.date, shape: shapes[$0.date] ?? nil, entry: $0) }
        }
    }

    /// Walks `ordered` newest first: a known shape costs nothing; unknown ones are looked at in
    /// pairs, within the budget, and a pair is settled before any older day can win.
    private func firstSuitable(_ ordered: [Candidate], for monitor: PictureShape) async -> APODEntry? {
        var probes = 0
        var batch: [Candidate] = []
        for candidate in ordered {
            if let shape = candidate.shape {
                guard shape.suits(monitor) else { continue }
                if let found = await settle(batch, for: monitor) { return found }
                batch = []
                if let entry = try? entry(of: candidate) { return entry }
                continue
            }
            guard probes < probeBudget else { continue }
            probes += 1
            batch.append(candidate)
            guard batch.count == Self.probesAtOnce else { continue }
            if let found = await settle(batch, for: monitor) { return found }
            batch = []
        }
        return await settle(batch, for: monitor)
    }

    /// Looks at each of `batch` at once, keeps what was found, and answers the newest that suits.
    private func settle(_ batch: [Candidate], for monitor: PictureShape) async -> APODEntry? {
        guard !batch.isEmpty else { return nil }
        let entries = batch.map { try? entry(of: $0) }
        let shapes = await withTaskGroup(of: (Int, PictureShape?).self) { group in
            for (place, entry) in entries.enumerated() {
                guard let entry else { continue }
                group.addTask { (place, await probe.shape(of: entry)) }
            }
            var shapes = [PictureShape?](repeating: nil, count: entries.count)
            for await (place, shape) in group { shapes[place] = shape }
            return shapes
        }
        for (candidate, shape) in zip(batch, shapes) {
            guard let shape else { continue }
            try? index.storeShape(shape, of: candidate.day)
        }
        for (entry, shape) in zip(entries, shapes) where shape?.suits(monitor) == true {
            return entry
        }
        return nil
    }

    private func entry(of candidate: Candidate) throws -> APODEntry? {
        if let entry = candidate.entry { return entry }
        return try index.entry(for: candidate.day)
    }

    private func knownOrProbed(_ entry: APODEntry) async -> PictureShape? {
        if let known = try? index.pictureShape(of: entry.date) { return known }
        return await probe.shape(of: entry)
    }
}
