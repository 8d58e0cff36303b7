import APODCore
import Foundation
import GtkKit
import Synchronization

/// GNOME Shell's search over the archive index (`org.gnome.Shell.SearchProvider2`, declared by
/// `data/<app-id>.search-provider.ini`): results come from the index's own search, so they are
/// ranked as in the app's search window; result IDs are the days (`YYYY-MM-DD`). Every call
/// reads the index off the main thread and answers from there; the application is held while
/// one is answered, so a viewer started by the Shell through D-Bus activation stays up for it.
///
/// Every result has an icon: its picture's thumbnail when the disk cache has it, else the app's
/// icon (the description gives the date). Metas answer from the cache only, as the Shell waits
/// for them; the missing thumbnails of the results it showed are then fetched in the background
/// (`IconFetches`), so the next search shows them. Activating a result opens one window per day.
@MainActor
final class SearchProvider {
    nonisolated static let interface = "org.gnome.Shell.SearchProvider2"
    /// As many results as the search window lists.
    nonisolated static let resultLimit = ArchiveViews.searchLimit
    /// The long side of a result's icon in pixels: GNOME Shell shows them at up to 64 logical
    /// pixels, twice that on a 2× screen.
    nonisolated static let iconSize = 128
    /// Thumbnails fetched after one `GetResultMetas` at most: the Shell shows five to ten.
    nonisolated static let iconFetchLimit = 10
    /// Metas answered per call: the Shell asks for the handful of results it shows. Any program
    /// on the bus may ask, and 18,500 copies of one day made a reply over D-Bus's 64 MiB
    /// limit: the bus disconnected the viewer and it quit.
    nonisolated static let metasLimit = 25
    /// IDs of one GetResultMetas call looked at, repeats included (10⁶ took 106 s and 2.6 GB).
    nonisolated static let idsRead = 1_000

    private weak var app: ViewerApplication?
    private let archive: ArchiveAccess
    private let pictures: any ImageFetching
    private let translations: ViewerTranslations?
    private var object: BusObject?
    let iconFetches = IconFetches()
    /// The detail window the Shell's results open in: each result activated after it shows there.
    private weak var resultWindow: DetailWindow?

    /// `<the application's object path>/SearchProvider`, as the .ini file names it for the real ID.
    nonisolated static func objectPath(applicationID: String) -> String {
        "/" + applicationID.replacingOccurrences(of: ".", with: "/") + "/SearchProvider"
    }

    /// Registers the provider for `app` on the session bus; nil without a bus or an archive index.
    init?(app: ViewerApplication) {
        guard let archive = app.environment.archive else { return nil }
        self.app = app
        self.archive = archive
        pictures = app.environment.pictures.fetcher
        translations = app.environment.translations
        object = BusObject(
            path: Self.objectPath(applicationID: app.application.id), interface: Self.interface,
            introspection: Self.introspection
        ) { [weak self] call in self?.handle(call) }
        guard object != nil else { return nil }
    }

    /// Takes the provider off the bus (another instance answers for the application).
    func unregister() {
        object?.unregister()
        object = nil
    }

    private func handle(_ call: BusMethodCall) {
        switch call.method {
        case "GetInitialResultSet":
            answer(call) { [archive] in .strings(try Self.search(call.strings(at: 0), in: archive)) }
        case "GetSubsearchResultSet":
            // The terms only grow, so searching again narrows the results and keeps the ranking.
            answer(call) { [archive] in .strings(try Self.search(call.strings(at: 1), in: archive)) }
        case "GetResultMetas":
            let application = app?.application
            application?.hold()
            Task.detached { [archive, pictures, translations, iconFetches] in
                var missing: [APODEntry] = []
                do {
                    let found = try Self.metas(
                        call.strings(at: 0, limit: Self.idsRead), in: archive, pictures: pictures,
                        translations: translations)
                    missing = found.missingIcons
                    call.reply(.dictionaries(found.metas))
                } catch {
                    call.fail("org.freedesktop.DBus.Error.Failed", userMessage(for: error))
                }
                await iconFetches.fetch(missing.prefix(Self.iconFetchLimit), pictures: pictures)
                MainThread.post { application?.release() }
            }
        case "ActivateResult":
            call.reply(.nothing)
            activate(call.string(at: 0))
        case "LaunchSearch":
            call.reply(.nothing)
            app?.prepareWindows()
            app?.showSearch(call.strings(at: 0).joined(separator: " "))
        default:
            call.fail("org.freedesktop.DBus.Error.UnknownMethod", call.method)
        }
    }

    /// Runs `work` in the background and answers the call with its reply, or an error.
    private func answer(_ call: BusMethodCall, _ work: @escaping @Sendable () throws -> BusReply) {
        let application = app?.application
        application?.hold()
        Task.detached {
            do {
                call.reply(try work())
            } catch {
                call.fail("org.freedesktop.DBus.Error.Failed", userMessage(for: error))
            }
            MainThread.post { application?.release() }
        }
    }

    /// Shows the day `id` in a detail window: its own when one is open, else the one the Shell's
    /// results opened before, else a new one, so any number of activations (a program on the
    /// bus may send thousands) opens one window. A day the index no longer has opens in the
    /// main window.
    private func activate(_ id: String) {
        guard let day = APODDay(id) else { return }
        let archive = archive
        app?.application.hold()
        Task.detached { [weak self] in
            let entry = try? archive.openIndex().entry(for: day)
            MainThread.post {
                guard let self, let app = self.app else { return }
                app.application.release()
                app.prepareWindows()
                if let entry {
                    if app.detailWindows[day] == nil, let window = self.resultWindow, !window.window.isDestroyed {
                        window.show(entry)
                        window.present()
                    } else {
                        app.openDetail(for: entry)
                        self.resultWindow = self.resultWindow ?? app.detailWindows[day]
                    }
                } else {
                    app.ensureMainWindow()?.show(day: day)
                }
            }
        }
    }

