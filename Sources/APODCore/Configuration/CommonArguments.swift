import Foundation

/// What `apod` and `apod-viewer` read alike before their own options, in the same order:
/// `--data-dir` (or the XDG default), then the source flags over the environment over the
/// saved settings. What is left is the program's own.
public struct CommonArguments {
    public var dataFolder: DataFolder
    public var configuration: SourceConfiguration
    public var remaining: [String]

    /// - Throws: `APODError.invalidArgument` for a flag without its value or a value not allowed.
    public init(arguments: [String], environment: [String: String], settings: SavedSettings) throws {
        let data = try DataFolder.resolve(arguments: arguments, environment: environment)
        let source = try SourceConfiguration.resolve(
            arguments: data.remainingArguments, environment: environment,
            settings: settings)
        dataFolder = data.0
        configuration = source.0
        remaining = source.remainingArguments
    }

    /// Where the help of an option starts in both programs' usage.
    public static let helpColumn = 36

    /// Every flag read before the program's own: the source's and the data folder's.
    public static var options: [OptionDeclaration] { SourceConfiguration.options + [DataFolder.option] }

    public static let helpOption = OptionDeclaration("--help", "-h") { [tr("show this help")] }
    public static let versionOption = OptionDeclaration("--version") { [tr("show the version")] }

    /// The last lines of both programs' usage: `--help`, `--version` and the variables read.
    public static var closingHelp: String {
        ([helpOption, versionOption].flatMap { $0.helpLines(column: helpColumn) } + ["", environmentHelp])
            .joined(separator: "\n")
    }

    /// Every variable both programs read, in the order `--help` and the man pages name them.
    public static let environmentVariables = [
        "APOD_SOURCE", "APOD_API_URL", "NASA_API_KEY", "APOD_CACHE_DIR", "APOD_DATA_DIR", "APOD_TRANSLATION_URL",
        "APOD_VIMEO_OEMBED_URL", "APOD_TIMEOUT",
    ]

    public static var environmentHelp: String {
        tr(
            "Environment: {variables} (flags win over the environment).",
            // Translators: between the names of a list of environment variables.
            ["variables": environmentVariables.joined(separator: tr(", "))])
    }
}
