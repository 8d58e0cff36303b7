/// Something in the sky that entries are about: a catalogued object (M31, NGC 7000, Sh2-155,
/// C/2020 F3) or a named one (Jupiter, Veil Nebula). Two entries about the same object have the
/// same `id` whichever of its names or designations they used.
public struct SkyObject: Hashable, Sendable, Codable {
    /// The designation shown for it (`M31`, `Barnard 33`, `67P`) or, for an object that has
    /// none in the catalogues the app reads, its name (`Jupiter`). What the index stores.
    public let id: String
    /// Its common name when it has one besides the id (`Andromeda Galaxy`).
    public let name: String?

    public init(id: String, name: String? = nil) {
        self.id = id
        self.name = name
    }

    /// `M31 · Andromeda Galaxy`, or the id alone: for a chip or a list line.
    public var label: String {
        name.map { "\(id) · \($0)" } ?? id
    }
}

/// An object with the number of entries of the index that are about it ("More of M31 (87)").
public struct SkyObjectCount: Hashable, Sendable {
    public let object: SkyObject
    public let count: Int
}

/// One object an entry is about, with the newest other entries about it: what a detail view
/// shows under a picture ("More of M31 (87)" and a row of thumbnails).
public struct RelatedEntries: Sendable {
    public let object: SkyObject
    /// Entries about the object in the whole index, the one asked about included.
    public let count: Int
    /// The newest other entries about it, newest first.
    public let entries: [APODEntry]
}
