import Foundation

/// Where the app keeps what must outlive the cache ("Clear Cache" never touches it): the
/// archive indexes, the favourites library and the daily picture's files. `--data-dir DIR`, else `APOD_DATA_DIR`, else `$XDG_DATA_HOME/apod-viewer`
/// (when absolute), else `~/.local/share/apod-viewer`.
public struct DataFolder: Sendable, Equatable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The folder the environment names, for callers without command-line flags.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let given = environment["APOD_DATA_DIR"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.init(
            root: given.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? Self.defaultRoot(environment: environment))
    }

    /// A file or folder inside the data folder.
    public func url(_ name: String) -> URL {
        root.appendingPathComponent(name)
    }

    /// The flag's line for usage texts (translated when read).
    public static let option = OptionDeclaration("--data-dir", value: .required("DIR"), completion: .folders) {
        [tr("archive index and favourites directory")]
    }

    public static var flagHelp: String {
        option.helpLines(column: CommonArguments.helpColumn).joined(separator: "\n")
    }

    /// Takes `--data-dir DIR` / `--data-dir=DIR` out of `arguments` (stopping at `--`).
    /// - Throws: `APODError.invalidArgument` when the flag has no value.
    public static func resolve(arguments: [String], environment: [String: String]) throws -> (
        DataFolder, remainingArguments: [String]
    ) {
        let flags = try CommandLineFlags(arguments, valued: Set(option.names))
        let given = flags.values["--data-dir"]
        if let given, given.trimmingCharacters(in: .whitespaces).isEmpty {
            throw APODError.invalidArgument(tr("{flag} needs a value.", ["flag": "--data-dir"]))
        }
        return (
            given.map { DataFolder(root: URL(fileURLWithPath: $0, isDirectory: true)) }
                ?? DataFolder(environment: environment),
            flags.remaining
        )
    }

    static func defaultRoot(environment: [String: String]) -> URL {
        XDGFolders.dataHome(environment: environment).appendingPathComponent("apod-viewer", isDirectory: true)
    }

    /// The index of the source `configuration` names. The offline source reads the science
    /// route's index: it is the archive the user most likely downloaded. A self-hosted source's
    /// index of an earlier version, named by host and port only, is moved to its address's name
    /// the first time one of that host's sources opens it.
    /// - Parameter readOnly: for callers that only read (`ArchiveIndex.init`).
    public func openIndex(
        for configuration: SourceConfiguration, calendar: ArchiveCalendar = ArchiveCalendar(),
        readOnly: Bool = false
    ) throws -> ArchiveIndex {
        let indexed = Self.indexed(configuration)
        let file = indexFile(for: configuration)
        if let former = indexed.hostPartition {
            ArchiveIndex.adopt(url(ArchiveIndex.fileName(partition: former)), as: file)
        }
        return try ArchiveIndex(file: file, calendar: calendar, readOnly: readOnly)
    }

    /// Where the index of `configuration`'s source is (or will be).
    public func indexFile(for configuration: SourceConfiguration) -> URL {
        url(ArchiveIndex.fileName(partition: Self.indexed(configuration).cachePartition))
    }

    private static func indexed(_ configuration: SourceConfiguration) -> SourceConfiguration {
        guard configuration.kind == .offline else { return configuration }
        return SourceConfiguration(kind: .science, cacheDirectory: configuration.cacheDirectory)
    }

    public func openLibrary() throws -> UserLibrary {
        try UserLibrary.open(in: root)
    }
}
