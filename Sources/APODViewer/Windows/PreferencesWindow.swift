import AdwKit
import APODCore
import Foundation
import GtkKit

/// "Preferences": where entries come from (science.nasa.gov, the legacy API with its address
/// and key, or offline), the picture cache (its limit, what it uses, "Clear Cache"), the daily
/// picture and the archive download, in a scrolled column (taller than a small screen).
///
/// Every change is saved to the preferences file and applied at once, without a restart and
/// without an Apply button (GNOME's instant apply): the source choice and the cache limit when
/// changed, the legacy address and key a moment after typing stops, on Enter, or when the
/// window closes (typing is never lost; an address that is not a web address is explained
/// under its field as it is typed and never saved). The key field is masked, so the key never
/// shows on screen or in a screenshot. The window is a modal dialog of the main window.
@MainActor
final class PreferencesWindow {
    static let kinds: [SourceConfiguration.Kind] = [.science, .legacy, .offline]

    let window: Window
    let sourceChoice = DropDown(items: ["science.nasa.gov", tr("NASA API (api.nasa.gov or a copy)"),
                                        tr("Offline (cache and sample pictures)")])
    let legacyFields = Box(.vertical, spacing: 6)
    let urlEntry = Entry(placeholder: SourceConfiguration.legacyURL.absoluteString)
    let keyEntry = Entry(placeholder: SourceConfiguration.demoKey, isSecret: true)
    /// Under the address field: why the typed address cannot be used.
    let addressMessage = Label()
    /// Under the cache settings: a preferences or cache file that could not be written.
    let messageLabel = Label()
    /// Follow System, Light or Dark (the order of `StylePreference.allCases`).
    let styleChoice = DropDown(items: [tr("Follow System"), tr("Light"), tr("Dark")])
    let cacheLimitSpin = SpinButton(range: ViewerServices.cacheLimitRange, step: 50)
    let usageLabel = Label()
    let clearButton = Button(label: tr("_Clear Cache"))
    let dailySection: DailyPictureSection
    /// Scrolls the sections: together they are taller than a small screen.
    private(set) var scroller: ScrolledWindow!
    private var narrowLayout: WidthBreakpoint?
    /// "Download the archive", when the app has a data folder.
    private(set) var archiveSection: ArchiveDownloadSection?

    /// The data source changed: the main window reloads from the new one.
    var onSourceChanged: (@MainActor () -> Void)?
    /// The daily picture's preferences changed (and were saved): the app applies them.
    var onDailySettingsChanged: (@MainActor (DailySettings) -> Void)?

    private let services: ViewerServices
    private let usageWork = WorkSlot()
    private let clearWork = WorkSlot()
    /// Set while the controls are filled in, so that is not taken for a user's change.
    private var isFilling = false
    /// The legacy address or key was edited since it was last applied.
    private var hasPendingEdits = false
    /// Applies typed edits once typing pauses.
    private var pendingApply: RepeatingTimer?
    /// How long typing must pause before the address and key are applied.
    static let typingPauseMilliseconds = 1000

