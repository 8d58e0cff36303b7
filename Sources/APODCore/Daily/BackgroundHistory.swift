import Foundation

/// The pictures the daily picture set as background, kept under the data folder
/// (`background/`, never the cache, so Clear Cache cannot pull the desktop's picture away):
/// the current one and the one before, which "Skip" puts back. `daily/backgrounds` lists them,
/// oldest first; any other file in `background/` is a leftover and is removed.
public struct BackgroundHistory: Sendable {
    public let folder: URL
    public let listURL: URL

    public init(dataFolder: DataFolder) {
        folder = dataFolder.url("background")
        listURL = dataFolder.url("daily/backgrounds")
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

    /// The day of the current background, from its file name (`apod-YYYY-MM-DD.EXT`).
    public var currentDay: APODDay? {
        current.flatMap { APODDay(String($0.deletingPathExtension().lastPathComponent.dropFirst("apod-".count))) }
    }

    /// The background before the current one, for "Skip".
    public var previous: URL? { kept.dropLast().last }

    /// `file` is now the background; only it and the one before are kept.
    public func becameCurrent(_ file: URL) {
        let list = Array((kept.filter { $0 != file } + [file]).suffix(2))
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

    private func removeLeftovers(keeping list: [URL]) {
        let keep = Set((list + list.compactMap(lockScreenCopy(of:))).map(\.standardizedFileURL.path))
        for file in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        where !keep.contains(file.standardizedFileURL.path) {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
