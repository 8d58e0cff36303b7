import APODCore

/// The viewer's own command-line options; the source flags (`--source`, `--api-url`,
/// `--api-key`, …) are taken out first by `CommonArguments`.
public struct ViewerOptions: Equatable, Sendable {
    /// `--date YYYY-MM-DD`: open on that day instead of the latest picture.
    public var initialDay: APODDay?
    /// `--random N`: open on the Random view with N pictures.
    public var randomCount: Int?
    /// `--offline`: work from the cache and the bundled sample on purpose (`--source offline`).
    public var offline = false
    /// `--gapplication-service`: started by D-Bus activation (the desktop file is
    /// `DBusActivatable`); the window opens when the bus asks for it, not at start.
    public var isService = false
    /// The source this launch named with flags; set by the launcher, for a running instance
    /// to apply when this launch finds one (it is not a flag of its own).
    public var sourceRequest: SourceRequest?
    /// `--cache-dir` or `--no-cache` given: a running instance keeps its own cache, so a
    /// second launch says they were not applied.
    public var cacheFlags: [String] = []
    /// What was wrong in the preferences file (`SettingsProblem.message`), shown in the main
    /// window when it opens as well as on stderr.
    public var settingsWarnings: [String] = []
    /// `--background`: start without a window, for the daily picture (how autostart runs it).
    public var startsInBackground = false
    /// `--browse [YYYY-MM]`: open on the Browse view (the archive wall), at that month when given.
    public var opensBrowse = false
    public var browseMonth: ArchiveMonth?

    public static let countRange = 1...100
    public static let defaultRandomCount = 20

    public init(
        initialDay: APODDay? = nil, randomCount: Int? = nil, offline: Bool = false,
        opensBrowse: Bool = false, browseMonth: ArchiveMonth? = nil
    ) {
        self.opensBrowse = opensBrowse || browseMonth != nil
        self.browseMonth = browseMonth
        self.initialDay = initialDay
        self.randomCount = randomCount
        self.offline = offline
    }

    /// The help text, laid out as `apod`'s; built when read so it comes out in the user's language.
    public static var usage: String {
        [
            tr("Usage:") + " apod-viewer [OPTIONS]",
            "",
            tr("Options:"),
            "  --date YYYY-MM-DD                 " + tr("open on that day instead of the latest picture"),
            "  --random N                        " + tr("open on the Random view with N pictures (1–100)"),
            "  --browse [YYYY-MM]                "
                + tr("open on the Browse view (the archive wall), at that month when given"),
            "  --offline                         "
                + tr("use only cached and sample pictures (same as --source offline)"),
            "  --background                      " + tr("start without a window, for the daily picture"),
            SourceConfiguration.flagsHelp,
            DataFolder.flagHelp,
            CommonArguments.closingHelp,
        ].joined(separator: "\n")
    }

    /// What `--version` prints.
    public static let version = "apod-viewer \(AppVersion.current)"

    /// Parses what `CommonArguments` left over.
    /// - Throws: `APODError.invalidArgument` for unknown options or bad values.
    public static func parse(_ arguments: [String]) throws -> ViewerOptions {
        var options = ViewerOptions()
        var index = 0
        while index < arguments.count {
            let parts = arguments[index].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            index += 1
            if name == "--offline", parts.count == 1 {
                options.offline = true
                continue
            }
            if name == "--background", parts.count == 1 {
                options.startsInBackground = true
                continue
            }
            if name == "--gapplication-service", parts.count == 1 {
                options.isService = true
                continue
            }
            if name == "--browse" {
                options.opensBrowse = true
                // The month is optional: a following argument is it only when it is not an option.
                var value: String?
                if parts.count == 2 {
                    value = String(parts[1])
                } else if index < arguments.count, !arguments[index].hasPrefix("-") {
                    value = arguments[index]
                    index += 1
                }
                if let value {
                    guard let month = ArchiveMonth(value) else {
                        throw APODError.invalidArgument(
                            tr("\"{value}\" is not a month: use YYYY-MM, e.g. 2019-05.", ["value": value]))
                    }
                    options.browseMonth = month
                }
                continue
            }
            guard name == "--date" || name == "--random" else {
                throw APODError.invalidArgument(tr("Unknown option \"{option}\".", ["option": arguments[index - 1]]))
            }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw APODError.invalidArgument(tr("{option} needs a value.", ["option": name]))
            }
            if name == "--date" {
                guard let day = APODDay(value) else {
                    throw APODError.invalidArgument(
                        tr("\"{value}\" is not a date: use YYYY-MM-DD, e.g. 2020-12-17.", ["value": value]))
                }
                options.initialDay = day
            } else {
                guard let count = Int(value), countRange.contains(count) else {
                    throw APODError.invalidArgument(tr("--random takes a number of pictures from 1 to 100."))
                }
                options.randomCount = count
            }
        }
        return options
    }
}