    init(application: Application, services: ViewerServices) {
        self.services = services
        dailySection = DailyPictureSection(settings: services.store.map(DailySettings.init(store:)) ?? DailySettings())
        window = Window(application: application)
        window.title = tr("Preferences")
        window.setDefaultSize(width: 560, height: 640)
        window.addShortcut(trigger: "Escape", action: "window.close")
        window.setTitlebar(HeaderBar())

        let column = Box(.vertical, spacing: 12)
        column.setMargins(18)
        column.append(PreferencesText.heading(tr("Appearance"), spaced: false))
        let styleRow = Box(.horizontal, spacing: 12)
        let styleLabel = Self.caption(tr("Style"))
        styleLabel.horizontalExpand = true
        styleRow.append(styleLabel)
        styleRow.append(styleChoice)
        column.append(styleRow)
        column.append(PreferencesText.heading(tr("Data Source")))
        column.append(sourceChoice)
        legacyFields.append(Self.caption(tr("API address")))
        legacyFields.append(urlEntry)
        for label in [addressMessage, messageLabel] {
            label.enableWrapping()
            label.setTextAlignment(0)
            label.addCSSClass("error")
            label.isVisible = false
        }
        legacyFields.append(addressMessage)
        legacyFields.append(Self.caption(tr("API key")))
        legacyFields.append(keyEntry)
        legacyFields.append(PreferencesText.hint(tr("Empty uses DEMO_KEY. A free personal key comes from https://api.nasa.gov; it is kept only in your preferences file, readable by you alone.")))
        column.append(legacyFields)

        column.append(PreferencesText.heading(tr("Cache")))
        let limitRow = Box(.horizontal, spacing: 12)
        let limitLabel = Self.caption(tr("Picture cache limit (MB)"))
        limitLabel.horizontalExpand = true
        limitRow.append(limitLabel)
        limitRow.append(cacheLimitSpin)
        column.append(limitRow)
        let usageRow = Box(.horizontal, spacing: 12)
        usageLabel.horizontalExpand = true
        usageLabel.enableWrapping()
        usageLabel.setTextAlignment(0)
        usageRow.append(usageLabel)
        clearButton.addCSSClass("destructive-action")
        usageRow.append(clearButton)
        column.append(usageRow)
        column.append(messageLabel)
        column.append(dailySection.box)
        if let archive = services.archive, let download = services.download {
            let section = ArchiveDownloadSection(download: download, archive: archive) { [weak services] in
                services?.archiveDownloadUnavailable
            }
            column.append(section.root)
            archiveSection = section
            let token = services.observeFallback { [weak section] in section?.refreshAvailability() }
            section.root.onDestroy { [weak services] in services?.removeFallbackObserver(token) }
        }
        scroller = ScrolledWindow(child: column)
        window.setChild(scroller)
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: 480) { [weak self] narrow in
            self?.dailySection.setNarrow(narrow)
        }

