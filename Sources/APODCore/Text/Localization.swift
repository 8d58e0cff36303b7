import CIntl
import Foundation

/// Translation through gettext, shared by the `apod` command and the viewer.
///
/// Messages are English msgids with named placeholders (`{date}`) rather than printf formats,
/// so a translation that reorders or drops a placeholder can never crash the app.
public enum Localization {
    /// The gettext domain: catalogues are `<locale dir>/<lang>/LC_MESSAGES/apod-viewer.mo`.
    public static let domain = "apod-viewer"

    /// Applies the user's locale and binds the catalogue folder. Call once at start-up, before
    /// any text is built. Without a catalogue every message stays English.
    ///
    /// When the user's locale is not installed (`LANG=zh_TW.UTF-8` on a system without it) the
    /// C library falls back to "C", under which gettext ignores every translation. The app then
    /// uses C.UTF-8 and asks gettext for the language through `LANGUAGE`, so the interface is
    /// still translated (dates and sorting stay as in C).
    public static func setUp(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if setlocale(LC_ALL, "") == nil {
            if let language = fallbackLanguage(environment: environment) { setenv("LANGUAGE", language, 1) }
            setlocale(LC_ALL, "C.UTF-8")
        }
        if let folder = localeDirectory(environment: environment) {
            bindtextdomain(domain, folder.path)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        bindLibraryCatalogues(environment: environment)
    }

    /// Libraries whose catalogue the app supplements for some languages (`po/libadwaita/`).
    public static let supplementedDomains = ["libadwaita"]

    /// Points libadwaita's messages at the app's merged catalogue (the system's translations
    /// with the About window's, which Debian 12's libadwaita catalogue lacks) while the app
    /// speaks a language the app has one for, and back at the system's folder otherwise. Call
    /// after libadwaita is initialised too: `adw_init` binds its own folder.
    public static func bindLibraryCatalogues(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let folder = localeDirectory(environment: environment)
        for library in supplementedDomains {
            let supplemented = language(environment: merged).flatMap { language in
                folder.flatMap { folder in
                    FileManager.default.fileExists(
                        atPath: folder.appendingPathComponent("\(language)/LC_MESSAGES/\(library).mo").path)
                        ? folder : nil
                }
            }
            bindtextdomain(library, supplemented?.path ?? systemLocaleDirectory)
            bind_textdomain_codeset(library, "UTF-8")
        }
    }

    /// Where Debian's libraries keep their catalogues.
    static let systemLocaleDirectory = "/usr/share/locale"

    /// The language gettext follows, without encoding or modifier (`zh_TW`).
    static func language(environment: [String: String]) -> String? {
        let first = environment["LANGUAGE"].flatMap { $0.split(separator: ":").first.map(String.init) }
        let named = ([first] + ["LC_ALL", "LC_MESSAGES", "LANG"].map { environment[$0] })
            .compactMap { $0 }.first { !$0.isEmpty }
        guard let named else { return nil }
        let language = String(named.prefix { $0 != "." && $0 != "@" })
        return ["", "C", "POSIX"].contains(language) ? nil : language
    }

    /// The language to ask gettext for when the locale the environment names is missing: that
    /// locale without its encoding (`zh_TW.UTF-8` → `zh_TW`), unless `LANGUAGE` already says.
    static func fallbackLanguage(environment: [String: String]) -> String? {
        if let given = environment["LANGUAGE"], !given.isEmpty { return nil }
        let named = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale = named else { return nil }
        let language = String(locale.prefix { $0 != "." && $0 != "@" })
        return ["", "C", "POSIX"].contains(language) ? nil : language
    }

    /// Whether the interface speaks Chinese: the language gettext follows (`LANGUAGE`'s first,
    /// else `LC_ALL`, `LC_MESSAGES`, `LANG`) is `zh…`. Explanations then come in Chinese too.
    public static func speaksChinese(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let language = environment["LANGUAGE"].flatMap { $0.split(separator: ":").first.map(String.init) }
        let named = ([language] + ["LC_ALL", "LC_MESSAGES", "LANG"].map { environment[$0] })
            .compactMap { $0 }.first { !$0.isEmpty }
        return named?.lowercased().hasPrefix("zh") ?? false
    }

    /// Where the compiled catalogues are: `APOD_LOCALEDIR`; `share/locale` beside the program's
    /// `bin/` (installed); `locale/` next to the program (what `make` builds).
    static func localeDirectory(environment: [String: String]) -> URL? {
        if let given = environment["APOD_LOCALEDIR"], !given.isEmpty {
            return URL(fileURLWithPath: given, isDirectory: true)
        }
        guard let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else {
            return nil
        }
        let candidates = [
            folder.deletingLastPathComponent().appendingPathComponent("share/locale"),
            folder.appendingPathComponent("locale"),
        ]
        return candidates.first { candidate in
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: candidate.path)) ?? []
            return contents.contains {
                FileManager.default.fileExists(
                    atPath: candidate.appendingPathComponent("\($0)/LC_MESSAGES/\(domain).mo").path)
            }
        }
    }
}

/// The translation of `message` in the user's language (`message` itself when none), with
/// each `{name}` replaced by `values[name]`.
public func tr(_ message: String, _ values: [String: String] = [:]) -> String {
    // Without a translation dgettext returns its argument: copy while that buffer still lives.
    var text = message.withCString { String(cString: dgettext(Localization.domain, $0)) }
    for (name, value) in values {
        text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return text
}

/// The translation of the form of `singular` / `plural` that `count` takes in the user's
/// language (English: "1 picture", "2 pictures"; Chinese has one form), with `{count}` and
/// each `{name}` replaced.
public func trn(_ singular: String, _ plural: String, count: Int, _ values: [String: String] = [:]) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in
            String(cString: dngettext(Localization.domain, one, many, UInt(max(0, count))))
        }
    }
    var text = form.replacingOccurrences(of: "{count}", with: String(count))
    for (name, value) in values {
        text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return text
}
