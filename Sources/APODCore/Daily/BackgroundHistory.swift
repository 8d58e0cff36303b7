import Foundation

/// The pictures the daily picture set as background, kept under the data folder
/// (`background/`, never the cache, so Clear Cache cannot pull the desktop's picture away):
/// the current one and the one before, which "Skip" puts back. `daily/backgrounds` lists them,
/// oldest first. Spanned backgrounds made for the monitors' layouts are compositions, the
/// last `compositionsKept` of them listed in `daily/compositions` with what they were made
/// for, so going back to a layout shows its file again without drawing it. Any other file in
/// `background/` is a leftover and is removed.
public struct BackgroundHistory: Sendable {
    public let folder: URL
    public let listURL: URL
    public let compositionsURL: URL
    /// How many compositions stay on disk (with their lock-screen copies), the newest.
    public static let compositionsKept = 3

    public init(dataFolder: DataFolder) {
        folder = dataFolder.url("background")
        listURL = dataFolder.url("daily/backgrounds")
        compositionsURL = dataFolder.url("daily/compositions")
    }

    /// Writes a day's picture, named after the day and its format, beside the kept ones.
    /// - Throws: `APODError.cannotWriteFile`.
    public func store(_ data: Data, for day: APODDay) throws -> URL {
        let file = folder.appendingPathComponent("apod-\(day).\(Self.fileExtension(of: data))")
        do {
            try AtomicFile.write(data, to: file)
        } catch {
            throw APODError.cannotWriteFile(path: file.path)
        }
        return file
    }

    /// Writes the lock screen's picture for a spanned background `file` (the lock screen shows
    /// one picture: the primary monitor's), kept and removed with `file`.
    /// - Throws: `APODError.cannotWriteFile`.
    public func storeLockScreenCopy(_ data: Data, besides file: URL) throws -> URL {
        let copy = Self.lockScreenCopy(of: file, fileExtension: Self.fileExtension(of: data))
        do {
            try AtomicFile.write(data, to: copy)
        } catch {
            throw APODError.cannotWriteFile(path: copy.path)
        }
        return copy
    }

    /// Writes the spanned background made for `key` (the layout and the pictures it shows, as
    /// the caller names them) and lists it as the newest composition; only the newest
    /// `compositionsKept` stay, besides the backgrounds kept for "Skip".
    /// - Throws: `APODError.cannotWriteFile`.
    public func storeComposition(_ data: Data, for day: APODDay, key: String) throws -> URL {
        let name = "apod-\(day).span-\(Self.stableHash(key)).\(Self.fileExtension(of: data))"
        let file = folder.appendingPathComponent(name)
        do {
            try AtomicFile.write(data, to: file)
        } catch {
            throw APODError.cannotWriteFile(path: file.path)
        }
        let list = Array((compositions.filter { $0.key != key } + [(key, file)]).suffix(Self.compositionsKept))
        let text = list.map { $0.file.path + "\t" + $0.key + "\n" }.joined()
        try? AtomicFile.write(Data(text.utf8), to: compositionsURL)
        removeLeftovers(keeping: kept, besides: list.map(\.file) + [file])
        return file
    }

    /// The composition made before for `key`, while it is still on disk.
    public func composition(for key: String) -> URL? {
        compositions.last { $0.key == key }?.file
    }

    /// The listed compositions, oldest first, whose files are still there.
    public var compositions: [(key: String, file: URL)] {
        guard let text = try? RegularFile.text(compositionsURL) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[1]), URL(fileURLWithPath: String(parts[0])))
        }.filter { FileManager.default.fileExists(atPath: $0.file.path) }
    }

    /// The lock screen's picture stored beside `file`, when there is one.
    public func lockScreenCopy(of file: URL) -> URL? {
        ["jpg", "png", "gif", "webp"].lazy.map { Self.lockScreenCopy(of: file, fileExtension: $0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    private static func lockScreenCopy(of file: URL, fileExtension: String) -> URL {
        file.deletingPathExtension().appendingPathExtension("lock-screen").appendingPathExtension(fileExtension)
    }

    /// The automatically set backgrounds, oldest first (at most two).
    public var kept: [URL] {
        guard let text = try? RegularFile.text(listURL) else { return [] }
        return text.split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    public var current: URL? { kept.last }

    /// The day of the current background, from its file name (`apod-YYYY-MM-DD.EXT`, or
    /// `apod-YYYY-MM-DD.span-….EXT` for a composition).
    public var currentDay: APODDay? {
        current.flatMap { file in
            file.lastPathComponent.dropFirst("apod-".count).split(separator: ".").first.flatMap { APODDay(String($0)) }
        }
    }

    /// The background before the current one, for "Skip".
    public var previous: URL? { kept.dropLast().last }

    /// `file` is now the background; only it and the one before are kept.
    public func becameCurrent(_ file: URL) {
        let list = Array((kept.filter { $0 != file } + [file]).suffix(2))
        try? AtomicFile.write(Data(list.map { $0.path + "\n" }.joined().utf8), to: listURL)
        removeLeftovers(keeping: list)
    }

    /// The monitors changed and `file` (the same pictures made for the new layout) took the
    /// current background's place; the one before stays for "Skip".
    public func replacedCurrent(with file: URL) {
        let list = Array((kept.dropLast().filter { $0 != file } + [file]).suffix(2))
        try? AtomicFile.write(Data(list.map { $0.path + "\n" }.joined().utf8), to: listURL)
        removeLeftovers(keeping: list)
    }

    /// After "Skip": the previous picture is the background again and the skipped one is gone.
    public func dropCurrent() {
        let list = kept
        guard list.count == 2 else { return }
        try? AtomicFile.write(Data((list[0].path + "\n").utf8), to: listURL)
        removeLeftovers(keeping: [list[0]])
    }

    /// A picture that did not become the background (the user cancelled) is removed.
    public func discard(_ file: URL) {
        guard !kept.contains(file) else { return }
        if let copy = lockScreenCopy(of: file) { try? FileManager.default.removeItem(at: copy) }
        try? FileManager.default.removeItem(at: file)
    }

    private static func fileExtension(of data: Data) -> String {
        switch ImageValidation.format(of: data) {
        case .png: return "png"
        case .gif: return "gif"
        case .webp: return "webp"
        case .jpeg, nil: return "jpg"
        }
    }

    /// FNV-1a, 64 bits: the same in every run (Swift's `Hasher` is seeded per process).
    private static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// Removes every file but the kept backgrounds, the listed compositions (or `besides`, the
    /// ones being listed) and their lock-screen copies.
    private func removeLeftovers(keeping list: [URL], besides compositionFiles: [URL]? = nil) {
        let files = list + (compositionFiles ?? compositions.map(\.file))
        let keep = Set((files + files.compactMap(lockScreenCopy(of:))).map(\.standardizedFileURL.path))
        for file in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        where !keep.contains(file.standardizedFileURL.path) {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
