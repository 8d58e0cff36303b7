import APODCore
import Foundation
import GtkKit

/// "APOD Viewer": one day's picture with its title, date and copyright, and the date selector.
@MainActor
final class MainWindow {
    let window: Window
    let banner = ErrorBanner()
    let offlineBanner = OfflineBanner()
    let pictureView = PictureView()
    let titleLabel = Label()
    let dateLabel = Label()
    let copyrightLabel = Label()
    /// Title, date and copyright of the entry shown; hidden when a load fails so they never
    /// describe a day other than the one asked for.
    let entryText = Box(.vertical, spacing: 4)
    let dateSelector: DateSelector
    let previousButton = Button(iconName: "go-previous-symbolic", tooltip: tr("Previous day (Alt+Left)"))
    let nextButton = Button(iconName: "go-next-symbolic", tooltip: tr("Next day (Alt+Right)"))
    let todayButton = Button(label: tr("_Today"))
    let showButton = Button(label: tr("_Show"))

    private let environment: ViewerEnvironment
    private let entryWork = WorkSlot()
    private let pictureWork = WorkSlot()
    private var previousAction: Action?
    private var nextAction: Action?
    /// What the window last asked for, so Retry and F5 repeat it.
    private var request: Request = .latest
    private(set) var entry: APODEntry?
    /// Said in the banner together with whatever the current request leads to: why another
    /// day than the one asked for is shown.
    private var notice: String?

    private enum Request {
        case latest
        case day(APODDay)
    }

    /// The picture was clicked: open the detail window for this entry.
    var onOpenDetail: (@MainActor (APODEntry) -> Void)?
    /// An entry arrived from the source.
    var onEntryLoaded: (@MainActor () -> Void)?
    /// The service could not be reached. Returns true when the application switched to
    /// offline and reloaded this window, so the error is not shown.
    var onServiceUnreachable: (@MainActor () -> Bool)?

    init(application: Application, environment: ViewerEnvironment, menu: Menu) {
        self.environment = environment
        window = Window(application: application)
        window.title = tr("APOD Viewer")
        window.setDefaultSize(width: 960, height: 860)
        dateSelector = DateSelector(range: environment.calendar.validRange)

        let header = HeaderBar()
        let randomButton = Button(label: tr("_Random"))
        randomButton.setAction("app.random(0)")
        randomButton.tooltip = tr("Random pictures (Ctrl+R)")
        header.packStart(randomButton)
        let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu, tooltip: tr("Main Menu"))
        menuButton.markPrimary()
        header.packEnd(menuButton)
        window.setTitlebar(header)

