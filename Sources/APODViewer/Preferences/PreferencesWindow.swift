import APODCore
import AdwKit
import Foundation
import GtkKit

/// "Preferences", libadwaita's preferences window: the style (Follow System, Light, Dark),
/// where entries come from (science.nasa.gov, the legacy API with its address and key, or
/// offline), the picture cache (its limit, what it uses, "Clear Cache"), the daily picture and
/// the archive download, as groups of rows on one page that scrolls.
///
/// Every change is saved to the preferences file and applied at once, without a restart and
/// without an Apply button (GNOME's instant apply): the style, the source choice and the cache
/// limit when changed, the legacy address and key a moment after typing stops, on Enter, or
/// when the window closes (typing is never lost; an address that is not a web address is
/// explained under its field as it is typed and never saved). The key row is masked, so the
/// key never shows on screen or in a screenshot unless the user peeks. Clearing the cache asks
/// first. The window is a modal dialog of the main window.
@MainActor
final class PreferencesWindow {
    let window: Window
    /// What listens to this window's parts and events; released with it.
    let subscriptions = Subscriptions()
    let page = PreferencesPage(title: tr("General"), iconName: "preferences-system-symbolic")
    /// NASA's English or the Taiwanese mirror's Traditional Chinese, when it has the day.
    let explanationsChoice = ComboRow<ExplanationLanguage>(
        title: tr("Explanations"),
        choices: [
            (.english, tr("English")), (.chinese, tr("Traditional Chinese (NCKU mirror), when available")),
        ], showsChoiceBelow: true)
    let styleChoice = ComboRow<StylePreference>(
        title: tr("Style"),
        choices: [
            (.followSystem, tr("Follow System")), (.light, tr("Light")), (.dark, tr("Dark")),
        ])
    let sourceChoice: ComboRow<SourceConfiguration.Kind>
    let urlEntry = EntryRow(title: tr("API address"))
    let keyEntry = PasswordEntryRow(title: tr("API key"))
    /// Under the address and key: what an empty field means and where the key is kept.
    let legacyHint = Label(
        tr(
            "Empty address: {url}. Empty key: DEMO_KEY. A free personal key comes from https://api.nasa.gov; it is kept only in your preferences file, readable by you alone.",
            ["url": SourceConfiguration.legacyURL.absoluteString]))
    /// Under the address field: why the typed address cannot be used.
    let addressMessage = Label()
    /// At the top: a preferences or cache file that could not be written.
    let messageLabel = Label()
    private let messageGroup = PreferencesGroup(title: "")
    let cacheLimitSpin = SpinButton(range: ViewerServices.cacheLimitRange, step: 50)
    /// "In use: …" as its title, Clear Cache at its end.
    let usageRow = ActionRow(title: "")
    let clearButton = Button(label: tr("_Clear Cache"))
    let dailySection: DailyPictureSection
    /// "Download the archive", when the app has a data folder.
    private(set) var archiveSection: ArchiveDownloadSection?
    /// The question Clear Cache asks, while it is open.
    private(set) var clearConfirmation: MessageDialog?

    /// The data source changed: the main window reloads from the new one.
    let sourceChanged = Event<Void>()
    /// Explanations are now in another language: the open windows show it.
    let explanationsChanged = Event<Void>()
    /// The daily picture's preferences changed (and were saved): the app applies them.
    let dailySettingsChanged = Event<DailySettings>()

    private let services: ViewerServices
    private let usageWork = WorkSlot()
    private let clearWork = WorkSlot()
    /// How long typing must pause before the address and key are applied.
    static let typingPauseMilliseconds = 1000
    /// The rows and the settings they show, kept in step.
    private let bindings = PreferenceBindings(typingPauseMilliseconds: PreferencesWindow.typingPauseMilliseconds)

