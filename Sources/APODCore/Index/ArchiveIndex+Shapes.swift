import Foundation

/// Each picture's size, read from its header (`PictureShapeProbe`) the first time a monitor's
/// background is chosen by shape, and kept beside its entry so that it is never asked again.
extension ArchiveIndex {
    /// Schema 6: the picture's width and height (NULL until read; 0 × 0 when read and unusable).
    /// A changed picture address forgets them (the upsert in `insert`); the full-text index is
    /// kept up to date only when the words change, not when a size is written.
    static let shapeMigration: StaticString = """
        ALTER TABLE entries ADD COLUMN picture_width INTEGER;
        ALTER TABLE entries ADD COLUMN picture_height INTEGER;
        DROP TRIGGER entries_au;
        CREATE TRIGGER entries_au AFTER UPDATE OF title, explanation, copyright ON entries BEGIN
            INSERT INTO entries_fts(entries_fts, rowid, title, explanation, copyright)
            VALUES ('delete', old.day, old.title, old.explanation, old.copyright);
            INSERT INTO entries_fts(rowid, title, explanation, copyright)
            VALUES (new.day, new.title, new.explanation, new.copyright);
        END;
        """

    /// A day's picture and what the index knows of its shape.
    public struct PictureRow: Equatable, Sendable {
        public let day: APODDay
        /// Nil: not read yet; `PictureShape.unusable`: read, and not usable.
        public let shape: PictureShape?
    }

    /// Every picture day of the archive's valid range (`media_type` image), newest first, with
    /// its shape where known: three integers a row, a few milliseconds for the whole archive.
    public func pictureRows() throws -> [PictureRow] {
        let valid = validRange
        return try guarded {
            try database.rows(
                "SELECT day, picture_width, picture_height FROM entries WHERE media_type = 'image' AND day BETWEEN ? AND ? ORDER BY day DESC LIMIT ?",
                [
                    .integer(valid.lowerBound.ordinal), .integer(valid.upperBound.ordinal),
                    .integer(valid.upperBound.ordinal - valid.lowerBound.ordinal + 1),
                ]
            ).compactMap { row in
                guard let ordinal = row.integer(0) else { return nil }
                let shape = row.integer(1).flatMap { width in
                    row.integer(2).map { PictureShape(width: max(0, width), height: max(0, $0)) }
                }
                return PictureRow(day: APODDay(ordinal: ordinal), shape: shape)
            }
        }
    }

    /// The shape kept for `day`'s picture; nil when not read yet (or no such entry).
    public func pictureShape(of day: APODDay) throws -> PictureShape? {
        try guarded {
            try database.rows(
                "SELECT picture_width, picture_height FROM entries WHERE day = ? AND picture_width IS NOT NULL AND picture_height IS NOT NULL",
                [.integer(day.ordinal)]
            ).first.flatMap { row in
                row.integer(0).flatMap { width in row.integer(1).map { PictureShape(width: width, height: $0) } }
            }
        }
    }

    /// Keeps `shape` for `day`'s picture (nothing when the index has no entry for it).
    public func storeShape(_ shape: PictureShape, of day: APODDay) throws {
        try guarded {
            try database.run(
                "UPDATE entries SET picture_width = ?, picture_height = ? WHERE day = ?",
                each: [[.integer(max(0, shape.width)), .integer(max(0, shape.height)), .integer(day.ordinal)]])
        }
    }
}
