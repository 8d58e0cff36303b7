import APODCore
import GtkKit
import XCTest

@testable import APODViewer

final class MainWindowTests: GUITestCase, @unchecked Sendable {
    private var main: MainWindow { MainActor.assumeIsolated { app.mainWindow! } }

    func testOpensOnTheLatestPictureWithTitleDateAndCopyright() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2020-12-17", title: "The Great Conjunction"),
                entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg"),
            ])
            try start(source)
            XCTAssertEqual(main.window.title, "APOD Viewer")
            waitUntil("the picture is shown") { main.pictureView.picture.shownPixelSize != nil }
            XCTAssertEqual(main.caption.titleLabel.text, "Latest Sky")
            XCTAssertEqual(main.caption.dateLabel.text, "2026 Nov. 28")
            XCTAssertEqual(main.caption.creditLabel.text, "© Ada Lovelace")
            XCTAssertEqual(main.dateSelector.selectedDay, APODDay("2026-11-28"))
            XCTAssertEqual(source.requests.first, "latest")
        }
    }

    /// A start asks for its picture before the window is presented, so before Today's picture
    /// area has a size: it is decoded to fit the area the window is expected to give it at its
    /// default size (not the whole window, which cost libjpeg a larger scale), close to the real one.
    func testThePictureAreaExpectedBeforeTheFirstAllocationIsTheOneGiven() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky", picture: "/1200x800.jpg")]))
            waitUntil("the picture is shown") { main.pictureView.picture.shownPixelSize != nil }
            waitForFrames()
            XCTAssertTrue(main.showsTextBesidePicture, "the window is wide, as at its default size")
            let expected = main.expectedPictureArea
            let area = main.pictureView.root
            XCTAssertLessThan(abs(expected.width - area.width), area.width / 20, "\(expected) for \(area.width)")
            XCTAssertLessThan(abs(expected.height - area.height), area.height / 10, "\(expected) for \(area.height)")
        }
    }

    func testShowingADateTypedInTheSpinButtonsLoadsItsPicture() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2020-12-17", title: "The Great Conjunction", picture: "/1600x1000.jpg", copyright: nil),
                entry("2026-11-28", title: "Latest Sky", picture: "/320x200.jpg"),
            ])
            try start(source)
            waitUntil("the latest picture is shown") {
                main.caption.titleLabel.text == "Latest Sky" && main.pictureView.page == .picture
            }
            main.dateSelector.year.typeText("2020")
            main.dateSelector.year.commitText()
            main.dateSelector.month.typeText("12")
            main.dateSelector.month.commitText()
            main.dateSelector.day.typeText("17")
            main.dateSelector.day.pressEnter()
            waitUntil("2020-12-17 is shown") {
                main.caption.titleLabel.text == "The Great Conjunction"
                    && main.pictureView.shownImage?.originalWidth == 1600
            }
            XCTAssertEqual(main.pictureView.shownImage?.originalHeight, 1000)
            XCTAssertEqual(main.caption.dateLabel.text, "2020 Dec. 17")
            XCTAssertFalse(main.caption.creditLabel.isVisible, "no copyright line for public-domain entries")
            XCTAssertTrue(source.requests.contains("entry 2020-12-17"))
            XCTAssertEqual(pictures.fetcher.purpose(for: pictures.url("/1600x1000.jpg")), .display)
        }
    }

    func testShowButtonAndDayButtonsFollowTheSelection() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2026-11-27", title: "Day Before"),
                entry("2026-11-28", title: "Latest Sky"),
                entry("2026-11-29", title: "Today Sky"),
            ])
            try start(source, options: ViewerOptions(initialDay: APODDay("2026-11-28")))
            waitUntil("the --date day is shown") { main.caption.titleLabel.text == "Latest Sky" }
            XCTAssertTrue(main.window.activateAction(WindowAction.previousDay))
            waitUntil("the previous day is shown") { main.caption.titleLabel.text == "Day Before" }
            main.window.activateAction(WindowAction.nextDay)
            waitUntil("the next day is shown") { main.caption.titleLabel.text == "Latest Sky" }
            main.dateSelector.select(APODDay("2026-11-29")!)
            main.navigation.showButton.activate()
            waitUntil("the selected day is shown") { main.caption.titleLabel.text == "Today Sky" }
            XCTAssertFalse(main.navigation.nextButton.isSensitive, "no next day after today")
            main.window.activateAction(WindowAction.today)
            waitUntil("the latest entry is asked for") { source.requests.last == "latest" }
        }
    }

    /// A slow service (about a second a day, as the real one): while a day loads, the window
    /// shows nothing of another day, and on the first load no Open Details floats alone.
    func testWhileADayLoadsNothingOfAnotherDayIsShown() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("2026-11-27", title: "Day Before"),
                entry("2026-11-28", title: "Latest Sky"),
            ])
            source.setLatestDelay(1)
            try start(source)
            waitUntil("the first load started") { source.requests.first == "latest" }
            XCTAssertEqual(main.pictureView.page, .loading)
            XCTAssertFalse(main.detailsButton.isVisible, "no Open Details before there is an entry")
            XCTAssertFalse(main.caption.root.isVisible)
            XCTAssertFalse(main.explanationScroller.isVisible)
            waitUntil("the latest day is shown") { main.caption.titleLabel.text == "Latest Sky" }
            XCTAssertTrue(main.detailsButton.isVisible)
            XCTAssertTrue(main.explanationScroller.isVisible)

            source.setAnswerDelay(2)
            main.show(day: APODDay("2026-11-27")!)
            XCTAssertEqual(main.pictureView.page, .loading)
            XCTAssertFalse(main.caption.root.isVisible, "the latest day's title does not stay beside the spinner")
            XCTAssertFalse(main.explanationScroller.isVisible, "nor its explanation")
            XCTAssertFalse(main.detailsButton.isVisible)
            XCTAssertNil(main.entry, "Copy Link and the star do not act on the day that went")
            waitForFrames()
            saveScreenshot(of: main.window, named: "today-loading-another-day")
            waitUntil("the day before is shown") { main.caption.titleLabel.text == "Day Before" }
            XCTAssertTrue(main.caption.root.isVisible)

            // F5 on the day shown keeps its text while it loads again.
            main.reload()
            XCTAssertTrue(main.caption.root.isVisible)
            XCTAssertEqual(main.entry?.date, APODDay("2026-11-27"))
        }
    }

    func testSpinLimitsFollowTheArchiveAndTheMonth() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            let selector = main.dateSelector
            XCTAssertEqual(selector.year.range, 1995...2026)

            selector.select(APODDay("1995-06-16")!)
            XCTAssertEqual(selector.month.range, 6...12, "nothing before June 1995")
            XCTAssertEqual(selector.day.range, 16...31, "nothing before the 16th")
            selector.select(APODDay("1990-01-01")!)
            XCTAssertEqual(selector.selectedDay, APODDay("1995-06-16"), "earlier days clamp to the first APOD")

            selector.select(APODDay("2026-11-05")!)
            XCTAssertEqual(selector.month.range, 1...11, "no month after today's")
            XCTAssertEqual(selector.day.range, 1...29, "no day after today (US Eastern)")
            selector.select(APODDay("2027-03-01")!)
            XCTAssertEqual(selector.selectedDay, APODDay("2026-11-29"))

            selector.select(APODDay("2024-01-31")!)
            selector.month.value = 2
            XCTAssertEqual(selector.day.value, 31, "changing the month does not silently move the day")
            XCTAssertEqual(selector.impossibleDayMessage, "2024 has no Feb. 31.")
            selector.day.value = 29
            XCTAssertNil(selector.impossibleDayMessage)
            XCTAssertEqual(selector.selectedDay, APODDay("2024-02-29"))
            selector.year.value = 2023
            XCTAssertEqual(selector.impossibleDayMessage, "2023 has no Feb. 29.")
            selector.month.value = 4
            XCTAssertNil(selector.impossibleDayMessage)
            selector.year.value = 1995
            XCTAssertEqual(selector.month.range, 6...12)
            XCTAssertEqual(selector.selectedDay, APODDay("1995-06-29"), "April 1995 is before the archive: June")
        }
    }

    func testADateOutsideTheArchiveOpensOnTheNearestDayAndSaysWhy() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [
                entry("1995-06-16", title: "First Sky"), entry("2026-11-29", title: "Today Sky"),
            ])
            try start(source, options: ViewerOptions(initialDay: APODDay("1990-01-01")))
            waitUntil("the first day of the archive is shown") { main.caption.titleLabel.text == "First Sky" }
            XCTAssertEqual(
                main.banner.message,
                APODError.dateOutOfRange(
                    APODDay("1990-01-01")!, first: APODDay("1995-06-16")!,
                    last: Self.today
                ).message)
            XCTAssertEqual(main.banner.root.kind, .warning, "a warning: another day is shown, nothing failed")
            XCTAssertEqual(source.requests, ["entry 1995-06-16"])

            app.application.activateAction(AppAction.showDate, string: "2027-01-01")
            waitUntil("the latest picture is shown") { main.caption.titleLabel.text == "Today Sky" }
            XCTAssertEqual(
                main.banner.message, "There is no picture for 2027 Jan. 1 yet: showing the latest one instead.")
            source.setFailure(.serviceError(status: 503))
            app.application.activateAction(AppAction.showDate, string: "1980-01-01")
            waitUntil("the failure is shown") { main.pictureView.page == .failure }
            XCTAssertEqual(main.pictureView.status, .failed(APODError.serviceError(status: 503).message))
            XCTAssertEqual(
                main.banner.message,
                APODError.dateOutOfRange(
                    APODDay("1980-01-01")!, first: APODDay("1995-06-16")!,
                    last: Self.today
                ).message,
                "the failure does not hide why that day")

            source.setFailure(nil)
            main.window.activateAction(WindowAction.today)
            waitUntil("the next request clears the notice") {
                source.requests.last == "latest" && main.banner.message == nil
            }
        }
    }

    func testAnErrorFromTheServiceIsShownWithRetry() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")])
            source.setFailure(.serviceError(status: 503))
            try start(source)
            waitUntil("the error is shown") { main.pictureView.page == .failure }
            let page = main.pictureView.failurePage
            XCTAssertEqual(page.descriptionText, APODError.serviceError(status: 503).message)
            XCTAssertEqual(page.shownButtons.map(\.label), ["_Retry"])
            XCTAssertNil(main.banner.message, "said once, in place of the picture")
            waitForFrames()
            saveScreenshot(of: main.window, named: "main-window-error")

            source.setFailure(nil)
            XCTAssertTrue(page.shownButtons[0].activate())
            waitUntil("retry shows the entry") {
                main.caption.titleLabel.text == "Latest Sky" && main.pictureView.page == .picture
            }
            XCTAssertNil(main.pictureView.status)
        }
    }

    func testAMissingDayAndAnUnreadablePictureSayWhy() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Broken Picture", picture: "/missing")])
            try start(source)
            waitUntil("the picture fails") { main.pictureView.page == .failure }
            XCTAssertEqual(main.caption.titleLabel.text, "Broken Picture", "the entry's text is still shown")
            XCTAssertEqual(main.pictureView.failurePage.descriptionText, APODError.notAnImage.message)
            XCTAssertEqual(
                main.pictureView.failurePage.shownButtons.map(\.label), [nil], "Open Web Page (an icon and a label)")

            main.show(day: APODDay("2020-06-10")!)
            waitUntil("the missing day is shown as an empty state") { main.isShowingEmptyDay }
            XCTAssertNil(main.banner.message, "a day without an entry is not an error")
            XCTAssertFalse(
                main.caption.root.isVisible, "the previous entry's title and date are not left under the error")
            XCTAssertNil(main.entry)
        }
    }

    func testTitlesWithAmpersandsAndTagsShowLiterally() throws {
        try MainActor.assumeIsolated {
            let title = "Stars & <b>Gas</b> <i>in</i> M16 &amp; more"
            try start(FakeSource(entries: [entry("2026-11-28", title: title, copyright: "A & B <Observatory>")]))
            waitUntil("the title is shown") { main.caption.titleLabel.text == title }
            XCTAssertFalse(main.caption.titleLabel.usesMarkup)
            XCTAssertEqual(main.caption.creditLabel.text, "© A & B <Observatory>")
        }
    }

    func testVideoDaysShowThePosterWithAPlayButton() throws {
        try MainActor.assumeIsolated {
            try start(
                FakeSource(entries: [entry("2026-11-28", title: "A Video", picture: "/640x360.jpg", media: .video)]))
            waitUntil("the poster is shown") { main.pictureView.picture.shownPixelSize != nil }
            XCTAssertTrue(main.pictureView.playButton.isVisible)
        }
    }

    /// A video that came without its player's address (a synced or listed day) gets it from the
    /// source once, as Today shows it (an APOD-hosted video then plays in place); Play uses it,
    /// on the poster and on the placeholder of a video without one. The address here is a local
    /// file, so the window's refusal shows it was used.
    func testTodayAsksTheSourceForTheVideoAddressOnceAndPlayUsesIt() throws {
        try MainActor.assumeIsolated {
            var poster = entry("2026-11-28", title: "A Video", picture: "/640x360.jpg", media: .video)
            poster.videoURL = nil
            var bare = entry("2026-11-27", title: "No Poster", media: .video)
            bare.videoURL = nil
            bare.thumbnailURL = nil
            let source = FakeSource(entries: [poster, bare])
            let player = URL(string: "file:///usr/share/applications/org.gnome.Terminal.desktop")!
            source.setPlayers([poster.date: player, bare.date: player])
            try start(source)
            waitUntil("the poster is shown") { main.pictureView.picture.shownPixelSize != nil }
            XCTAssertTrue(main.pictureView.playButton.isVisible)
            waitUntil("the address is asked for") { main.entry?.lacksVideoAddress == false }
            XCTAssertEqual(source.requests.filter { $0.hasPrefix("videos") }, ["videos 2026-11-28"])
            main.pictureView.playButton.activate()
            waitUntil("the fetched address is refused") { main.banner.message != nil }
            XCTAssertEqual(main.banner.message, APODError.unsupportedURL.message)
            XCTAssertEqual(source.requests.filter { $0.hasPrefix("videos") }, ["videos 2026-11-28"])

            main.banner.hide()
            main.show(day: bare.date)
            waitUntil("the video's placeholder is shown, its address asked for") {
                main.pictureView.page == .placeholder && main.entry?.lacksVideoAddress == false
            }
            let playVideo = main.pictureView.placeholder.playButton
            XCTAssertEqual(playVideo.textLabel?.text, "Play Video")
            playVideo.activate()
            waitUntil("the placeholder plays what the source gave") { main.banner.message != nil }
            XCTAssertEqual(
                source.requests.filter { $0.hasPrefix("videos") }, ["videos 2026-11-28", "videos 2026-11-27"])
        }
    }

    func testOtherDaysShowAPlaceholderWithTheWebPage() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Something Else", media: .other)]))
            waitUntil("the status page is shown") { main.pictureView.page == .status }
            XCTAssertEqual(main.pictureView.statusPage.title, "No picture for this day")
            XCTAssertFalse(main.pictureView.playButton.isVisible)
        }
    }

    func testShortcutsAreBoundAsAccelerators() throws {
        try MainActor.assumeIsolated {
            try start(FakeSource(entries: [entry("2026-11-28", title: "Latest Sky")]))
            let expected = [
                "win.previous-day": "<Alt>Left", "win.next-day": "<Alt>Right", "win.today": "<Alt>Home",
                "app.random(0)": "<Control>r", "win.reload": "F5", "window.close": "<Control>w",
                "app.quit": "<Control>q",
            ]
            for (action, accelerator) in expected {
                XCTAssertEqual(app.application.accelerators(for: action), [accelerator], action)
            }
        }
    }

    func testThePictureOpensItsDetailWindowFromTheKeyboard() throws {
        try MainActor.assumeIsolated {
            var latest = entry("2026-11-28", title: "Latest Sky")
            latest.altText = "A faint comet tail over a snowy ridge"
            try start(FakeSource(entries: [latest]))
            waitUntil("the picture is shown") { main.pictureView.page == .picture }
            let button = main.pictureView.pictureButton
            XCTAssertTrue(button.isFocusable, "Tab reaches the picture")
            XCTAssertEqual(button.tooltip, "A faint comet tail over a snowy ridge")
            XCTAssertEqual(main.pictureView.picture.alternativeText, "A faint comet tail over a snowy ridge")
            XCTAssertTrue(button.activate(), "Enter or Space activates it")
            waitUntil("the detail window opened") { app.detailWindows[APODDay("2026-11-28")!] != nil }
            XCTAssertEqual(app.detailWindows[APODDay("2026-11-28")!]?.window.title, "Latest Sky")
        }
    }

    /// A tall picture (beside the explanation its height is what limits it): decoded to fit
    /// the area, and again when the area grows a lot.
    func testThePictureIsDecodedToFitItsAreaAndAgainWhenTheAreaGrowsALot() throws {
        try MainActor.assumeIsolated {
            let source = FakeSource(entries: [entry("2026-11-28", title: "Tall Sky", picture: "/1000x3200.jpg")])
            try start(source)
            waitUntil("the picture is shown") { main.pictureView.shownImage != nil }
            let area = main.pictureView.root
            main.window.resize(width: 1180, height: 600)
            waitForFrames()
            main.reload()
            waitUntil("decoded again for the smaller area") {
                main.pictureView.page == .picture
                    && (main.pictureView.shownImage?.height ?? .max) <= area.height * area.scaleFactor
            }
            let first = try XCTUnwrap(main.pictureView.shownImage)
            XCTAssertEqual(first.originalHeight, 3200)
            let scale = area.scaleFactor
            XCTAssertLessThanOrEqual(
                first.height, max(area.height, MainWindow.defaultSize.height) * scale,
                "not taller than the area (or the window, before it was laid out)")

            main.window.resize(width: 1180, height: 1000)
            waitUntil("decoded again for the larger area") {
                (main.pictureView.shownImage?.height ?? 0) > first.height * 5 / 4
            }
            XCTAssertLessThanOrEqual(main.pictureView.shownImage!.height, area.height * area.scaleFactor)
            XCTAssertEqual(main.pictureView.page, .picture)
            XCTAssertEqual(pictures.fetcher.purpose(for: pictures.url("/1000x3200.jpg")), .display)
        }
    }
}
