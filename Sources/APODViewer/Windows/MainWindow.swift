import APODCore
import Foundation
import GtkKit

/// "APOD Viewer": one day's picture with its title, date and copyright, and the date selector.
@MainActor
final class MainWindow {
    static let defaultSize = PixelSize(width: 960, height: 860)
    /// Below this width the date row becomes two rows and the header bar shows icons only.
    static let narrowWidth = 560

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
    let header = HeaderBar()
    let randomButton = Button(label: tr("_Random"))
    /// A day APOD skipped, shown in place of the picture.
    let emptyDay = EmptyDayPage()
    /// The day buttons and selector, then Today and Show: one row, two below ~560 px.
    let navigation = Box(.horizontal, spacing: 12)
    /// The day buttons and the date selector (the calendar button joins them).
    let dayRow = Box(.horizontal, spacing: 12)
    /// "Link copied" and other quick feedback over the window.
    let toast = Toast()
    private var copyActions: [Action] = []
    private var narrowLayout: WidthBreakpoint?

    private let environment: ViewerEnvironment
    private let entryWork = WorkSlot()
    private let videoPlayback: VideoPlayback
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
    /// An entry is now shown (for the favourite star and the history).
    var onEntryPresented: (@MainActor (APODEntry) -> Void)?
    /// The service could not be reached. Returns true when the application switched to
    /// offline and reloaded this window, so the error is not shown.
    var onServiceUnreachable: (@MainActor () -> Bool)?
    /// Whether the app works from stored pictures only (offline on purpose or fallen back), so
    /// "Today" means the newest stored day. Set by the offline fallback.
    var isStoredOnly: (@MainActor () -> Bool)?

    init(application: Application, environment: ViewerEnvironment, menu: Menu) {
        self.environment = environment
        videoPlayback = VideoPlayback(source: environment.source)
        window = Window(application: application)
        window.title = tr("APOD Viewer")
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        dateSelector = DateSelector(range: environment.calendar.validRange)

        randomButton.setAction("app.random(0)")
        randomButton.tooltip = tr("Random pictures (Ctrl+R)")
        header.packStart(randomButton)
        let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu, tooltip: tr("Main Menu"))
        menuButton.markPrimary()
        header.packEnd(menuButton)
        window.setTitlebar(header)

