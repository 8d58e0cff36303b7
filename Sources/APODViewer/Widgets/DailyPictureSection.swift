import APODCore
import GtkKit

/// Preferences → "Daily Picture": whether each new picture becomes the background (and where),
/// whether a notification announces it, and what to do on video days and metered connections.
/// Every change applies at once through `onChange`; the explanation under the heading says
/// that either option keeps APOD Viewer running in the background and starts it at login.
@MainActor
final class DailyPictureSection {
    let box = Box(.vertical, spacing: 12)
    let backgroundSwitch = Switch()
    let placementChoice = DropDown(items: [tr("Desktop"), tr("Lock screen"), tr("Both")])
    let notifySwitch = Switch()
    let videoChoice = DropDown(items: [tr("Use the video's still"), tr("Keep the current background")])
    let meteredChoice = DropDown(items: [tr("Download a screen-sized picture"), tr("Wait for an unmetered connection")])

    /// The user changed something; the new settings.
    var onChange: (@MainActor (DailySettings) -> Void)?

    private static let placements: [DailySettings.Placement] = [.desktop, .lockScreen, .both]
    private static let videoDays: [DailySettings.VideoDays] = [.useStill, .keepCurrent]
    private static let metered: [DailySettings.MeteredConnections] = [.screenSized, .waitForUnmetered]
    private var isFilling = false
    /// The rows with a drop-down: its choices are wide, so when the window is narrow the
    /// label goes above it instead of being squeezed beside it.
    let choiceRows: [Box]

    init(settings: DailySettings) {
        box.append(PreferencesText.heading(tr("Daily Picture")))
        box.append(PreferencesText.hint(tr("With either option on, APOD Viewer keeps running in the background after its last window closes, and starts when you log in.")))
        box.append(Self.row(tr("Set each new picture as the background"), backgroundSwitch))
        choiceRows = [Self.row(tr("Where"), placementChoice, indented: true), Self.row(tr("On video days"), videoChoice),
                      Self.row(tr("On metered connections"), meteredChoice)]
        box.append(choiceRows[0])
        box.append(Self.row(tr("Notify me of each new picture"), notifySwitch))
        box.append(choiceRows[1])
        box.append(choiceRows[2])

        fill(settings)
        for control in [backgroundSwitch, notifySwitch] { control.onToggled { [weak self] in self?.changed() } }
        for choice in [placementChoice, videoChoice, meteredChoice] { choice.onSelectionChanged { [weak self] in self?.changed() } }
    }

    var settings: DailySettings {
        var settings = DailySettings()
        settings.setsBackground = backgroundSwitch.isOn
        settings.placement = Self.placements[min(max(placementChoice.selectedIndex, 0), 2)]
        settings.notifies = notifySwitch.isOn
        settings.videoDays = Self.videoDays[min(max(videoChoice.selectedIndex, 0), 1)]
        settings.meteredConnections = Self.metered[min(max(meteredChoice.selectedIndex, 0), 1)]
        return settings
    }

    func fill(_ settings: DailySettings) {
        isFilling = true
        defer { isFilling = false }
        backgroundSwitch.isOn = settings.setsBackground
        placementChoice.selectedIndex = Self.placements.firstIndex(of: settings.placement) ?? 2
        notifySwitch.isOn = settings.notifies
        videoChoice.selectedIndex = Self.videoDays.firstIndex(of: settings.videoDays) ?? 0
        meteredChoice.selectedIndex = Self.metered.firstIndex(of: settings.meteredConnections) ?? 0
        updateSensitivity()
    }

    private func changed() {
        updateSensitivity()
        guard !isFilling else { return }
        onChange?(settings)
    }

    /// Where, video days and metered connections only matter for the automatic background.
    private func updateSensitivity() {
        for choice in [placementChoice, videoChoice, meteredChoice] { choice.isSensitive = backgroundSwitch.isOn }
    }

    /// Labels above the drop-downs (narrow) or beside them.
    func setNarrow(_ narrow: Bool) {
        for row in choiceRows { row.orientation = narrow ? .vertical : .horizontal }
    }

    private static func row(_ text: String, _ control: Widget, indented: Bool = false) -> Box {
        let row = Box(.horizontal, spacing: 12)
        let label = Label(text)
        label.enableWrapping()
        label.setTextAlignment(0)
        label.horizontalExpand = true
        if indented { label.setMargins(top: 0, bottom: 0, start: 18, end: 0) }
        row.append(label)
        row.append(control)
        return row
    }
}
