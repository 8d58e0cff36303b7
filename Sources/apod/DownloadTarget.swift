import APODCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where `apod` puts a picture, from `download -o` or `today`/`random --wallpaper`: standard
/// output (`-`), a folder (a path ending in `/`, or an existing folder), or a path. Decided
/// before any transfer, so a mistyped folder fails at once. With `FilePlacement` this is the one
/// output rule of every command that writes a picture.
enum DownloadTarget: Equatable {
    case standardOutput
    /// The file inside is named `apod-DATE.EXT` once the picture's format is known.
    case folder(URL)
    case path(URL)

    /// - Parameter output: `-o`'s value; nil saves into the current folder.
    /// - Throws: `APODError.cannotSave` when a folder named with a trailing `/` does not exist.
    init(output: String?, currentDirectory: URL) throws {
        guard let output else {
            self = .folder(currentDirectory)
            return
        }
        if output == "-" {
            self = .standardOutput
            return
        }
        let url = URL(fileURLWithPath: output, relativeTo: currentDirectory).standardizedFileURL
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if exists && isFolder.boolValue {
            self = .folder(url)
        } else if output.hasSuffix("/") {
            throw APODError.cannotSave(path: output, reason: tr("there is no such folder."))
        } else {
            self = .path(url)
        }
    }

    /// A destination that must be one file (a background): a folder, a path ending in `/` and
    /// standard output are refused with a message saying so.
    /// - Throws: `APODError.cannotSave`.
    static func file(_ output: String, currentDirectory: URL) throws -> URL {
        switch try DownloadTarget(output: output, currentDirectory: currentDirectory) {
        case .path(let url):
            return url
        case .folder:
            throw APODError.cannotSave(
                path: output,
                reason: tr(
                    "it is a folder; name a file, e.g. {example}.",
                    ["example": (output.hasSuffix("/") ? output : output + "/") + "apod.jpg"]))
        case .standardOutput:
            throw APODError.cannotSave(path: output, reason: tr("a background must be a file, not standard output."))
        }
    }

    /// The file this target names, given the picture's file name; nil for standard output.
    func file(named name: String) -> URL? {
        switch self {
        case .standardOutput: return nil
        case .folder(let folder): return folder.appendingPathComponent(name)
        case .path(let url): return url
        }
    }
}

/// How a destination file is written. Replacing through a temporary file and a rename keeps a
/// regular file whole, but would turn anything else into a regular file (a FIFO, `/dev/null`,
/// a device node when run as root, a symlink), so only regular files and missing paths are
/// replaced that way; everything else is opened and written through, as a shell's `>` would.
enum FilePlacement: Equatable {
    /// A missing path or a regular file: a temporary file beside it, renamed over it.
    case replace(URL)
    /// A FIFO, a device, a symlink (to what it points at): opened and written in place.
    case writeThrough(URL)

    /// - Throws: `APODError.cannotSave` for an existing regular file (also behind a symlink)
    ///   without `force`, and for a folder.
    init(of url: URL, force: Bool) throws {
        var link = stat()
        guard lstat(url.path, &link) == 0 else {
            self = .replace(url)
            return
        }
        var target = stat()
        let resolved = stat(url.path, &target) == 0 ? target.st_mode & S_IFMT : nil
        if resolved == S_IFDIR {
            throw APODError.cannotSave(path: url.path, reason: tr("it is a folder."))
        }
        if resolved == S_IFREG && !force {
            throw APODError.cannotSave(path: url.path, reason: PartialFile.existsReason)
        }
        self = link.st_mode & S_IFMT == S_IFREG ? .replace(url) : .writeThrough(url)
    }

    /// The temporary file a replacement is written to, made now (before any transfer) so an
    /// unwritable folder fails first; nil when the destination is written through.
    func reserve() throws -> PartialFile? {
        guard case .replace(let file) = self else { return nil }
        return try PartialFile(
            in: file.deletingLastPathComponent(), stem: file.lastPathComponent, destination: file.path)
    }

    /// Writes `data` as this placement says: into what is there, or through `partial` (made
    /// here when none was reserved) renamed over the path.
    func write(_ data: Data, partial: PartialFile?, replacing: Bool) throws {
        switch self {
        case .writeThrough(let file):
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw APODError.cannotSave(path: file.path, reason: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            guard FileDescriptorWriter.write(data, to: descriptor) else {
                throw APODError.cannotSave(path: file.path, reason: String(cString: strerror(errno)))
            }
        case .replace(let file):
            let temporary = try partial ?? reserve()!
            try temporary.commit(data, to: file, replacing: replacing)
        }
    }
}
