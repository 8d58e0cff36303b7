import Foundation

/// Which source to use and how, resolved from command-line flags and the environment.
/// Shared by `apod` and `apod-viewer` so both accept the same flags and variables.
///
/// Flags win over environment variables, which win over saved preferences (`SettingsStore`:
/// `source`, `api_url`, `api_key`), which win over defaults:
///
/// | flag                 | variable          | default                                      |
/// |----------------------|-------------------|----------------------------------------------|
/// | `--source KIND`      | `APOD_SOURCE`     | `science`                                    |
/// | `--api-url URL`      | `APOD_API_URL`    | the public route of the chosen source        |
/// | `--api-key KEY`      | `NASA_API_KEY`    | `DEMO_KEY` (legacy only)                     |
/// | `--cache-dir DIR`    | `APOD_CACHE_DIR`  | `$XDG_CACHE_HOME/apod-viewer`, `~/.cache/apod-viewer` |
/// | `--no-cache`         |                   | cache on                                     |
/// | `--translation-url URL` | `APOD_TRANSLATION_URL` | the Taiwanese mirror (`TranslationSource.mirrorURL`) |
/// | `--vimeo-oembed-url URL` | `APOD_VIMEO_OEMBED_URL` | Vimeo's oEmbed route (`VideoStills.vimeoOEmbedURL`) |
/// |                      | `APOD_TIMEOUT`    | 30 (whole seconds)                           |
/// |                      | `APOD_SAMPLE_DIR` | `data/sample` found next to the program      |
public struct SourceConfiguration: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// science.nasa.gov's keyless WordPress route (the live service).
        case science
        /// The v1 API at api.nasa.gov, or a self-hosted copy of NASA's server.
        case legacy
        /// No network: the metadata cache plus the bundled sample.
        case offline

        /// A kind by its name as typed (any case, surrounding spaces ignored).
        public init?(name: String) {
            self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
        }
    }

    public static let scienceURL = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!
    public static let legacyURL = URL(string: "https://api.nasa.gov/planetary/apod")!
    public static let demoKey = "DEMO_KEY"
    public static let defaultTimeout = 30

    public var kind: Kind
    /// The route itself, e.g. `http://127.0.0.1:8080/wp-json/wp/v2/apod-basic`.
    public var apiURL: URL
    /// Trimmed; never printed anywhere.
    public var apiKey: String
    /// Root of the metadata cache.
    public var cacheDirectory: URL
    public var useCache: Bool
    /// Whole seconds, for each attempt of a request (see `HTTPClient`).
    public var timeout: Int
    /// Where the bundled offline sample (`entries.json` and its pictures) lives, if found.
    public var sampleDirectory: URL?
    /// The folder of the Chinese mirror's `apYYMMDD.html` pages.
    public var translationURL: URL
    /// Where a Vimeo day's still is asked for (`VideoStills`).
    public var vimeoOEmbedURL: URL

    public init(
        kind: Kind = .science, apiURL: URL? = nil, apiKey: String = demoKey,
        cacheDirectory: URL, useCache: Bool = true, timeout: Int = defaultTimeout,
        sampleDirectory: URL? = nil, translationURL: URL = TranslationSource.mirrorURL,
        vimeoOEmbedURL: URL = VideoStills.vimeoOEmbedURL
    ) {
        self.kind = kind
        self.apiURL = apiURL ?? (kind == .legacy ? Self.legacyURL : Self.scienceURL)
        let trimmedKey = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.apiKey = trimmedKey.isEmpty ? Self.demoKey : trimmedKey
        self.cacheDirectory = cacheDirectory
        self.useCache = useCache
        self.timeout = timeout
        self.sampleDirectory = sampleDirectory
        self.translationURL = translationURL
        self.vimeoOEmbedURL = vimeoOEmbedURL
    }

    /// The shared flags, as `apod` and `apod-viewer` both read them.
    public static let options: [OptionDeclaration] = [
        OptionDeclaration(
            "--source", value: .required("science|legacy|offline"),
            completion: .words(Kind.allCases.map(\.rawValue))
        ) { [tr("where entries come from (default science)")] },
        OptionDeclaration("--api-url", value: .required("URL")) {
            [tr("the service route, e.g. a self-hosted copy")]
        },
        OptionDeclaration("--api-key", value: .required("KEY")) {
            [tr("api.nasa.gov key for the legacy source (default DEMO_KEY)")]
        },
        OptionDeclaration("--cache-dir", value: .required("DIR"), completion: .folders) {
            [tr("metadata cache directory")]
        },
        OptionDeclaration("--no-cache") {
            [tr("neither read nor write the cache (the archive index in the data folder is still used)")]
        },
        OptionDeclaration("--translation-url", value: .required("URL")) {
            [tr("the folder of the Chinese mirror's pages (default the Taiwanese mirror)")]
        },
        OptionDeclaration("--vimeo-oembed-url", value: .required("URL")) {
            [tr("the oEmbed route asked for Vimeo days' stills (default vimeo.com's)")]
        },
    ]

    /// The shared flags, one per line, for usage texts (translated when read).
    public static var flagsHelp: String {
        options.flatMap { $0.helpLines(column: CommonArguments.helpColumn) }.joined(separator: "\n")
    }

    /// The flags that take a value; `--no-cache` takes none.
    static let valuedFlags = Set(options.filter(\.takesValue).flatMap(\.names))

    /// Takes the shared flags out of `arguments` (program name excluded), reads the
    /// environment, and returns the configuration with every argument it did not consume,
    /// in order. Both `--flag value` and `--flag=value` are accepted; `--` ends option parsing.
    ///
    /// - Parameter settings: saved preferences (`SettingsStore.load()`), the lowest layer;
    ///   already checked, so only flags and variables can make this throw.
    /// - Throws: `APODError.invalidArgument` for a bad value or a missing one.
    public static func resolve(
        arguments: [String], environment: [String: String],
        settings: SavedSettings = [:]
    ) throws
        -> (SourceConfiguration, remainingArguments: [String])
    {
        let (flags, remaining) = try split(arguments)

        func value(_ flag: String, _ variable: String, _ setting: SettingsStore.Key? = nil) -> String? {
            if let given = flags[flag] { return given }
            for layer in [environment[variable], setting.flatMap { settings[$0.rawValue] }] {
                if let set = layer, !set.trimmingCharacters(in: .whitespaces).isEmpty { return set }
            }
            return nil
        }

        let apiURL = try value("--api-url", "APOD_API_URL", .apiURL).map(parseURL)
        let kind: Kind
        if let name = value("--source", "APOD_SOURCE", .source) {
            guard let parsed = Kind(name: name) else {
                throw APODError.invalidArgument(
                    tr("Unknown source \"{name}\": use science, legacy or offline.", ["name": name]))
            }
            kind = parsed
        } else if let apiURL, apiURL.path.hasSuffix("/planetary/apod") {
            kind = .legacy
        } else {
            kind = .science
        }

        let configuration = SourceConfiguration(
            kind: kind,
            apiURL: apiURL,
            apiKey: value("--api-key", "NASA_API_KEY", .apiKey) ?? demoKey,
            cacheDirectory: value("--cache-dir", "APOD_CACHE_DIR").map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? defaultCacheDirectory(environment: environment),
            useCache: flags["--no-cache"] == nil,
            timeout: try parseTimeout(environment["APOD_TIMEOUT"]),
            sampleDirectory: SampleLocator.find(environment: environment),
            translationURL: try value("--translation-url", "APOD_TRANSLATION_URL").map(parseTranslationURL)
                ?? TranslationSource.mirrorURL,
            vimeoOEmbedURL: try value("--vimeo-oembed-url", "APOD_VIMEO_OEMBED_URL").map(parseOEmbedURL)
                ?? VideoStills.vimeoOEmbedURL)
        return (configuration, remaining)
    }

    /// Which of the shared flags `arguments` gives (`--source`, `--no-cache`, …), for a
    /// second viewer launch that hands them to the running one.
    public static func givenFlags(in arguments: [String]) -> Set<String> {
        Set(((try? split(arguments))?.flags ?? [:]).keys)
    }

    /// The shared flags by name (`--no-cache` maps to ""), and every other argument in order.
    private static func split(_ arguments: [String]) throws -> (flags: [String: String], remaining: [String]) {
        let flags = try CommandLineFlags(
            arguments, valued: valuedFlags, switches: Set(options.filter { !$0.takesValue }.flatMap(\.names)))
        return (flags.values, flags.remaining)
    }

    /// `$XDG_CACHE_HOME/apod-viewer` when that is an absolute path, else `~/.cache/apod-viewer`.
    public static func defaultCacheDirectory(environment: [String: String]) -> URL {
        XDGFolders.cacheHome(environment: environment).appendingPathComponent("apod-viewer", isDirectory: true)
    }

    private static func parseURL(_ text: String) throws -> URL {
        guard let url = webURL(text) else {
            throw APODError.invalidArgument(
                tr("The API URL \"{url}\" is not an http or https address.", ["url": echo(text)]))
        }
        return url
    }

    private static func parseTranslationURL(_ text: String) throws -> URL {
        guard let url = webURL(text) else {
            throw APODError.invalidArgument(
                tr("The translation URL \"{url}\" is not an http or https address.", ["url": echo(text)]))
        }
        return url
    }

    private static func parseOEmbedURL(_ text: String) throws -> URL {
        guard let url = webURL(text) else {
            throw APODError.invalidArgument(
                tr("The Vimeo oEmbed URL \"{url}\" is not an http or https address.", ["url": echo(text)]))
        }
        return url
    }

    /// `text` as an http or https address with a host, or nil.
    static func webURL(_ text: String) -> URL? {
        URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { WebURL.isWeb($0) ? $0 : nil }
    }

    /// An address as it may be shown in a message: without its query and fragment, where an
    /// `api_key=` would stand.
    static func echo(_ text: String) -> String {
        String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != "?" && $0 != "#" })
    }

    private static func parseTimeout(_ text: String?) throws -> Int {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return defaultTimeout }
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), (1...3600).contains(seconds) else {
            throw APODError.invalidArgument(tr("APOD_TIMEOUT must be a whole number of seconds from 1 to 3600."))
        }
        return seconds
    }
}
