import APODCore
import AdwKit
import Foundation
import GtkKit

/// "APOD Viewer", the app's one main window: its views (`MainView`) in a stack, switched from
/// the header bar while the window is wide and from a bar at the bottom when it is narrow,
/// under the strips every view shares (`MainNotices`, the archive download's progress).
///
/// Its first view, Today, is one day's picture (`PictureView`) with its title, date and credit
/// (`EntryCaption`) and explanation, side by side when the window is wide and one under the
/// other when narrow, over the row for choosing a day (`DayNavigation`). This type asks the
/// source for the day and routes the answer to those parts.
@MainActor
final class MainWindow {
    static let defaultSize = PixelSize(width: 1180, height: 820)
    /// Below this width the date row becomes two rows and the views are switched from the
    /// bottom bar (libadwaita 1.2 has no breakpoints: the rule is ours).
    static let narrowWidth = 560
    /// From this width up Today shows the explanation beside the picture rather than under it.
    static let sideBySideWidth = 860
    /// The explanation's column beside the picture.
    static let textColumnWidth = 380
    /// Today's page: its margins, the space between the picture and the day row, and between
    /// the picture and the text column.
    private static let pageMargin = (top: 12, bottom: 18, side: 18)
    private static let pageSpacing = 12
    private static let bodySpacing = 18

    let window: Window
    /// What listens to this window's parts and events; released with it.
    let subscriptions = Subscriptions()
    let notices = MainNotices()
    let pictureView = PictureView()
    /// Title, date and credit of the entry shown; hidden when a load fails so they never
    /// describe a day other than the one asked for.
    let caption = EntryCaption(layout: .centered)
    /// The entry's explanation, with its links.
    let explanationLabel = Label()
    let explanationScroller: ScrolledWindow
    /// The translator's credit and the English / Chinese toggle, when explanations are in Chinese.
    private(set) var translation: TranslationStrip?
    /// The visible way to what a click on the picture opens.
    let detailsButton = Button(label: tr("Open Detai_ls"))
    /// Picture and text: a row when wide, a column when narrow.
    let todayBody = Box(.horizontal, spacing: MainWindow.bodySpacing)
    private let textColumn = Box(.vertical, spacing: 12)
    private(set) var navigation: DayNavigation!
    let header = HeaderBar()
    let views = ViewStack()
    /// The view switcher while it fits, else "APOD Viewer" over the date shown.
    let windowTitle: ViewSwitcherTitle
    let switcherBar: ViewSwitcherBar
    /// The archive download's progress, under the header bar in every view.
    private let downloadStrip = Box(.vertical)
    /// Fills `downloadStrip` while the app has an archive download.
    private(set) var downloadProgress: DownloadProgressStrip?
    /// The favourite star in the header bar, with an archive index.
    private(set) var favouriteStar: FavouriteButton?
    /// The star, or an empty place of its width on the views other than Today.
    private let starSlot = ContentStack<StarSlot>()
    private enum StarSlot { case star, empty }
    /// The calendar beside the date selector, with an archive index.
    private(set) var calendarButton: DayCalendarButton?
    /// The Random view, once built (on its first showing); the window owns it.
    private(set) var randomView: RandomGridView?
    /// The Browse view (the archive wall), with an archive index, once built; the window owns it.
    private(set) var browseView: BrowseView?
    /// "Link copied" and other quick feedback over the window.
    private(set) var toasts: ToastOverlay!
    private(set) var clipboard: EntryClipboard!
    /// Ctrl+C copies the picture (`MainWindow+PictureHandOff`).
    private(set) var pictureHandOff: PictureHandOff!
    private var narrowLayout: WidthBreakpoint?
    private var todayLayout: WidthBreakpoint?
    /// The views built, by name.
    private var addedViews: [String: MainView] = [:]
    /// Every view's page in the stack and its title, built or not.
    private var pages: [String: (page: Widget, title: String)] = [:]
    /// The views not built yet: the empty page each fills once built.
    private var deferredViews: [String: (page: Box, view: MainView.Deferred)] = [:]

