import APODCore
import AdwKit
import GtkKit

/// Preferences → "Daily Picture": whether each new picture becomes the background (a switch
/// row that unfolds where, the same picture on every screen or each its own, fitted how, what a day without a picture
/// does, whether the background also changes between new pictures and from where, and what to
/// do on video days and metered connections), and whether a notification announces it.
/// Both are off until the user turns one on. Every change applies at once through `settingsChanged`,
/// except turning the first option on: that makes APOD Viewer stay after its last window
/// closes and start at login, so `consent` asks first and a refusal turns the switch back off,
/// saying why under the rows. Turning the last option off withdraws the login item.
@MainActor
final class DailyPictureSection {
    let group = PreferencesGroup(
        title: tr("Daily Picture"),
        description: tr(
            "Off until you turn one on. Either option keeps APOD Viewer running in the background after its last window closes and starts it when you log in; you are asked first."
        ))
    let backgroundRow = ExpanderRow(title: tr("Set each new picture as the background"), showsSwitch: true)
    /// Desktop, lock screen or both, where the lock screen can be placed.
    let placementChoice = ComboRow<DailySettings.Placement>(
        title: tr("Where"),
        choices: [
            (.desktop, tr("Desktop")), (.lockScreen, tr("Lock screen")), (.both, tr("Both")),
        ])
    /// In its place where the background goes through a portal that cannot place the lock
    /// screen (GNOME's): only the desktop, and why.
    let placementNote = ActionRow(
        title: tr("Where"),
        subtitle: tr(
            "The desktop only: its portal cannot set the lock screen, which shows the desktop's picture, blurred."))
    let placesLockScreen: Bool
    /// Beside the placement where GNOME's keys are set directly (one spanned picture over every
    /// monitor): each monitor fitted separately with the day's picture, or, off, one that suits it.
    let samePictureRow = ActionRow(
        title: tr("Same picture on every screen"),
        subtitle: tr(
            "Each screen fitted separately. When off, a screen the day's picture does not suit, such as a portrait one, shows the newest picture that does."
        ))
    let samePictureSwitch = Switch()
    /// In its place where the background goes through the Wallpaper portal, which takes one picture.
    let screensNote = ActionRow(
        title: tr("Every screen"),
        subtitle: tr(
            "One picture, made for the largest monitor: the desktop's Wallpaper portal sets a single picture for all screens."
        ))
    let spansMonitors: Bool
    let captionRow = ActionRow(title: tr("Show the title on the background"))
    let captionSwitch = Switch()
    let sentenceRow = ActionRow(title: tr("With the explanation's first sentence"))
    let sentenceSwitch = Switch()
    let fitChoice = ComboRow<BackgroundFit>(
        title: tr("Fit"),
        choices: [
            (.auto, tr("Fill or whole, by its shape")), (.fill, tr("Fill the screen")), (.whole, tr("Whole picture")),
        ], showsChoiceBelow: true)
    let unusableChoice = ComboRow<DailySettings.UnusableDays>(
        title: tr("On days without a picture"),
        choices: [
            (.keepCurrent, tr("Keep the current background")), (.useFavourite, tr("Show a favourite")),
        ], showsChoiceBelow: true)
    let rotationChoice = ComboRow<BackgroundRotation>(
        title: tr("Change the background"),
        choices: [
            (.off, tr("Only for a new picture")), (.hourly, tr("Every hour")), (.sixHours, tr("Every 6 hours")),
            (.daily, tr("Every day")),
        ], showsChoiceBelow: true)
    let rotationSourceChoice = ComboRow<BackgroundRotation.Source>(
        title: tr("From"),
        choices: [
            (.favourites, tr("Favourites")), (.archive, tr("The whole archive")),
        ])
    let videoChoice = ComboRow<DailySettings.VideoDays>(
        title: tr("On video days"),
        choices: [
            (.useStill, tr("Use the video's still")), (.keepCurrent, tr("Keep the current background")),
        ], showsChoiceBelow: true)
    let meteredChoice = ComboRow<DailySettings.MeteredConnections>(
        title: tr("On metered connections"),
        choices: [
            (.screenSized, tr("Download a screen-sized picture")),
            (.waitForUnmetered, tr("Wait for an unmetered connection")),
        ], showsChoiceBelow: true)
    let notifyRow = ActionRow(title: tr("Notify me of each new picture"))
    let notifySwitch = Switch()
    /// Under the rows: why an option stayed off.
    let consentMessage = Label()

    /// The user changed something; the new settings.
    let settingsChanged = Event<DailySettings>()
    /// Asks before the first option goes on; without it (no preferences window) changes apply at once.
    private(set) var consent: BackgroundConsent?
    private weak var questionParent: Window?
    /// The settings last applied, which a refusal goes back to.
    private var applied: DailySettings
    /// Waiting for the desktop's or the user's answer.
    private(set) var isAsking = false
    /// The rows show `applied`; only the user's changes reach `changed()`.
    private let bindings = PreferenceBindings(typingPauseMilliseconds: 0)

