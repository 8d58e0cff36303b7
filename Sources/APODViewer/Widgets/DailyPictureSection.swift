import AdwKit
import APODCore
import GtkKit

/// Preferences → "Daily Picture": whether each new picture becomes the background (a switch
/// row that unfolds where, and what to do on video days and metered connections), and whether
/// a notification announces it. Every change applies at once through `onChange`; the group's
/// description says that either option keeps APOD Viewer running in the background and starts
/// it at login.
@MainActor
final class DailyPictureSection {
    let group = PreferencesGroup(
        title: tr("Daily Picture"),
        description: tr("With either option on, APOD Viewer keeps running in the background after its last window closes, and starts when you log in."))
    let backgroundRow = ExpanderRow(title: tr("Set each new picture as the background"), showsSwitch: true)
    let placementChoice = ComboRow<DailySettings.Placement>(title: tr("Where"), choices: [
        (.desktop, tr("Desktop")), (.lockScreen, tr("Lock screen")), (.both, tr("Both")),
    ])
    let videoChoice = ComboRow<DailySettings.VideoDays>(title: tr("On video days"), choices: [
        (.useStill, tr("Use the video's still")), (.keepCurrent, tr("Keep the current background")),
    ], showsChoiceBelow: true)
    let meteredChoice = ComboRow<DailySettings.MeteredConnections>(title: tr("On metered connections"), choices: [
        (.screenSized, tr("Download a screen-sized picture")), (.waitForUnmetered, tr("Wait for an unmetered connection")),
    ], showsChoiceBelow: true)
    let notifyRow = ActionRow(title: tr("Notify me of each new picture"))
    let notifySwitch = Switch()

    /// The user changed something; the new settings.
    var onChange: (@MainActor (DailySettings) -> Void)?
    private var isFilling = false

    init(settings: DailySettings) {
        for row in [placementChoice, videoChoice, meteredChoice] as [Widget] { backgroundRow.addRow(row) }
        group.add(backgroundRow)
        notifySwitch.verticalAlign = .center
        notifyRow.addSuffix(notifySwitch)
        notifyRow.setActivatableWidget(notifySwitch)
        group.add(notifyRow)

        fill(settings)
        backgroundRow.onToggled { [weak self] in self?.changed() }
        notifySwitch.onToggled { [weak self] in self?.changed() }
        placementChoice.onChange { [weak self] in self?.changed() }
        videoChoice.onChange { [weak self] in self?.changed() }
        meteredChoice.onChange { [weak self] in self?.changed() }
    }

    var settings: DailySettings {
        var settings = DailySettings()
        settings.setsBackground = backgroundRow.isOn
        settings.placement = placementChoice.selectedValue
        settings.notifies = notifySwitch.isOn
        settings.videoDays = videoChoice.selectedValue
        settings.meteredConnections = meteredChoice.selectedValue
        return settings
    }

    func fill(_ settings: DailySettings) {
        isFilling = true
        defer { isFilling = false }
        backgroundRow.isOn = settings.setsBackground
        placementChoice.selectedValue = settings.placement
        notifySwitch.isOn = settings.notifies
        videoChoice.selectedValue = settings.videoDays
        meteredChoice.selectedValue = settings.meteredConnections
        updateSensitivity()
    }

    private func changed() {
        updateSensitivity()
        guard !isFilling else { return }
        onChange?(settings)
    }

    /// Where, video days and metered connections only matter for the automatic background:
    /// folded away and insensitive while it is off.
    private func updateSensitivity() {
        for choice in [placementChoice, videoChoice, meteredChoice] as [Widget] { choice.isSensitive = backgroundRow.isOn }
    }
}