    private let environment: ViewerEnvironment
    private let entryWork = WorkSlot()
    private let videoPlayback: VideoPlayback
    /// An APOD-hosted video day plays here, paused and muted until asked.
    let videoPlayer: VideoPlayer
    private let pictureWork = WorkSlot()
    /// A video day's player address, asked for when the day is shown without it.
    private let addressWork = WorkSlot()
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

    /// The picture or Open Details was clicked: open the detail window for this entry.
    let detailRequested = Event<APODEntry>()
    /// An entry arrived from the source.
    let entryLoaded = Event<Void>()
    /// An entry is now shown (for the favourite star and the history).
    let entryPresented = Event<APODEntry>()
    /// Asked when the service could not be reached (a query, not an event): true when the
    /// application switched to offline and reloads this window, so the error is not shown.
    var fallBackOffline: (@MainActor () -> Bool)?
    /// Whether the app works from stored pictures only (offline on purpose or fallen back), so
    /// "Today" means the newest stored day. Set by the offline fallback.
    var isStoredOnly: (@MainActor () -> Bool)?

    var banner: MessageBanner { notices.banner }
    var offlineBanner: OfflineBanner { notices.offline }
    var dateSelector: DateSelector { navigation.dateSelector }

    init(application: Application, environment: ViewerEnvironment, menu: Menu) {
        self.environment = environment
        videoPlayback = VideoPlayback(source: environment.source)
        videoPlayer = VideoPlayer(downloads: environment.videos)
        window = Window(application: application)
        window.title = tr("APOD Viewer")
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        windowTitle = ViewSwitcherTitle(stack: views, title: tr("APOD Viewer"))
        switcherBar = ViewSwitcherBar(stack: views)
        explanationScroller = ScrolledWindow(child: explanationLabel)
        navigation = DayNavigation(
            range: environment.calendar.validRange, in: window,
            previous: { [weak self] in self?.step(by: -1) },
            next: { [weak self] in self?.step(by: 1) },
            today: { [weak self] in self?.showLatest() },
            showSelected: { [weak self] in self?.showSelectedDay() })

        let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu, tooltip: tr("Main Menu"))
        menuButton.markPrimary()
        header.packEnd(menuButton)
        header.setTitleWidget(windowTitle)
        window.setTitlebar(header)

