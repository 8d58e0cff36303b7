import APODCore
import GtkKit

/// Preferences → "Daily Picture": whether each new picture becomes the background (and where,
/// with its title or not, fitted how, what a day without a picture does, whether the background
/// also changes between new pictures), whether a notification announces it, and what to do on
/// video days and metered connections.
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
    let captionSwitch = Switch()
    let sentenceSwitch = Switch()
    let fitChoice = ValueChoice<BackgroundFit>([(.auto, tr("Fill or whole, by its shape")), (.fill, tr("Fill the screen")),
                                                (.whole, tr("Whole picture"))])
    let unusableChoice = ValueChoice<DailySettings.UnusableDays>([(.keepCurrent, tr("Keep the current background")),
                                                                  (.useFavourite, tr("Show a favourite"))])
    let rotationChoice = ValueChoice<BackgroundRotation>([(.off, tr("Only for a new picture")), (.hourly, tr("Every hour")),
                                                          (.sixHours, tr("Every 6 hours")), (.daily, tr("Every day"))])
    let rotationSourceChoice = ValueChoice<BackgroundRotation.Source>([(.favourites, tr("Favourites")),
                                                                       (.archive, tr("The whole archive"))])

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
        let backgroundRows = [Self.row(tr("Where"), placementChoice, indented: true),
                              Self.row(tr("Fit"), fitChoice.dropDown, indented: true),
                              Self.row(tr("On days without a picture"), unusableChoice.dropDown, indented: true),
                              Self.row(tr("Change the background"), rotationChoice.dropDown, indented: true),
                              Self.row(tr("From"), rotationSourceChoice.dropDown, indented: true, depth: 2)]
        choiceRows = backgroundRows + [Self.row(tr("On video days"), videoChoice), Self.row(tr("On metered connections"), meteredChoice)]
        box.append(backgroundRows[0])
        box.append(Self.row(tr("Show the title on the background"), captionSwitch, indented: true))
        box.append(Self.row(tr("With the explanation's first sentence"), sentenceSwitch, indented: true, depth: 2))
        for row in backgroundRows.dropFirst() { box.append(row) }
        box.append(Self.row(tr("Notify me of each new picture"), notifySwitch))
        for row in choiceRows.suffix(2) { box.append(row) }

        fill(settings)
        for control in [backgroundSwitch, notifySwitch, captionSwitch, sentenceSwitch] {
            control.onToggled { [weak self] in self?.changed() }
        }
        for choice in [placementChoice, videoChoice, meteredChoice, fitChoice.dropDown, unusableChoice.dropDown,
                       rotationChoice.dropDown, rotationSourceChoice.dropDown] {
            choice.onSelectionChanged { [weak self] in self?.changed() }
        }
    }

    var settings: DailySettings {
        var settings = DailySettings()
        settings.setsBackground = backgroundSwitch.isOn
        settings.placement = Self.placements[min(max(placementChoice.selectedIndex, 0), 2)]
        settings.notifies = notifySwitch.isOn
        settings.videoDays = Self.videoDays[min(max(videoChoice.selectedIndex, 0), 1)]
        settings.meteredConnections = Self.metered[min(max(meteredChoice.selectedIndex, 0), 1)]
        settings.caption = !captionSwitch.isOn ? .none : sentenceSwitch.isOn ? .titleAndSentence : .title
        settings.fit = fitChoice.value
        settings.unusableDays = unusableChoice.value
        settings.rotation = rotationChoice.value
        settings.rotationSource = rotationSourceChoice.value
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
        captionSwitch.isOn = settings.caption != .none
        sentenceSwitch.isOn = settings.caption == .titleAndSentence
        fitChoice.value = settings.fit
        unusableChoice.value = settings.unusableDays
        rotationChoice.value = settings.rotation
        rotationSourceChoice.value = settings.rotationSource
        updateSensitivity()
    }

    private func changed() {
        updateSensitivity()
        guard !isFilling else { return }
        onChange?(settings)
    }

    /// Everything but the notification only matters for the automatic background; the sentence
    /// only with the title, where the pictures come from only with a rotation.
    private func updateSensitivity() {
        for control: Widget in [placementChoice, videoChoice, meteredChoice, captionSwitch, fitChoice.dropDown,
                                unusableChoice.dropDown, rotationChoice.dropDown] {
            control.isSensitive = backgroundSwitch.isOn
        }
        sentenceSwitch.isSensitive = backgroundSwitch.isOn && captionSwitch.isOn
        rotationSourceChoice.dropDown.isSensitive = backgroundSwitch.isOn && rotationChoice.value != .off
    }

    /// Labels above the drop-downs (narrow) or beside them.
    func setNarrow(_ narrow: Bool) {
        for row in choiceRows { row.orientation = narrow ? .vertical : .horizontal }
    }

    private static func row(_ text: String, _ control: Widget, indented: Bool = false, depth: Int = 1) -> Box {
        let row = Box(.horizontal, spacing: 12)
        let label = Label(text)
        label.enableWrapping()
        label.setTextAlignment(0)
        label.horizontalExpand = true
        if indented { label.setMargins(top: 0, bottom: 0, start: 18 * depth, end: 0) }
        row.append(label)
        row.append(control)
        return row
    }
}