    init(application: Application, services: ViewerServices) {
        self.services = services
        sourceChoice = ComboRow(
            title: tr("Source"), choices: Self.sourceChoices(for: services.configuration), showsChoiceBelow: true)
        dailySection = DailyPictureSection(settings: services.store.map(DailySettings.init(store:)) ?? DailySettings())
        window = Window.preferences(application: application)
        window.title = tr("Preferences")
        window.setDefaultSize(width: 600, height: 700)

        for label in [addressMessage, messageLabel] {
            label.enableWrapping()
            label.setTextAlignment(0)
            label.addCSSClass("error")
            label.isVisible = false
        }
        messageGroup.add(messageLabel)
        messageGroup.isVisible = false
        page.add(messageGroup)

        let appearance = PreferencesGroup(title: tr("Appearance"))
        appearance.add(styleChoice)
        if services.environment.translations != nil { appearance.add(explanationsChoice) }
        page.add(appearance)

        let source = PreferencesGroup(title: tr("Data Source"))
        for row in [sourceChoice, urlEntry, keyEntry] as [Widget] { source.add(row) }
        addressMessage.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        source.add(addressMessage)
        legacyHint.enableWrapping()
        legacyHint.setTextAlignment(0)
        legacyHint.addCSSClass("caption")
        legacyHint.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        source.add(legacyHint)
        page.add(source)

        let cache = PreferencesGroup(title: tr("Cache"))
        let limitRow = ActionRow(title: tr("Picture cache limit"), subtitle: tr("In megabytes"))
        cacheLimitSpin.verticalAlign = .center
        limitRow.addSuffix(cacheLimitSpin)
        limitRow.setActivatableWidget(cacheLimitSpin)
        cache.add(limitRow)
        clearButton.addCSSClass("destructive-action")
        clearButton.verticalAlign = .center
        usageRow.addSuffix(clearButton)
        cache.add(usageRow)
        page.add(cache)

        page.add(dailySection.group)
        if let archive = services.archive, let download = services.download {
            let section = ArchiveDownloadSection(download: download, archive: archive) { [weak services] in
                services?.archiveDownloadUnavailable
            }
            page.add(section.group)
            archiveSection = section
            let fallback = services.fallbackChanged.subscribe { [weak section] in section?.refreshAvailability() }
            section.group.onDestroy { fallback.cancel() }
        }
        window.addPreferencesPage(page)
        // libadwaita 1.2's search button has neither a name nor a tooltip.
        window.nameIconButtons(fallbacks: ["system-search-symbolic": tr("Search")])

        bind()
        clearButton.onClicked { [weak self] in self?.askToClearCache() }
        dailySection.settingsChanged.subscribe { [weak self] in self?.applyDailySettings($0) }.store(in: subscriptions)
        dailySection.askConsent(
            over: window, consent: BackgroundConsent(autostart: .beside(services.store ?? SettingsStore())))
        // Closing the window keeps what was typed, when it can be used.
        window.onDestroy { [weak self] in
            self?.bindings.flush()
            self?.usageWork.cancel()
            self?.clearWork.cancel()
        }
        refreshUsage()
    }

    /// The page's scrolled column (the groups are taller than a small screen).
    var scroller: ScrolledWindow? { page.scroller }

    /// Whether the legacy API's address and key rows show (only for that source).
    var showsLegacyFields: Bool { urlEntry.isVisible }

    /// The sources to choose from. The science route names the host really asked when it is
    /// not science.nasa.gov (`--api-url` pointing at a copy or a test server), so the window
    /// never claims NASA's site while another answers.
    static func sourceChoices(for configuration: SourceConfiguration) -> [(
        value: SourceConfiguration.Kind, label: String
    )] {
        var science = "science.nasa.gov"
        if configuration.kind == .science, configuration.apiURL != SourceConfiguration.scienceURL,
            let host = configuration.apiURL.host
        {
            let address = configuration.apiURL.port.map { "\(host):\($0)" } ?? host
            science = tr("{address} (as science.nasa.gov)", ["address": address])
        }
        return [
            (.science, science), (.legacy, tr("NASA API (api.nasa.gov or a copy)")),
            (.offline, tr("Offline (cache and sample pictures)")),
        ]
    }

    /// Each row shows its setting and saves the user's changes; the key shows only as the
    /// masked row's content.
    private func bind() {
        let services = services
        bindings.bind(styleChoice, read: { services.style }, write: { [weak self] in self?.applyStyle($0) })
        bindings.bind(
            explanationsChoice, read: { services.explanations }, write: { [weak self] in self?.applyExplanations($0) })
        // Shown or hidden for every value, the user's or the saved one; only the user's is applied.
        sourceChoice.onChange { [weak self] in
            guard let self else { return }
            self.showLegacyFields(self.sourceChoice.selectedValue == .legacy)
        }
        bindings.bind(
            sourceChoice, read: { services.configuration.kind }, write: { [weak self] _ in self?.applySource() })
        bindings.bind(
            urlEntry,
            read: {
                Self.legacyText(
                    services.configuration.apiURL.absoluteString, unless: SourceConfiguration.legacyURL.absoluteString,
                    of: services)
            },
            isUsable: { [weak self] _ in self?.checkTypedAddress() ?? false },
            write: { [weak self] _ in self?.applySource() })
        bindings.bind(
            keyEntry,
            read: { Self.legacyText(services.configuration.apiKey, unless: SourceConfiguration.demoKey, of: services) },
            isUsable: { [weak self] _ in self?.typedAddressIsValid ?? false },
            write: { [weak self] _ in self?.applySource() })
        showLegacyFields(services.configuration.kind == .legacy)
        bindings.bind(
            cacheLimitSpin, read: { services.cacheLimitMB }, write: { [weak self] in self?.applyCacheLimit($0) })
    }

    /// A legacy setting as its row shows it: empty for the default, or for another source.
    private static func legacyText(_ value: String, unless defaultValue: String, of services: ViewerServices) -> String
    {
        services.configuration.kind == .legacy && value != defaultValue ? value : ""
    }

    private func showLegacyFields(_ shown: Bool) {
        for widget in [urlEntry, keyEntry, legacyHint] as [Widget] { widget.isVisible = shown }
        if !shown { showAddressMessage(nil) }
    }

    /// Saves the style and applies it to every window at once.
    /// Saves the explanations' language; the open windows show it at once.
    private func applyExplanations(_ language: ExplanationLanguage) {
        guard language != services.explanations else { return }
        do {
            try services.setExplanations(language)
            showMessage(nil)
        } catch {
            showMessage(userMessage(for: error))
        }
        explanationsChanged.emit()
    }

