import Foundation

/// The preferences as read from the file: only values the programs can use, plus one problem
/// for every line they cannot, naming the file and the line. A typo in the file therefore
/// never stops `apod` or the viewer: the setting falls back to its default, the programs say
/// so once, and the viewer's Preferences can write a good value over the bad line.
public struct SavedSettings: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Usable values by key (`source`, `api_url`, …), already checked.
    public private(set) var values: [String: String]
    /// What was wrong with the file, one readable line each, in file order.
    public private(set) var problems: [SettingsProblem]

    public init(values: [String: String] = [:], problems: [SettingsProblem] = []) {
        self.values = values
        self.problems = problems
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(values: Dictionary(elements) { $1 })
    }

    public subscript(key: String) -> String? { values[key] }

    public var isEmpty: Bool { values.isEmpty }

    /// Checks every line of `document`; `path` names the file in the problems.
    init(document: ConfigDocument, path: String) {
        self.init(values: [:], problems: [])
        for line in document.unreadableLines {
            problems.append(SettingsProblem(path: path, line: line, kind: .unreadableLine))
        }
        for entry in document.entries {
            guard !entry.value.isEmpty else {
                values[entry.key] = nil
                continue
            }
            guard let key = SettingsStore.Key(rawValue: entry.key) else {
                problems.append(SettingsProblem(path: path, line: entry.line, kind: .unknownKey(entry.key)))
                continue
            }
            if let kind = Self.check(entry.value, for: key) {
                values[entry.key] = nil
                problems.append(SettingsProblem(path: path, line: entry.line, kind: kind))
            } else {
                values[entry.key] = entry.value
            }
        }
        problems.sort { $0.line < $1.line }
    }

    /// What is wrong with `value` as the setting `key`, or nil when it can be used.
    private static func check(_ value: String, for key: SettingsStore.Key) -> SettingsProblem.Kind? {
        switch key {
        case .source:
            return SourceConfiguration.Kind(name: value) == nil ? .unknownSource(value) : nil
        case .apiURL:
            return SourceConfiguration.webURL(value) == nil ? .notWebAddress(value) : nil
        case .apiKey:
            return nil
        case .imageCacheLimitMB:
            return Int(value).map { $0 > 0 } == true ? nil : .notMegabytes(value)
        case .dailyBackground, .dailyNotify, .dailySamePicture:
            return oneOf(value, ["true", "false"])
        case .dailyPlacement:
            return oneOf(value, DailySettings.Placement.allCases.map(\.rawValue))
        case .dailyVideoDays:
            return oneOf(value, DailySettings.VideoDays.allCases.map(\.rawValue))
        case .dailyMetered:
            return oneOf(value, DailySettings.MeteredConnections.allCases.map(\.rawValue))
        case .dailyCaption:
            return oneOf(value, BackgroundCaption.allCases.map(\.rawValue))
        case .dailyFit:
            return oneOf(value, BackgroundFit.allCases.map(\.rawValue))
        case .dailyUnusableDays:
            return oneOf(value, DailySettings.UnusableDays.allCases.map(\.rawValue))
        case .dailyRotation:
            return oneOf(value, BackgroundRotation.allCases.map(\.rawValue))
        case .dailyRotationSource:
            return oneOf(value, BackgroundRotation.Source.allCases.map(\.rawValue))
        case .style:
            return oneOf(value, StylePreference.allCases.map(\.rawValue))
        case .explanations:
            return oneOf(value, ExplanationLanguage.allCases.map(\.rawValue))
        }
    }

    private static func oneOf(_ value: String, _ allowed: [String]) -> SettingsProblem.Kind? {
        allowed.contains(value) ? nil : .notOneOf(value, allowed)
    }
}

/// One line of the preferences file the programs could not use; its `message` is the warning
/// they print (and the viewer shows) once at start-up.
public struct SettingsProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case unreadableLine
        case unknownKey(String)
        case unknownSource(String)
        case notWebAddress(String)
        case notMegabytes(String)
        /// A choice setting holding none of its choices.
        case notOneOf(String, [String])
        /// The whole file was not read (over `SettingsStore.maxBytes`); `line` is 0.
        case tooLarge
        /// The file is a FIFO, device or folder (`RegularFile`): not read, not replaced; `line` is 0.
        case notARegularFile
    }

    public var path: String
    public var line: Int
    public var kind: Kind

    public var message: String {
        let place = ["file": path, "line": String(line)]
        switch kind {
        case .tooLarge:
            return APODError.settingsTooLarge(path: path).message
        case .notARegularFile:
            return APODError.notARegularFile(path: path).message
        case .unreadableLine:
            return tr("{file}, line {line}: not a key=value line; it is ignored.", place)
        case .unknownKey(let key):
            return tr(
                "{file}, line {line}: unknown setting \"{key}\"; it is kept but not used.",
                place.merging(["key": key]) { $1 })
        case .unknownSource(let name):
            return tr(
                "{file}, line {line}: unknown source \"{name}\" (use science, legacy or offline); the default is used.",
                place.merging(["name": name]) { $1 })
        case .notWebAddress(let address):
            return tr(
                "{file}, line {line}: \"{url}\" is not an http or https address; the default is used.",
                place.merging(["url": SourceConfiguration.echo(address)]) { $1 })
        case .notMegabytes(let value):
            return tr(
                "{file}, line {line}: \"{value}\" is not a whole number of megabytes; the default is used.",
                place.merging(["value": value]) { $1 })
        case .notOneOf(let value, let allowed):
            return tr(
                "{file}, line {line}: \"{value}\" is not one of {choices}; the default is used.",
                place.merging(["value": value, "choices": allowed.joined(separator: ", ")]) { $1 })
        }
    }
}