    /// - Parameter spansMonitors: the background is set through GNOME's keys, one picture
    ///   spanned over every monitor; false through the Wallpaper portal.
    init(
        settings: DailySettings, placesLockScreen: Bool = BackgroundRoute.current.placesLockScreen,
        spansMonitors: Bool = BackgroundRoute.current.spansMonitors
    ) {
        applied = settings
        self.placesLockScreen = placesLockScreen
        self.spansMonitors = spansMonitors
        placementNote.wrapsSubtitle()
        samePictureRow.wrapsSubtitle()
        screensNote.wrapsSubtitle()
        for (row, toggle) in [
            (samePictureRow, samePictureSwitch), (captionRow, captionSwitch), (sentenceRow, sentenceSwitch),
            (notifyRow, notifySwitch),
        ] {
            toggle.verticalAlign = .center
            row.addSuffix(toggle)
            row.setActivatableWidget(toggle)
        }
        for row in [
            placesLockScreen ? placementChoice : placementNote, spansMonitors ? samePictureRow : screensNote,
            captionRow, sentenceRow, fitChoice, unusableChoice,
            rotationChoice, rotationSourceChoice,
            videoChoice, meteredChoice,
        ] as [Widget] {
            backgroundRow.addRow(row)
        }
        group.add(backgroundRow)
        group.add(notifyRow)
        consentMessage.enableWrapping()
        consentMessage.setTextAlignment(0)
        consentMessage.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        consentMessage.isVisible = false
        group.add(consentMessage)

        bind()
        updateSensitivity()
    }

    /// Each row shows its part of `applied`; a change by the user applies the whole.
    private func bind() {
        let changed: @MainActor (Any) -> Void = { [weak self] _ in self?.changed() }
        bindings.bind(backgroundRow, read: { [unowned self] in self.applied.setsBackground }, write: changed)
        bindings.bind(placementChoice, read: { [unowned self] in self.applied.placement }, write: changed)
        bindings.bind(
            samePictureSwitch, read: { [unowned self] in self.applied.samePictureOnEveryScreen }, write: changed)
        bindings.bind(notifySwitch, read: { [unowned self] in self.applied.notifies }, write: changed)
        bindings.bind(videoChoice, read: { [unowned self] in self.applied.videoDays }, write: changed)
        bindings.bind(meteredChoice, read: { [unowned self] in self.applied.meteredConnections }, write: changed)
        bindings.bind(captionSwitch, read: { [unowned self] in self.applied.caption != .none }, write: changed)
        bindings.bind(
            sentenceSwitch, read: { [unowned self] in self.applied.caption == .titleAndSentence }, write: changed)
        bindings.bind(fitChoice, read: { [unowned self] in self.applied.fit }, write: changed)
        bindings.bind(unusableChoice, read: { [unowned self] in self.applied.unusableDays }, write: changed)
        bindings.bind(rotationChoice, read: { [unowned self] in self.applied.rotation }, write: changed)
        bindings.bind(rotationSourceChoice, read: { [unowned self] in self.applied.rotationSource }, write: changed)
    }

    var settings: DailySettings {
        var settings = DailySettings()
        settings.setsBackground = backgroundRow.isOn
        // Kept as saved where it cannot be chosen: it applies again where it can.
        settings.placement = placesLockScreen ? placementChoice.selectedValue : applied.placement
        settings.samePictureOnEveryScreen =
            spansMonitors ? samePictureSwitch.isOn : applied.samePictureOnEveryScreen
        settings.notifies = notifySwitch.isOn
        settings.videoDays = videoChoice.selectedValue
        settings.meteredConnections = meteredChoice.selectedValue
        settings.caption = !captionSwitch.isOn ? .none : sentenceSwitch.isOn ? .titleAndSentence : .title
        settings.fit = fitChoice.selectedValue
        settings.unusableDays = unusableChoice.selectedValue
        settings.rotation = rotationChoice.selectedValue
        settings.rotationSource = rotationSourceChoice.selectedValue
        return settings
    }

    /// Shows `settings` (the ones a refusal goes back to).
    private func show(_ settings: DailySettings) {
        applied = settings
        bindings.refresh()
        updateSensitivity()
    }

    /// From now on, turning an option on asks `consent` first, its question modal to `parent`.
    func askConsent(over parent: Window, consent: BackgroundConsent) {
        questionParent = parent
        self.consent = consent
    }

    private func changed() {
        updateSensitivity()
        guard !isAsking else { return }
        let new = settings
        let before = applied
        if new.runsInBackground, !before.runsInBackground, let consent, let questionParent {
            isAsking = true
            // The switch stays off while the question is open: nothing is on until agreed.
            show(before)
            group.isSensitive = false
            consent.ask(over: questionParent) { [weak self] answer in
                guard let self else { return }
                self.isAsking = false
                self.group.isSensitive = true
                switch answer {
                case .granted:
                    self.showConsentMessage(nil)
                    self.apply(new)
                    self.show(new)
                case .refused(let why):
                    self.show(before)
                    self.showConsentMessage(why)
                }
            }
            return
        }
        if !new.runsInBackground, before.runsInBackground { consent?.withdraw() }
        showConsentMessage(nil)
        apply(new)
    }

    private func apply(_ new: DailySettings) {
        applied = new
        settingsChanged.emit(new)
    }

    private func showConsentMessage(_ text: String?) {
        consentMessage.text = text ?? ""
        consentMessage.isVisible = text != nil
    }

    /// Everything but the notification only matters for the automatic background (folded away
    /// and insensitive while it is off); the sentence only with the title, where the pictures
    /// come from only with a rotation.
    private func updateSensitivity() {
        let on = backgroundRow.isOn
        for row in [placementChoice, captionRow, fitChoice, unusableChoice, rotationChoice, videoChoice, meteredChoice]
            as [Widget]
        {
            row.isSensitive = on
        }
        placementNote.isSensitive = on
        samePictureRow.isSensitive = on
        samePictureSwitch.isSensitive = on
        screensNote.isSensitive = on
        captionSwitch.isSensitive = on
        sentenceRow.isSensitive = on && captionSwitch.isOn
        sentenceSwitch.isSensitive = on && captionSwitch.isOn
        rotationSourceChoice.isSensitive = on && rotationChoice.selectedValue != .off
    }
}