    private func applyStyle(_ style: StylePreference) {
        guard style != services.style else { return }
        Appearance.apply(style)
        do {
            try services.setStyle(style)
            showMessage(nil)
        } catch {
            showMessage(userMessage(for: error))
        }
    }

    /// Saves and applies the chosen source (and, for the legacy API, its address and key).
    func applySource() {
        bindings.cancelPendingWrite()
        let kind = sourceChoice.selectedValue
        let url: URL?
        do {
            url = kind == .legacy ? try typedAddress() : nil
            showAddressMessage(nil)
        } catch {
            showAddressMessage(userMessage(for: error))
            return
        }
        do {
            try services.setSource(kind, apiURL: url, apiKey: keyEntry.text.trimmingCharacters(in: .whitespaces))
            showMessage(nil)
            archiveSection?.refreshAvailability()
            sourceChanged.emit()
        } catch {
            showMessage(userMessage(for: error))
        }
    }

    /// The legacy address as typed; nil when empty, which means the public API.
    /// - Throws: `APODError.invalidArgument` saying what a valid address looks like.
    private func typedAddress() throws -> URL? {
        let text = urlEntry.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let url = URL(string: text), WebURL.isWeb(url) else {
            throw APODError.invalidArgument(
                tr(
                    "The API address must start with http:// or https://, e.g. {example}.",
                    ["example": SourceConfiguration.legacyURL.absoluteString]))
        }
        return url
    }

    /// Says at once, under the field, whether the typed address can be used; a usable one is
    /// applied when typing pauses, on Enter or on close.
    private func checkTypedAddress() -> Bool {
        do {
            _ = try typedAddress()
            showAddressMessage(nil)
            return true
        } catch {
            showAddressMessage(userMessage(for: error))
            return false
        }
    }

    private func showAddressMessage(_ text: String?) {
        addressMessage.text = text ?? ""
        addressMessage.isVisible = text != nil
        urlEntry.showsError = text != nil
    }

    private var typedAddressIsValid: Bool {
        do {
            _ = try typedAddress()
            return true
        } catch {
            return false
        }
    }

    private func applyCacheLimit(_ megabytes: Int) {
        guard megabytes != services.cacheLimitMB else { return }
        do {
            try services.setCacheLimit(megabytes: megabytes)
            showMessage(nil)
        } catch {
            showMessage(userMessage(for: error))
        }
    }

    private func applyDailySettings(_ settings: DailySettings) {
        do {
            if let store = services.store {
                do {
                    try settings.save(to: store)
                } catch {
                    throw APODError.cannotWriteFile(path: store.fileURL.path)
                }
            }
            showMessage(nil)
            dailySettingsChanged.emit(settings)
        } catch {
            showMessage(userMessage(for: error))
        }
    }

    /// Clearing cannot be undone (pictures come again from the network, slowly offline), so the
    /// window asks first, saying what goes and what stays.
    private func askToClearCache() {
        let dialog = MessageDialog(
            parent: window, heading: tr("Clear the cache?"),
            body: tr(
                "The entries and pictures kept on this computer are removed; they are downloaded again when shown. Favourites, the archive index and the daily background stay."
            ))
        dialog.addResponse("cancel", label: tr("_Cancel"))
        // Not "_Clear Cache": C is Cancel's access key in the dialog (取消(_C) in zh_TW too).
        dialog.addResponse("clear", label: tr("C_lear Cache"), appearance: .destructive)
        dialog.setDefaultResponse("cancel")
        dialog.setCloseResponse("cancel")
        dialog.onResponse { [weak self] response in
            self?.clearConfirmation = nil
            if response == "clear" { self?.clearCache() }
        }
        clearConfirmation = dialog
        dialog.present()
    }

    /// Empties the cache off the main thread, then starts a fresh picture loader.
    func clearCache() {
        clearButton.isSensitive = false
        let folder = services.cacheFolder
        clearWork.start(
            { try folder.clear() },
            then: { [weak self] result in
                guard let self else { return }
                self.clearButton.isSensitive = true
                self.services.cacheCleared()
                if case .failure(let error) = result { self.showMessage(userMessage(for: error)) }
                self.refreshUsage()
            })
    }

    /// Measures the cache off the main thread.
    func refreshUsage() {
        usageRow.title = tr("Measuring the cache…")
        let folder = services.cacheFolder
        usageWork.start(
            { folder.bytesUsed() },
            then: { [weak self] result in
                guard let self, case .success(let bytes) = result else { return }
                self.usageRow.title = tr("In use: {size} (entries and pictures)", ["size": Self.megabytes(bytes)])
            })
    }

    static func megabytes(_ bytes: Int64) -> String {
        tr("{count} MB", ["count": String(format: "%.1f", Double(bytes) / 1_048_576)])
    }

    private func showMessage(_ text: String?) {
        messageLabel.text = text ?? ""
        messageLabel.isVisible = text != nil
        messageGroup.isVisible = text != nil
    }
}
