import AdwKit
import APODCore
import Foundation
import GtkKit

/// "APOD Viewer": one day's picture (`PictureView`) with its title, date and credit
/// (`EntryCaption`), the strips saying what else there is to know (`MainNotices`) and the row
/// for choosing a day (`DayNavigation`). This type asks the source for the day and routes the
/// answer to those parts.
@MainActor
final class MainWindow {
    static let defaultSize = PixelSize(width: 960, height: 860)
    /// Below this width the date row becomes two rows and the header bar shows icons only.
    static let narrowWidth = 560

    let window: Window
    let notices = MainNotices()
    let pictureView = PictureView()
    /// Title, date and credit of the entry shown; hidden when a load fails so they never
    /// describe a day other than the one asked for.
    let caption = EntryCaption(layout: .centered)
    private(set) var navigation: DayNavigation!
    let header = HeaderBar()
    /// "APOD Viewer" over the date shown.
    let windowTitle = WindowTitle(title: tr("APOD Viewer"))
    let randomButton = Button(label: tr("_Random"))
    /// "Link copied" and other quick feedback over the window.
    private(set) var toasts: ToastOverlay!
    private(set) var clipboard: EntryClipboard!
    /// Ctrl+C copies the picture (`MainWindow+PictureHandOff`).
    private(set) var pictureHandOff: PictureHandOff!
    private var narrowLayout: WidthBreakpoint?

    private let environment: ViewerEnvironment
    private let entryWork = WorkSlot()
    private let videoPlayback: VideoPlayback
    private let pictureWork = WorkSlot()
    /// What the window last asked for, so Retry and F5 repeat it.
    private var request: Request = .latest
    private(set) var entry: APODEntry?
    /// Why another day than the one asked for is shown: said with whatever the current
    /// request leads to.
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

    var banner: MessageBanner { notices.banner }
    var offlineBanner: OfflineBanner { notices.offline }
    var dateSelector: DateSelector { navigation.dateSelector }

    init(application: Application, environment: ViewerEnvironment, menu: Menu) {
        self.environment = environment
        videoPlayback = VideoPlayback(source: environment.source)
        window = Window(application: application)
        window.title = tr("APOD Viewer")
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        navigation = DayNavigation(range: environment.calendar.validRange, in: window,
                                   previous: { [weak self] in self?.step(by: -1) },
                                   next: { [weak self] in self?.step(by: 1) },
                                   today: { [weak self] in self?.showLatest() },
                                   showSelected: { [weak self] in self?.showSelectedDay() })

        randomButton.setAction(AppAction.openRandomGrid)
        randomButton.tooltip = tr("Random pictures (Ctrl+R)")
        header.packStart(randomButton)
        let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu, tooltip: tr("Main Menu"))
        menuButton.markPrimary()
        header.packEnd(menuButton)
        header.setTitleWidget(windowTitle)
        window.setTitlebar(header)

        let column = Box(.vertical, spacing: 12)
        column.setMargins(top: 12, bottom: 18, start: 18, end: 18)
        for part in [notices.root, pictureView.root, caption.root, navigation.root] as [Widget] { column.append(part) }
        toasts = ToastOverlay(child: column)
        window.setChild(toasts)
        clipboard = EntryClipboard(window: window, toasts: toasts, entry: { [weak self] in self?.entry })
        pictureHandOff = PictureHandOff(window: window, toasts: toasts, banner: banner, environment: environment) { [weak self] in
            self?.handOffPicture
        }
        window.addAction(Action(WindowAction.reload) { [weak self] in self?.reload() })
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: Self.narrowWidth) { [weak self] narrow in
            guard let self else { return }
            self.navigation.setNarrow(narrow)
            // The header also holds the search field and the star: the title and words give way.
            self.header.showsTitle = !narrow
            if narrow {
                self.randomButton.showIcon("media-playlist-shuffle-symbolic")
            } else {
                self.randomButton.label = tr("_Random")
            }
        }
        wireSignals()
        window.onDestroy { [weak self] in self?.cancelWork() }
    }

    private func wireSignals() {
        dateSelector.onActivate = { [weak self] in self?.showSelectedDay() }
        dateSelector.onChange = { [weak self] in self?.updateActions() }
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
            notices.warn(problem)
            return
        }
        load(.day(dateSelector.selectedDay))
    }

    /// Keeps `text` as the reason the day shown differs from the one asked for, and says it.
    private func warnWhy(_ text: String) {
        notice = text
        notices.warn(text)
    }

    /// What the failure page says while it shows in place of the picture.
    var failureMessage: String? {
        pictureView.page == .failure ? pictureView.failurePage.descriptionText : nil
    }

    var isShowingEmptyDay: Bool {
        if case .skippedDay? = pictureView.status { return true }
        return false
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
        notices.clear()
        pictureWork.cancel()
        pictureView.showLoading()
        if case .day(let day) = request { windowTitle.subtitle = day.displayString }
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
                self?.fail(error)
            }
        })
    }

    /// The request gave no entry: a day APOD skipped (a calm empty state, not an error), a day
    /// not stored offline, or a failure with Retry, in place of the picture. A notice about
    /// which day is shown stays in the banner above.
    private func fail(_ error: any Error) {
        entry = nil
        caption.root.isVisible = false
        updateActions()
        switch error as? APODError {
        case .noEntry(let day)?:
            windowTitle.subtitle = day.displayString
            pictureView.showStatus(.skippedDay(day))
        case .notStoredOffline?:
            pictureView.showStatus(.notStored(userMessage(for: error)))
        default:
            pictureView.showStatus(.failed(userMessage(for: error)))
        }
    }

    private func present(_ entry: APODEntry) {
        self.entry = entry
        caption.root.isVisible = true
        caption.show(entry)
        windowTitle.subtitle = entry.date.displayString
        dateSelector.select(entry.date)
        updateActions()
        if case .latest = request, notice == nil, offlineBanner.isShown || isStoredOnly?() == true {
            notices.explainNewestStored(entry.date)
        }
        loadPicture(for: entry)
        onEntryPresented?(entry)
    }

    /// Loads the entry's picture decoded to fit the picture area (or `box`, when the area grew
    /// past the picture on screen: that one stays until the larger decode is ready).
    private func loadPicture(for entry: APODEntry, fitting box: PixelSize? = nil) {
        guard let url = entry.displayPictureURL else {
            pictureView.showStatus(entry.mediaType == .video ? .video : .noPicture(entry.webPageURL))
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
                self?.pictureView.showStatus(.pictureFailed(userMessage(for: error), entry.webPageURL))
            }
        })
    }

    private func updateActions() {
        clipboard.update()
        navigation.updateSteps(from: entry?.date ?? dateSelector.selectedDay)
    }

    private func cancelWork() {
        entryWork.cancel()
        pictureWork.cancel()
        videoPlayback.cancel()
    }
}