        window.setChild(buildContent(), toast: toast)
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: Self.narrowWidth) { [weak self] narrow in
            guard let self else { return }
            self.navigation.orientation = narrow ? .vertical : .horizontal
            // The header also holds the search field and the star: the title and words give way.
            self.header.hideTitle(narrow)
            if narrow {
                self.randomButton.showIcon("media-playlist-shuffle-symbolic")
            } else {
                self.randomButton.label = tr("_Random")
            }
        }
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
        pictureView.root.addPage(emptyDay.root, name: EmptyDayPage.pageName)

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

        navigation.horizontalAlign = .center
        let dayButtons = Box(.horizontal)
        dayButtons.linkChildren()
        dayButtons.append(previousButton)
        dayButtons.append(nextButton)
        dayRow.horizontalAlign = .center
        dayRow.append(dayButtons)
        dayRow.append(dateSelector.root)
        navigation.append(dayRow)
        let actionRow = Box(.horizontal, spacing: 12)
        actionRow.horizontalAlign = .center
        todayButton.tooltip = tr("Latest picture (Alt+Home)")
        actionRow.append(todayButton)
        showButton.markSuggested()
        showButton.tooltip = tr("Show the selected day")
        actionRow.append(showButton)
        navigation.append(actionRow)
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
        copyActions = [Action("copy-link") { [weak self] in self?.copyLink(picture: false) },
                       Action("copy-picture-link") { [weak self] in self?.copyLink(picture: true) }]
        copyActions.forEach { window.addAction($0) }
    }

    private func wireSignals() {
        dateSelector.onActivate = { [weak self] in self?.showSelectedDay() }
        dateSelector.onChange = { [weak self] in self?.updateStepActions() }
        banner.onRetry = { [weak self] in self?.reload() }
        pictureView.onPictureClicked = { [weak self] in
            guard let self, let entry = self.entry else { return }
            self.onOpenDetail?(entry)
        }
        pictureView.onNeedsLargerPicture = { [weak self] box in
            guard let self, let entry = self.entry else { return }
            self.loadPicture(for: entry, fitting: box)
        }
        pictureView.onOpenLink = { [weak self] url in
            guard let self else { return }
            self.window.openWebLink(url, reportingTo: self.banner)
        }
        pictureView.onPlay = { [weak self] in
            guard let self, let entry = self.entry else { return }
            self.videoPlayback.play(entry) { [weak self] url in self?.pictureView.onOpenLink?(url) }
        }
    }

    func showLatest() {
        load(.latest)
    }

    /// Shows `day`; a day outside the archive (`--date 1990-01-01`, a D-Bus `show-date`) opens
    /// on the nearest day there is, and the banner says why another day is shown. A day after
    /// the archive opens on the latest published picture (today's may not be out yet).
    func show(day: APODDay) {
        let calendar = environment.calendar
        guard day <= calendar.validRange.upperBound else {
            load(.latest)
            warnWhy(tr("There is no picture for {date} yet: showing the latest one instead.", ["date": day.displayString]))
            return
        }
        dateSelector.select(calendar.clamp(day))
        load(.day(dateSelector.selectedDay))
        do {
            try calendar.validate(day)
        } catch {
            warnWhy(userMessage(for: error))
        }
    }

    /// Shows the day in the spin buttons; one that does not exist (2023 Feb. 29) is explained.
    func showSelectedDay() {
        if let problem = dateSelector.impossibleDayMessage {
            warn(problem)
            return
        }
        load(.day(dateSelector.selectedDay))
    }

    /// Keeps `text` as the reason the day shown differs from the one asked for, and says it.
    private func warnWhy(_ text: String) {
        notice = text
        warn(text)
    }

    private func warn(_ text: String) {
        say(text, isError: false)
    }

    /// One banner at a time: while offline, the offline banner (with its Try Again) carries the
    /// message under its own line, rather than a second strip with Retry stacked below it.
    private func say(_ text: String, isError: Bool) {
        if offlineBanner.isShown {
            offlineBanner.setDetail(text)
        } else if isError {
            banner.show(text)
        } else {
            banner.warn(text)
        }
    }

    var isShowingEmptyDay: Bool { pictureView.root.visiblePage == EmptyDayPage.pageName }

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
        offlineBanner.setDetail(nil)
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
                if case .noEntry(let day)? = error as? APODError {
                    self?.showEmptyDay(day)
                } else {
                    self?.fail(userMessage(for: error))
                }
            }
        })
    }

    /// A day APOD skipped: not an error, so no red banner and no Retry.
    private func showEmptyDay(_ day: APODDay) {
        entry = nil
        entryText.isVisible = false
        updateStepActions()
        emptyDay.show(day)
        pictureView.spinner.isSpinning = false
        pictureView.root.visiblePage = EmptyDayPage.pageName
    }

    private func fail(_ message: String) {
        entry = nil
        entryText.isVisible = false
        updateStepActions()
        say([notice, message].compactMap { $0 }.joined(separator: "\n"), isError: true)
        pictureView.showPlaceholder(iconName: "dialog-warning-symbolic", heading: tr("Nothing to show"),
                                    message: tr("The message above says what happened and what to do."),
                                    link: nil, linkLabel: "")
    }

    private func present(_ entry: APODEntry) {
        self.entry = entry
        entryText.isVisible = true
        titleLabel.text = entry.shownTitle.text
        dateLabel.text = entry.date.displayString
        copyrightLabel.text = entry.copyrightLine ?? ""
        copyrightLabel.isVisible = entry.copyrightLine != nil
        dateSelector.select(entry.date)
        updateStepActions()
        if case .latest = request, notice == nil, offlineBanner.isShown || isStoredOnly?() == true {
            let text = tr("Today shows the newest picture stored on this computer, from {date}.", ["date": entry.date.displayString])
            if offlineBanner.isShown {
                offlineBanner.setDetail(text)
            } else if banner.message == nil {
                banner.inform(text)
            }
        }
        loadPicture(for: entry)
        onEntryPresented?(entry)
    }

    /// Loads the entry's picture decoded to fit the picture area (or `box`, when the area grew
    /// past the picture on screen: that one stays until the larger decode is ready).
    private func loadPicture(for entry: APODEntry, fitting box: PixelSize? = nil) {
        guard let url = entry.displayPictureURL else {
            if entry.mediaType == .video {
                pictureView.showPlaceholder(iconName: "video-x-generic-symbolic", heading: tr("Today's APOD is a video"),
                                            message: tr("There is no still picture for it."),
                                            link: nil, linkLabel: tr("Play Video"), playsVideo: true)
            } else {
                pictureView.showPlaceholder(iconName: "image-missing-symbolic", heading: tr("No picture for this day"),
                                            message: tr("This entry has no picture to show here."),
                                            link: entry.webPageURL, linkLabel: tr("Open Web Page"))
            }
            return
        }
        if box == nil { pictureView.showLoading() }
        let fit = box ?? pictureView.decodeBox(fallback: Self.defaultSize)
        let pictures = environment.pictures
        pictureWork.start({
            try await pictures.picture(from: url, for: .display, fitting: fit)
        }, then: { [weak self] result in
            switch result {
            case .success(let image):
                self?.pictureView.show(image, altText: entry.pictureDescription, playable: entry.mediaType == .video)
                self?.pictureView.animation.start { try await pictures.animation(from: url, for: .display) }
            case .failure(let error):
                self?.pictureView.showPlaceholder(iconName: "image-missing-symbolic", heading: tr("The picture could not be shown"),
                                                  message: userMessage(for: error), link: entry.webPageURL,
                                                  linkLabel: tr("Open Web Page"))
            }
        })
    }

    /// Copy Link (the APOD page) and Copy Picture Link, from the main menu.
    private func copyLink(picture: Bool) {
        guard let entry else { return }
        window.copyToClipboard((picture ? entry.pictureLink : entry.webPageURL).absoluteString)
        toast.show(picture ? tr("Picture link copied") : tr("Link copied"))
    }

    private func updateStepActions() {
        copyActions.forEach { $0.isEnabled = entry != nil }
        let day = entry?.date ?? dateSelector.selectedDay
        let range = dateSelector.limits.range
        previousAction?.isEnabled = day > range.lowerBound
        nextAction?.isEnabled = day < range.upperBound
    }

    private func cancelWork() {
        entryWork.cancel()
        pictureWork.cancel()
        videoPlayback.cancel()
    }
}