        window.setChild(buildContent())
        installActions()
        wireSignals()
        window.onDestroy { [weak self] in self?.cancelWork() }
    }

    private func buildContent() -> Widget {
        let column = Box(.vertical, spacing: 12)
        column.setMargins(top: 12, bottom: 18, start: 18, end: 18)
        column.append(offlineBanner.root)
        column.append(banner.root)
        column.append(pictureView.root)

        titleLabel.addCSSClass("title-2")
        titleLabel.enableWrapping()
        titleLabel.setTextAlignment(0.5)
        dateLabel.addCSSClass("dim-label")
        copyrightLabel.addCSSClass("caption")
        copyrightLabel.addCSSClass("dim-label")
        copyrightLabel.enableWrapping()
        copyrightLabel.setTextAlignment(0.5)
        entryText.append(titleLabel)
        entryText.append(dateLabel)
        entryText.append(copyrightLabel)
        column.append(entryText)

        let navigation = Box(.horizontal, spacing: 12)
        navigation.horizontalAlign = .center
        let dayButtons = Box(.horizontal)
        dayButtons.linkChildren()
        dayButtons.append(previousButton)
        dayButtons.append(nextButton)
        navigation.append(dayButtons)
        navigation.append(dateSelector.root)
        todayButton.tooltip = tr("Latest picture (Alt+Home)")
        navigation.append(todayButton)
        showButton.markSuggested()
        showButton.tooltip = tr("Show the selected day")
        navigation.append(showButton)
        for widget in [dayButtons, todayButton, showButton] as [Widget] {
            widget.verticalAlign = .center
        }
        column.append(navigation)
        return column
    }

    private func installActions() {
        let previous = Action("previous-day") { [weak self] in self?.step(by: -1) }
        let next = Action("next-day") { [weak self] in self?.step(by: 1) }
        for action in [previous, next,
                       Action("today") { [weak self] in self?.showLatest() },
                       Action("reload") { [weak self] in self?.reload() },
                       Action("show-selected") { [weak self] in self?.showSelectedDay() }] {
            window.addAction(action)
        }
        previousButton.setAction("win.previous-day")
        nextButton.setAction("win.next-day")
        todayButton.setAction("win.today")
        showButton.setAction("win.show-selected")
        previousAction = previous
        nextAction = next
    }

    private func wireSignals() {
        dateSelector.onActivate = { [weak self] in self?.showSelectedDay() }
        dateSelector.onChange = { [weak self] in self?.updateStepActions() }
        banner.onRetry = { [weak self] in self?.reload() }
        pictureView.onPictureClicked = { [weak self] in
            guard let self, let entry = self.entry else { return }
            self.onOpenDetail?(entry)
        }
        pictureView.onOpenLink = { [weak self] url in
            guard let self else { return }
            self.window.openWebLink(url, reportingTo: self.banner)
        }
    }

    func showLatest() {
        load(.latest)
    }

    /// Shows `day`; a day outside the archive (`--date 1990-01-01`, a D-Bus `show-date`) opens
    /// on the nearest day there is, and the banner says why another day is shown.
    func show(day: APODDay) {
        let calendar = environment.calendar
        dateSelector.select(calendar.clamp(day))
        load(.day(dateSelector.selectedDay))
        do {
            try calendar.validate(day)
        } catch {
            notice = userMessage(for: error)
            banner.warn(userMessage(for: error))
        }
    }

    func showSelectedDay() {
        load(.day(dateSelector.selectedDay))
    }

    func reload() {
        load(request)
    }

    private func step(by days: Int) {
        let base = entry?.date ?? dateSelector.selectedDay
        show(day: base.adding(days: days))
    }

    private func load(_ request: Request) {
        self.request = request
        dateSelector.setRange(environment.calendar.validRange)
        notice = nil
        banner.hide()
        pictureWork.cancel()
        pictureView.showLoading()
        let source = environment.source
        entryWork.start({
            switch request {
            case .latest: return try await source.latest()
            case .day(let day): return try await source.entry(for: day)
            }
        }, then: { [weak self] result in
            switch result {
            case .success(let entry):
                self?.onEntryLoaded?()
                self?.present(entry)
            case .failure(let error):
                if OfflineFallback.isUnreachable(error), self?.onServiceUnreachable?() == true { return }
                self?.fail(userMessage(for: error))
            }
        })
    }

    private func fail(_ message: String) {
        entry = nil
        entryText.isVisible = false
        updateStepActions()
        banner.show([notice, message].compactMap { $0 }.joined(separator: "\n"))
        pictureView.showPlaceholder(iconName: "dialog-warning-symbolic", heading: tr("Nothing to show"),
                                    message: tr("The message above says what happened and what to do."),
                                    link: nil, linkLabel: "")
    }

    private func present(_ entry: APODEntry) {
        self.entry = entry
        entryText.isVisible = true
        titleLabel.text = entry.title
        dateLabel.text = entry.date.displayString
        copyrightLabel.text = entry.copyrightLine ?? ""
        copyrightLabel.isVisible = entry.copyrightLine != nil
        dateSelector.select(entry.date)
        updateStepActions()
        loadPicture(for: entry)
    }

    private func loadPicture(for entry: APODEntry) {
        guard let url = entry.displayPictureURL else {
            if entry.mediaType == .video {
                pictureView.showPlaceholder(iconName: "video-x-generic-symbolic", heading: tr("Today's APOD is a video"),
                                            message: tr("There is no still picture for it."),
                                            link: entry.playableURL ?? entry.webPageURL, linkLabel: tr("Play Video"))
            } else {
                pictureView.showPlaceholder(iconName: "image-missing-symbolic", heading: tr("No picture for this day"),
                                            message: tr("This entry has no picture to show here."),
                                            link: entry.webPageURL, linkLabel: tr("Open Web Page"))
            }
            return
        }
        pictureView.showLoading()
        let pictures = environment.pictures
        pictureWork.start({
            try await pictures.picture(from: url, for: .display)
        }, then: { [weak self] result in
            switch result {
            case .success(let image):
                self?.pictureView.show(image, altText: entry.altText ?? entry.title, playLink: entry.playableURL)
                self?.pictureView.animation.start { try await pictures.animation(from: url, for: .display) }
            case .failure(let error):
                self?.pictureView.showPlaceholder(iconName: "image-missing-symbolic", heading: tr("The picture could not be shown"),
                                                  message: userMessage(for: error), link: entry.webPageURL,
                                                  linkLabel: tr("Open Web Page"))
            }
        })
    }

    private func updateStepActions() {
        let day = entry?.date ?? dateSelector.selectedDay
        let range = dateSelector.limits.range
        previousAction?.isEnabled = day > range.lowerBound
        nextAction?.isEnabled = day < range.upperBound
    }

    private func cancelWork() {
        entryWork.cancel()
        pictureWork.cancel()
    }
}