        fill()
        sourceChoice.onSelectionChanged { [weak self] in self?.sourceChosen() }
        urlEntry.onActivate { [weak self] in self?.applySource() }
        keyEntry.onActivate { [weak self] in self?.applySource() }
        urlEntry.onChanged { [weak self] in self?.addressEdited() }
        keyEntry.onChanged { [weak self] in self?.keyEdited() }
        styleChoice.onSelectionChanged { [weak self] in self?.applyStyle() }
        cacheLimitSpin.onValueChanged { [weak self] in self?.applyCacheLimit() }
        clearButton.onClicked { [weak self] in self?.clearCache() }
        dailySection.onChange = { [weak self] in self?.applyDailySettings($0) }
        window.onDestroy { [weak self] in
            self?.pendingApply?.stop()
            self?.applyPendingEdits()
            self?.usageWork.cancel()
            self?.clearWork.cancel()
        }
        refreshUsage()
    }

    private static func caption(_ text: String) -> Label {
        let label = Label(text)
        label.enableWrapping()
        label.setTextAlignment(0)
        return label
    }

    private var chosenKind: SourceConfiguration.Kind {
        Self.kinds[min(max(sourceChoice.selectedIndex, 0), Self.kinds.count - 1)]
    }

    /// Shows the current configuration; the key only as the masked entry's content.
    private func fill() {
        isFilling = true
        defer { isFilling = false }
        let configuration = services.configuration
        sourceChoice.selectedIndex = Self.kinds.firstIndex(of: configuration.kind) ?? 0
        if configuration.kind == .legacy {
            urlEntry.text = configuration.apiURL == SourceConfiguration.legacyURL ? "" : configuration.apiURL.absoluteString
            keyEntry.text = configuration.apiKey == SourceConfiguration.demoKey ? "" : configuration.apiKey
        }
        legacyFields.isVisible = configuration.kind == .legacy
        cacheLimitSpin.value = services.cacheLimitMB
        selectedStyle = services.style
    }

    private func sourceChosen() {
        legacyFields.isVisible = chosenKind == .legacy
        guard !isFilling else { return }
        applySource()
    }

    /// Saves and applies the chosen source (and, for the legacy API, its address and key).
    func applySource() {
        pendingApply?.stop()
        pendingApply = nil
        let url: URL?
        do {
            url = chosenKind == .legacy ? try typedAddress() : nil
            showAddressMessage(nil)
        } catch {
            showAddressMessage(userMessage(for: error))
            return
        }
        do {
            try services.setSource(chosenKind, apiURL: url, apiKey: keyEntry.text.trimmingCharacters(in: .whitespaces))
            hasPendingEdits = false
            showMessage(nil)
            archiveSection?.refreshAvailability()
            onSourceChanged?()
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
            throw APODError.invalidArgument(tr("The API address must start with http:// or https://, e.g. {example}.",
                                               ["example": SourceConfiguration.legacyURL.absoluteString]))
        }
        return url
    }

    /// Says at once, under the field, whether the typed address can be used; a usable one is
    /// applied when typing pauses, on Enter or on close.
    private func addressEdited() {
        guard !isFilling else { return }
        hasPendingEdits = true
        do {
            _ = try typedAddress()
            showAddressMessage(nil)
            applyWhenTypingPauses()
        } catch {
            pendingApply?.stop()
            showAddressMessage(userMessage(for: error))
        }
    }

    private func keyEdited() {
        guard !isFilling else { return }
        hasPendingEdits = true
        applyWhenTypingPauses()
    }

    private func applyWhenTypingPauses() {
        pendingApply?.stop()
        pendingApply = RepeatingTimer(milliseconds: Self.typingPauseMilliseconds) { [weak self] in
            self?.pendingApply?.stop()
            self?.pendingApply = nil
            self?.applyPendingEdits()
        }
    }

    private func showAddressMessage(_ text: String?) {
        addressMessage.text = text ?? ""
        addressMessage.isVisible = text != nil
    }

    /// Closing the window keeps what was typed, when it can be used.
    private func applyPendingEdits() {
        guard hasPendingEdits, chosenKind == .legacy, typedAddressIsValid else { return }
        applySource()
    }

    private var typedAddressIsValid: Bool {
        do {
            _ = try typedAddress()
            return true
        } catch {
            return false
        }
    }

    /// The style chosen in the window; setting it acts as the user's choice would.
    var selectedStyle: StylePreference {
        get {
            let cases = StylePreference.allCases
            return cases[min(max(styleChoice.selectedIndex, 0), cases.count - 1)]
        }
        set { styleChoice.selectedIndex = StylePreference.allCases.firstIndex(of: newValue) ?? 0 }
    }

    /// Saves the style and applies it to every window at once.
    private func applyStyle() {
        let style = selectedStyle
        guard !isFilling, style != services.style else { return }
        Appearance.apply(style)
        do {
            try services.setStyle(style)
            showMessage(nil)
        } catch {
            showMessage(userMessage(for: error))
        }
    }

    private func applyCacheLimit() {
        guard !isFilling, cacheLimitSpin.value != services.cacheLimitMB else { return }
        do {
            try services.setCacheLimit(megabytes: cacheLimitSpin.value)
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
            onDailySettingsChanged?(settings)
        } catch {
            showMessage(userMessage(for: error))
        }
    }

    /// Empties the cache off the main thread, then starts a fresh picture loader.
    func clearCache() {
        clearButton.isSensitive = false
        let folder = services.cacheFolder
        clearWork.start({ try folder.clear() }, then: { [weak self] result in
            guard let self else { return }
            self.clearButton.isSensitive = true
            self.services.cacheCleared()
            if case .failure(let error) = result { self.showMessage(userMessage(for: error)) }
            self.refreshUsage()
        })
    }

    /// Measures the cache off the main thread.
    func refreshUsage() {
        usageLabel.text = tr("Measuring the cache…")
        let folder = services.cacheFolder
        usageWork.start({ folder.bytesUsed() }, then: { [weak self] result in
            guard let self, case .success(let bytes) = result else { return }
            self.usageLabel.text = tr("In use: {size} (entries and pictures)", ["size": Self.megabytes(bytes)])
        })
    }

    static func megabytes(_ bytes: Int64) -> String {
        tr("{count} MB", ["count": String(format: "%.1f", Double(bytes) / 1_048_576)])
    }

    private func showMessage(_ text: String?) {
        messageLabel.text = text ?? ""
        messageLabel.isVisible = text != nil
    }
}