        install(
            .view(
                MainView(
                    .today, title: tr("_Today"), iconName: "image-x-generic-symbolic", content: makeToday(),
                    onReload: { [weak self] in self?.reload() })))
        let column = Box(.vertical)
        notices.root.setMargins(top: 0, bottom: 0, start: 0, end: 0)
        column.append(notices.root)
        column.append(downloadStrip)
        views.verticalExpand = true
        // Toasts over the views only: AdwToastOverlay measures its child's height for no
        // particular width, so around the whole column (whose wrapping banner is taller at
        // 360 px) it asked too little and the window cut the bottom view switcher off.
        toasts = ToastOverlay(child: views)
        column.append(toasts)
        column.append(switcherBar)
        window.setChild(column)
        clipboard = EntryClipboard(window: window, toasts: toasts, entry: { [weak self] in self?.entry })
        pictureHandOff = PictureHandOff(window: window, toasts: toasts, banner: banner, environment: environment) {
            [weak self] in
            self?.handOffPicture
        }
        window.addAction(Action(WindowAction.reload) { [weak self] in self?.reloadVisibleView() })
        window.addAction(
            Action(WindowAction.showView.rawValue, stringHandler: { [weak self] name in self?.showView(name) }))
        views.onPageChanged { [weak self] in self?.viewChanged() }
        windowTitle.onTitleVisibilityChanged { [weak self] in self?.revealSwitcherBar() }
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: Self.narrowWidth) { [weak self] narrow in
            guard let self else { return }
            self.navigation.setNarrow(narrow)
            self.windowTitle.isSwitcherEnabled = !narrow
            self.usesShortTitles = narrow
            self.revealSwitcherBar()
        }
        todayLayout = WidthBreakpoint(window: window, narrowerThan: Self.sideBySideWidth) { [weak self] narrow in
            self?.layOutToday(sideBySide: !narrow)
        }
        wireSignals()
        window.onDestroy { [weak self] in self?.cancelWork() }
    }

    /// Today's page: the picture and its text over the day row.
    private func makeToday() -> Widget {
        explanationLabel.enableWrapping()
        explanationLabel.setTextAlignment(0)
        explanationLabel.isSelectable = true
        explanationLabel.horizontalAlign = .start
        explanationLabel.verticalAlign = .start
        explanationScroller.verticalExpand = true
        detailsButton.horizontalAlign = .start
        detailsButton.tooltip = tr("The picture in full, with zoom, saving and sharing (or click the picture)")
        detailsButton.onClicked { [weak self] in
            guard let self, let entry = self.entry else { return }
            self.detailRequested.emit(entry)
        }
        textColumn.append(caption.root)
        textColumn.append(detailsButton)
        textColumn.append(explanationScroller)
        showsEntryText = false
        translation = environment.translations.map(TranslationStrip.init(translations:))
        if let translation {
            textColumn.append(translation.root)
            translation.onChange = { [weak self] in
                guard let self, let entry = self.entry else { return }
                self.showText(of: entry)
            }
            translation.openLink = { [weak self] url in self?.openWebLink(url) }
        }
        todayBody.verticalExpand = true
        pictureView.addVideoPage(videoPlayer.root)
        todayBody.append(pictureView.root)
        todayBody.append(textColumn)
        let page = Box(.vertical, spacing: Self.pageSpacing)
        let margin = Self.pageMargin
        page.setMargins(top: margin.top, bottom: margin.bottom, start: margin.side, end: margin.side)
        page.append(todayBody)
        page.append(navigation.root)
        return page
    }

    /// Wide: the text in a column beside the picture, scrolling on its own. Narrow: the text
    /// under the picture, its explanation a few lines high.
    private func layOutToday(sideBySide: Bool) {
        todayBody.orientation = sideBySide ? .horizontal : .vertical
        textColumn.setSizeRequest(width: sideBySide ? Self.textColumnWidth : -1)
        explanationScroller.verticalExpand = sideBySide
        explanationScroller.setSizeRequest(height: sideBySide ? -1 : 120)
        detailsButton.horizontalAlign = sideBySide ? .start : .center
        caption.align(leading: sideBySide)
    }

    /// Whether Today shows the text beside the picture.
    var showsTextBesidePicture: Bool { todayBody.orientation == .horizontal }

    /// What the window shows only in some setups (with an archive index, a download, the
    /// views of other features); the window decides where each goes, and nothing outside it
    /// appends into its header bar or rows.
    enum Part {
        /// A view after the others, switchable from both switchers and `win.show-view`.
        case view(MainView)
        /// A view as `view`, built when first shown (`buildView`).
        case deferred(MainView.Deferred)
        /// The favourite star: at the end of the header bar (Ctrl+D), shown with Today only.
        case favouriteStar(FavouriteButton)
        /// The calendar: in the day row, after the date selector.
        case calendar(DayCalendarButton)
        /// The archive download's progress: under the header bar, in every view.
        case downloadProgress(DownloadProgressStrip)
        /// The Random view, made on its first showing and kept as long as the window.
        case random(@MainActor (MainWindow) -> RandomGridView)
        /// The Browse view, made on its first showing and kept as long as the window; it stops
        /// its work when the window closes.
        case browse(@MainActor (MainWindow) -> BrowseView)
    }

    /// Places `part` where it belongs in this window.
    func install(_ part: Part) {
        switch part {
        case .view(let view):
            addPage(view.content, name: view.name, title: view.title, iconName: view.iconName)
            addedViews[view.name] = view
        case .deferred(let view):
            let page = Box(.vertical)
            addPage(page, name: view.name.rawValue, title: view.title, iconName: view.iconName)
            deferredViews[view.name.rawValue] = (page, view)
        case .favouriteStar(let star):
            favouriteStar = star
            // The star is Today's, but its place in the header stays on every view: the view
            // switcher beside it then has the same room everywhere and keeps its layout (icons
            // beside the labels, or over them), so the tabs never move under the pointer.
            starSlot.add(star.button, for: .star)
            starSlot.add(Box(.horizontal), for: .empty)
            starSlot.crossfades = false
            starSlot.state = isShowing(.today) ? .star : .empty
            header.packEnd(starSlot)
            window.addAction(star.makeAction())
        case .calendar(let button):
            calendarButton = button
            navigation.showCalendar(button)
        case .downloadProgress(let strip):
            downloadProgress = strip
            downloadStrip.append(strip.root)
            window.onDestroy { [weak strip] in strip?.detach() }
        case .random(let make):
            install(
                .deferred(
                    MainView.Deferred(name: .random, title: RandomGridView.title, iconName: RandomGridView.iconName) {
                        main in
                        let grid = make(main)
                        main.randomView = grid
                        return grid.view
                    }))
        case .browse(let make):
            install(
                .deferred(
                    MainView.Deferred(name: .browse, title: BrowseView.title, iconName: BrowseView.iconName) { main in
                        let browse = make(main)
                        main.browseView = browse
                        return browse.view
                    }))
        }
    }

    private func addPage(_ page: Widget, name: String, title: String, iconName: String) {
        views.addPage(page, name: name, title: title, iconName: iconName)
        // Only the view shown is there for screen readers, not the six behind it.
        page.hideFromScreenReadersWhileUnmapped()
        pages[name] = (page, title)
        if usesShortTitles { views.setTitle(MainView.shortTitle(name: name, title: title), ofPage: page) }
    }

    /// Builds view `name` if it waits for its first showing: what shows it, or needs its
    /// parts before, calls this. Nothing happens for a view built already or none of that name.
    func buildView(_ name: String) {
        guard let deferred = deferredViews.removeValue(forKey: name) else { return }
        let view = deferred.view.build(self)
        deferred.page.append(view.content)
        addedViews[name] = view
    }

    func buildView(_ name: MainView.Name) { buildView(name.rawValue) }

    /// The names of the views built so far: Today from the start, the others once shown.
    var builtViews: Set<String> { Set(addedViews.keys) }

    /// Narrow, only the bottom bar switches views (the header keeps the title), so its tabs
    /// take the short titles that fit 360 px; wide, the full ones with their mnemonics.
    private var usesShortTitles = false {
        didSet {
            guard usesShortTitles != oldValue else { return }
            for (name, page) in pages {
                views.setTitle(
                    usesShortTitles ? MainView.shortTitle(name: name, title: page.title) : page.title, ofPage: page.page
                )
            }
        }
    }

    /// Shows the view `name` (nothing happens for a name no view has).
    func showView(_ name: String) {
        guard pages[name] != nil else { return }
        buildView(name)
        if views.visiblePage == name {
            addedViews[name]?.onShown?()
        } else {
            views.visiblePage = name
        }
    }

    func showView(_ name: MainView.Name) { showView(name.rawValue) }

    /// The view shown.
    var visibleView: String? { views.visiblePage }

    func isShowing(_ name: MainView.Name) -> Bool { views.visiblePage == name.rawValue }

    /// The day Today shows, under the title while Today is the view (other views have their
    /// own headings).
    private var daySubtitle = "" {
        didSet { showSubtitle() }
    }

    private func showSubtitle() {
        windowTitle.subtitle = isShowing(.today) ? daySubtitle : ""
    }

    private func viewChanged() {
        showSubtitle()
        starSlot.state = isShowing(.today) ? .star : .empty
        // Alt+1…7 and the tabs' mnemonics change the view without touching the tabs: a focus
        // ring left on the tab of the view before would mark the wrong one.
        // The switchers mark their new tab after this notification: look once they have.
        NextIteration.run { [weak self] in
            guard let self, let name = self.views.visiblePage, self.addedViews[name]?.content.containsFocus != true
            else { return }
            for switcher in [self.windowTitle, self.switcherBar] as [Widget] {
                switcher.moveFocusToActiveToggle(fromAnywhere: true)
            }
        }
        // A video left playing in Today would go on decoding behind another view.
        if !isShowing(.today) { videoPlayer.pause() }
        guard let name = views.visiblePage else { return }
        // A view chosen from a switcher is built here, on its first showing.
        buildView(name)
        addedViews[name]?.onShown?()
    }

    private func reloadVisibleView() {
        guard let name = views.visiblePage else { return }
        addedViews[name]?.onReload?()
    }

    /// The bottom bar takes over when the header has no room for the switcher (or the window
    /// is narrow, where the header keeps the title).
    private func revealSwitcherBar() {
        switcherBar.isRevealed = windowTitle.isTitleVisible
    }

    private func wireSignals() {
        dateSelector.activated.subscribe { [weak self] in self?.showSelectedDay() }.store(in: subscriptions)
        dateSelector.changed.subscribe { [weak self] in self?.updateActions() }.store(in: subscriptions)
        pictureView.pictureClicked.subscribe { [weak self] in
            guard let self, let entry = self.entry else { return }
            self.detailRequested.emit(entry)
        }.store(in: subscriptions)
        pictureView.largerPictureNeeded.subscribe { [weak self] box in
            guard let self, let entry = self.entry else { return }
            self.loadPicture(for: entry, fitting: box)
        }.store(in: subscriptions)
        pictureView.linkActivated.subscribe { [weak self] url in self?.openWebLink(url) }.store(in: subscriptions)
        explanationLabel.onActivateLink { [weak self] uri in self?.activateLink(uri) }
        pictureView.playRequested.subscribe { [weak self] in
            guard let self, let entry = self.entry else { return }
            self.videoPlayback.play(entry) { [weak self] url in self?.openWebLink(url) }
        }.store(in: subscriptions)
        videoPlayer.becameReady.subscribe { [weak self] in self?.pictureView.showVideo() }.store(in: subscriptions)
        videoPlayer.failed.subscribe { [weak self] message in self?.videoFailed(message) }.store(in: subscriptions)
    }

    /// A link in Today's explanation: another APOD day is shown here, as the detail window
    /// does; other web addresses open in the browser. Returns the address acted on.
    @discardableResult
    func activateLink(_ uri: String) -> URL? {
        guard let url = URL(string: uri), WebURL.isWeb(url) else { return nil }
        if let day = APODDayLink.day(of: url) {
            show(day: day)
        } else {
            openWebLink(url)
        }
        return url
    }

    private func openWebLink(_ url: URL) {
        window.openWebLink(url, reportingTo: banner, toasts: toasts)
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
            warnWhy(
                tr("There is no picture for {date} yet: showing the latest one instead.", ["date": day.displayString]))
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
        videoPlayer.stop()
        pictureView.showLoading()
        // While a day loads, nothing of another day stays beside the spinner.
        if !isShowing(request) {
            entry = nil
            showsEntryText = false
            translation?.reset()
            updateActions()
        }
        if case .day(let day) = request { daySubtitle = day.displayString }
        let source = environment.source
        StartupTrace.mark(.entryAsked)
        entryWork.start(
            {
                switch request {
                case .latest: return try await source.latest()
                case .day(let day): return try await source.entry(for: day)
                }
            },
            then: { [weak self] result in
                switch result {
                case .success(let entry):
                    self?.entryLoaded.emit()
                    self?.present(entry)
                case .failure(let error):
                    if OfflineFallback.isUnreachable(error), self?.fallBackOffline?() == true { return }
                    self?.fail(error)
                }
            })
    }

    /// The request gave no entry: a day APOD skipped (a calm empty state, not an error), a day
    /// not stored offline, or a failure with Retry, in place of the picture. A notice about
    /// which day is shown stays in the banner above.
    private func fail(_ error: any Error) {
        entry = nil
        showsEntryText = false
        translation?.reset()
        updateActions()
        switch error as? APODError {
        case .noEntry(let day)?:
            daySubtitle = day.displayString
            pictureView.showStatus(.skippedDay(day))
        case .notStoredOffline?:
            pictureView.showStatus(.notStored(userMessage(for: error)))
        default:
            pictureView.showStatus(.failed(userMessage(for: error)))
        }
    }

    /// Whether the request is for the entry shown already (F5, Retry): then its text stays
    /// while it loads again.
    private func isShowing(_ request: Request) -> Bool {
        guard let entry else { return false }
        switch request {
        case .latest: return entry.date == environment.calendar.validRange.upperBound
        case .day(let day): return entry.date == day
        }
    }

    /// The title, date, credit, Open Details and explanation: shown only with their entry,
    /// never while another day loads or failed (and not on the first load either).
    private var showsEntryText: Bool {
        get { caption.root.isVisible }
        set {
            caption.root.isVisible = newValue
            detailsButton.isVisible = newValue
            explanationScroller.isVisible = newValue
        }
    }

    private func present(_ entry: APODEntry) {
        self.entry = entry
        showsEntryText = true
        translation?.load(entry)
        showText(of: entry)
        daySubtitle = entry.date.displayString
        dateSelector.select(entry.date)
        updateActions()
        if case .latest = request, notice == nil, offlineBanner.isShown || isStoredOnly?() == true {
            notices.explainNewestStored(entry.date)
        }
        loadPicture(for: entry)
        if entry.lacksVideoAddress { completeVideoAddress(of: entry) }
        entryPresented.emit(entry)
    }

    /// A video day that came without its player's address (science.nasa.gov keeps it in the
    /// entry's page) asks the source for it as it is shown, once (the source keeps it): an
    /// APOD-hosted video then plays in place of its poster, a Vimeo day without a poster
    /// gets its still, and the play button names the host.
    private func completeVideoAddress(of entry: APODEntry) {
        let source = environment.source
        addressWork.start(
            {
                try await source.withVideoAddresses([entry]).first ?? entry
            },
            then: { [weak self] result in
                guard let self, case .success(let completed) = result, !completed.lacksVideoAddress,
                    self.entry?.date == entry.date, self.entry?.lacksVideoAddress == true
                else { return }
                self.entry = completed
                self.pictureView.playButton.tooltip = completed.playTooltip
                self.pictureView.playButton.setAccessibleLabel(completed.playTooltip)
                if let address = completed.hostedVideoURL {
                    self.videoPlayer.load(address, playing: false)
                } else if completed.displayPictureURL == nil {
                    self.loadPicture(for: completed)
                }
            })
    }

    /// Explanations changed language in Preferences: the entry's text again, asked anew.
    func refreshTranslation() {
        guard let translation, let entry else { return }
        translation.reset()
        translation.load(entry)
        showText(of: entry)
    }

    /// The caption and explanation, in Chinese when the translation has come and is chosen.
    private func showText(of entry: APODEntry) {
        let shown = translation?.shown(entry) ?? entry
        caption.show(shown)
        showExplanation(of: shown)
    }

    private func showExplanation(of entry: APODEntry) {
        if entry.explanation.isEmpty {
            explanationLabel.text = tr("No explanation was published for this day.")
        } else {
            explanationLabel.setMarkup(
                LinkMarkup.markup(LinkedText.runs(entry.shownExplanation.text, links: entry.explanationLinks)))
        }
    }

    /// Loads the entry's picture decoded to fit the picture area (or `box`, when the area grew
    /// past the picture on screen: that one stays until the larger decode is ready).
    private func loadPicture(for entry: APODEntry, fitting box: PixelSize? = nil) {
        let playsHere = entry.hostedVideoURL != nil
        if box == nil, let address = entry.hostedVideoURL { videoPlayer.load(address, playing: false) }
        guard let url = entry.displayPictureURL else {
            if playsHere {
                pictureView.showLoading()
            } else if entry.mediaType == .video {
                loadDerivedStill(for: entry, fitting: box)
            } else {
                pictureView.showStatus(.noPicture(entry.webPageURL))
            }
            return
        }
        if box == nil { pictureView.showLoading() }
        let fit = box ?? pictureView.decodeBox(fallback: expectedPictureArea)
        let pictures = environment.pictures
        StartupTrace.mark(.pictureAsked, "\(fit.width)x\(fit.height)")
        pictureWork.start(
            {
                try await pictures.picture(from: url, for: .display, fitting: fit)
            },
            then: { [weak self] result in
                switch result {
                case .success(let image):
                    guard let self else { return }
                    // The video's first frame came first: the still stays behind it.
                    if self.videoPlayer.state == .ready { return }
                    self.pictureView.show(
                        image, altText: entry.pictureDescription,
                        playable: entry.mediaType == .video && !self.videoPlayer.isBusy)
                    self.pictureView.playButton.tooltip = entry.playTooltip
                    self.pictureView.playButton.setAccessibleLabel(entry.playTooltip)
                    if case .failed(let message) = self.videoPlayer.state { self.pictureView.videoNotice.show(message) }
                    self.pictureView.animation.start { try await pictures.animation(from: url, for: .display) }
                case .failure(let error):
                    guard let self else { return }
                    if self.videoPlayer.state == .ready { return }
                    self.pictureView.showStatus(.pictureFailed(userMessage(for: error), entry.webPageURL))
                }
            })
    }

    /// A video day without a poster: the still its player's address gives (YouTube's, Vimeo's
    /// oEmbed), else the placeholder naming the host.
    private func loadDerivedStill(for entry: APODEntry, fitting box: PixelSize?) {
        if box == nil { pictureView.showLoading() }
        let fit = box ?? pictureView.decodeBox(fallback: expectedPictureArea)
        let pictures = environment.pictures
        pictureWork.start(
            {
                try await pictures.derivedStill(of: entry, for: .display, fitting: fit).image
            },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let image):
                    self.pictureView.show(image, altText: entry.pictureDescription, playable: true)
                    self.pictureView.playButton.tooltip = entry.playTooltip
                    self.pictureView.playButton.setAccessibleLabel(entry.playTooltip)
                case .failure:
                    self.pictureView.showPlaceholder(host: entry.videoHost)
                }
            })
    }

    /// The picture area the window will give Today at its default size, in logical pixels: what
    /// a picture asked for before the first allocation (a start asks before the window is even
    /// presented) is decoded to fit. The window's size less the page's margins, the text column
    /// beside the picture, the header bar and the day row, as they measure now.
    var expectedPictureArea: PixelSize {
        let size = Self.defaultSize
        let margin = Self.pageMargin
        let pageWidth = size.width - 2 * margin.side
        let width = pageWidth - Self.bodySpacing - Self.textColumnWidth
        let height =
            size.height - header.naturalHeight(forWidth: size.width) - margin.top - margin.bottom - Self.pageSpacing
            - navigation.root.naturalHeight(forWidth: pageWidth)
        return PixelSize(width: max(1, width), height: max(1, height))
    }

    private func updateActions() {
        clipboard.update()
        navigation.updateSteps(from: entry?.date ?? dateSelector.selectedDay)
    }

    /// The video cannot be played here: the still (when there is one) with why and Open in
    /// Browser, or the status page saying so.
    private func videoFailed(_ message: String) {
        guard let entry else { return }
        let page = pictureView.page
        if page == .picture {
            pictureView.playButton.isVisible = true
            pictureView.videoNotice.show(message)
        } else if page == .video || page == .loading, entry.displayPictureURL == nil {
            pictureView.showStatus(.pictureFailed(message, entry.playableURL ?? entry.webPageURL))
        } else if page == .video {
            loadPicture(for: entry, fitting: pictureView.decodeBox(fallback: expectedPictureArea))
        }
    }

    /// From the window's first destroy handler: one a view built later adds runs after the
    /// registry has let the window and its views go.
    private func cancelWork() {
        randomView?.cancelAll()
        browseView?.close()
        translation?.cancel()
        entryWork.cancel()
        pictureWork.cancel()
        addressWork.cancel()
        videoPlayback.cancel()
        videoPlayer.stop()
    }
}