    // MARK: Off the main thread

    nonisolated static func search(_ terms: [String], in archive: ArchiveAccess) throws -> [String] {
        try archive.openIndex().search(terms.joined(separator: " "), limit: resultLimit).map(\.date.description)
    }

    /// The days asked for, each once, in the order asked, at most `metasLimit`; IDs that are
    /// no day are left out.
    nonisolated static func requestedDays(_ ids: [String]) -> [(id: String, day: APODDay)] {
        var seen = Set<String>()
        var days: [(id: String, day: APODDay)] = []
        for id in ids where days.count < metasLimit && seen.insert(id).inserted {
            if let day = APODDay(id) { days.append((id, day)) }
        }
        return days
    }

    /// Title (bounded as labels show it; the known Chinese one when Preferences → Explanations
    /// says Chinese, as grid cells show it), date and (when a picture of the day is in the disk
    /// cache) an icon for each of `requestedDays(ids)` the index has (unknown IDs are left out),
    /// and the entries whose icon is the app's for want of a cached picture.
    nonisolated static func metas(
        _ ids: [String], in archive: ArchiveAccess,
        pictures: any ImageFetching, translations: ViewerTranslations? = nil
    ) throws -> (metas: [[String: BusValue]], missingIcons: [APODEntry]) {
        let index = try archive.openIndex()
        var missing: [APODEntry] = []
        let metas: [[String: BusValue]] = try requestedDays(ids).compactMap { id, day in
            guard let entry = try index.entry(for: day) else { return nil }
            var meta: [String: BusValue] = [
                "id": .string(id), "name": .string(translations?.knownTitle(day) ?? entry.shownTitle.text),
                "description": .string(DisplayDate.string(for: day)),
            ]
            if let icon = icon(for: entry, pictures: pictures) {
                meta["icon"] = .iconBytes(icon)
            } else {
                // GNOME Shell reads `gicon` as a GIcon's string: the app's themed icon.
                meta["gicon"] = .string(ViewerApplication.id)
                if iconSource(of: entry) != nil { missing.append(entry) }
            }
            return meta
        }
        return (metas, missing)
    }

    /// A small JPEG of the entry's icon-sized thumbnail, grid thumbnail or main picture,
    /// whichever the cache holds; nothing is downloaded while the Shell waits.
    nonisolated static func icon(for entry: APODEntry, pictures: any ImageFetching) -> Data? {
        var candidates: [(URL, ImagePurpose)] = []
        if let source = iconSource(of: entry) { candidates.append(source) }
        candidates += [entry.thumbnailSourceURL, entry.displayPictureURL].compactMap { $0 }.map { ($0, .display) }
        for (url, purpose) in candidates {
            guard let data = pictures.cachedImageData(from: url, for: purpose),
                let image = try? TextureDecoder.decode(data, maxSize: iconSize)
            else { continue }
            return image.texture.jpegData()
        }
        return nil
    }

    /// What is fetched for a result's icon: its smallest picture at the icon's size (the CDN
    /// resizes it; other hosts send it whole and the icon is made from it).
    nonisolated static func iconSource(of entry: APODEntry) -> (URL, ImagePurpose)? {
        entry.thumbnailSourceURL.map { ($0, .thumbnail(width: iconSize)) }
    }

    /// The interface as GNOME Shell's `org.gnome.ShellSearchProvider2.xml` declares it:
    /// terms, result IDs, metas; identifier, terms and timestamp to activate; terms to launch.
    static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet"><arg type="as" direction="in"/><arg type="as" direction="out"/></method>
            <method name="GetSubsearchResultSet"><arg type="as" direction="in"/><arg type="as" direction="in"/><arg type="as" direction="out"/></method>
            <method name="GetResultMetas"><arg type="as" direction="in"/><arg type="aa{sv}" direction="out"/></method>
            <method name="ActivateResult"><arg type="s" direction="in"/><arg type="as" direction="in"/><arg type="u" direction="in"/></method>
            <method name="LaunchSearch"><arg type="as" direction="in"/><arg type="u" direction="in"/></method>
          </interface>
        </node>
        """
}

/// The thumbnails being fetched for the Shell's results, one fetch per picture at a time; each
/// lands in the disk cache, where the next `GetResultMetas` finds it.
final class IconFetches: Sendable {
    private let inFlight = Mutex<Set<URL>>([])

    /// Fetches each entry's icon source that is not cached or being fetched, one after another.
    func fetch(_ entries: some Sequence<APODEntry>, pictures: any ImageFetching) async {
        for entry in entries {
            guard let (url, purpose) = SearchProvider.iconSource(of: entry),
                pictures.cachedImageData(from: url, for: purpose) == nil,
                inFlight.withLock({ $0.insert(url).inserted })
            else { continue }
            _ = try? await pictures.imageData(from: url, for: purpose)
            inFlight.withLock { _ = $0.remove(url) }
        }
    }

    /// Pictures being fetched now (tests).
    var count: Int { inFlight.withLock { $0.count } }
}
