import APODCore
import CGtk
import GtkKit
import XCTest

@testable import APODViewer

final class DetailWindowTests: GUITestCase, @unchecked Sendable {
    @MainActor
    private func openDetail(_ entry: APODEntry) throws -> DetailWindow {
        let source = FakeSource(entries: [entry], random: [entry])
        try start(source, options: ViewerOptions(randomCount: 1))
        let grid = try XCTUnwrap(app.randomView)
        waitUntil("the grid cell exists") { grid.cells.count == 1 }
        grid.flowBox.activate(grid.cells[0])
        return try XCTUnwrap(app.detailWindows[entry.date])
    }

    /// GTK focuses the first focusable widget of a new window: the selectable explanation,
    /// whose caret then blinks before its first word. Nothing has the focus until the user
    /// gives it (Tab still starts at the top).
    func testTheExplanationHasNoCaretWhenTheWindowOpens() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(entry("2020-12-17", title: "The Great Conjunction"))
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil }
            waitForFrames()
            XCTAssertEqual(gtk_widget_has_focus(detail.explanationLabel.widgetPointer), 0)
            XCTAssertNil(gtk_window_get_focus(UnsafeMutablePointer(OpaquePointer(detail.window.widgetPointer))))
        }
    }

    func testActivatingAGridChildOpensTheDetailWithAllItsText() throws {
        try MainActor.assumeIsolated {
            var conjunction = entry(
                "2020-12-17", title: "The Great Conjunction & <b>Saturn</b>",
                picture: "/2000x1300.jpg", copyright: "Ada & Co")
            conjunction.explanation =
                "Jupiter and Saturn < 0.1° apart: a once-in-800-years <em>sight</em> & more.\r\nSecond line."
            // Its own HD address: the grid asks for the normal one, and the recorded purpose of a
            // shared address depended on which request came last.
            conjunction.hdImageURL = pictures.url("/hd/2000x1300.jpg")
            let detail = try openDetail(conjunction)
            XCTAssertEqual(detail.window.title, "The Great Conjunction & <b>Saturn</b>")
            XCTAssertEqual(detail.caption.dateLabel.text, "2020 Dec. 17")
            XCTAssertEqual(detail.caption.titleLabel.text, "The Great Conjunction & <b>Saturn</b>")
            XCTAssertEqual(detail.caption.creditLabel.text, "© Ada & Co")
            // Shown through the app's link markup, whose parser reads "\r\n" as "\n".
            XCTAssertEqual(
                detail.explanationLabel.text, conjunction.explanation.replacingOccurrences(of: "\r\n", with: "\n"))
            for label in [
                detail.caption.dateLabel, detail.caption.titleLabel, detail.caption.creditLabel,
                detail.explanationLabel,
            ] {
                XCTAssertTrue(detail.scroller.contains(label), "\(label.text) is inside the scrolled window")
                XCTAssertEqual(label.usesMarkup, label === detail.explanationLabel, "only the app's own link markup")
                XCTAssertTrue(label.isWrapping)
            }
            XCTAssertTrue(detail.scroller.scrollsOnlyVertically)
            XCTAssertTrue(detail.explanationLabel.isSelectable)

            waitUntil("the HD picture is shown") { detail.picture.shownPixelSize != nil }
            XCTAssertEqual(detail.pictureArea.shown?.image.originalWidth, 2000)
            XCTAssertEqual(pictures.fetcher.purpose(for: conjunction.hdImageURL!), .hd)
            XCTAssertTrue(detail.header.saveButton.isSensitive)
        }
    }

    func testEverythingIsReachableByScrollingInASmallWindow() throws {
        try MainActor.assumeIsolated {
            var long = entry("2019-01-01", title: "A Long Story", picture: "/1200x900.jpg")
            long.explanation = String(repeating: "Stars are born in clouds of gas and dust. ", count: 60)
            let detail = try openDetail(long)
            detail.window.resize(width: 420, height: 360)
            waitUntil("the picture is shown and laid out small") {
                detail.picture.shownPixelSize != nil && detail.scroller.height > 0 && detail.scroller.height < 360
            }
            waitForFrames()
            let range = detail.scroller.verticalScrollRange
            XCTAssertGreaterThan(range.upper, range.pageSize, "content taller than the window scrolls")
            detail.scroller.scrollToEnd()
            waitForFrames()
            let end = detail.scroller.verticalScrollRange
            XCTAssertEqual(end.value + end.pageSize, end.upper, accuracy: 1, "the end of the explanation is reachable")
        }
    }

    func testFallsBackToTheNormalPictureWhenHDFails() throws {
        try MainActor.assumeIsolated {
            var fallback = entry("2018-05-05", title: "Fallback", picture: "/900x600.jpg")
            fallback.hdImageURL = pictures.url("/missing")
            let detail = try openDetail(fallback)
            waitUntil("the normal picture is shown") { detail.pictureArea.shown?.image.originalWidth == 900 }
            XCTAssertNil(detail.banner.message)
        }
    }

    func testAVideoShowsItsStillWithAPlayButton() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(entry("2018-05-09", title: "A Video", picture: "/640x360.jpg", media: .video))
            waitUntil("the still is shown") { detail.pictureArea.shown?.image.originalWidth == 640 }
            XCTAssertNotNil(detail.playButton)
            XCTAssertNil(try openDetailOfImage().playButton)
        }
    }

    /// A video from a grid or a search has no player yet: the window asks the source for it
    /// as it shows the day, and Play uses it.
    func testAVideosMissingAddressIsFetchedThroughTheSourceAndPlayUsesIt() throws {
        try MainActor.assumeIsolated {
            var video = entry("2018-05-09", title: "A Video", picture: "/640x360.jpg", media: .video)
            video.videoURL = nil
            let source = FakeSource(entries: [video])
            source.setPlayers([video.date: URL(string: "file:///etc/passwd")!])
            try start(source)
            app.openDetail(for: video)
            let detail = try XCTUnwrap(app.detailWindows[video.date])
            waitUntil("the still is shown") { detail.pictureArea.shown?.image.originalWidth == 640 }
            try XCTUnwrap(detail.playButton).activate()
            waitUntil("the fetched address is refused") { detail.banner.message != nil }
            XCTAssertEqual(detail.banner.message, APODError.unsupportedURL.message)
            // Today shows the same day and asks too (a caching source answers the second from
            // what it kept; this fake asks each time); Play asks no more.
            XCTAssertEqual(
                source.requests.filter { $0.hasPrefix("videos") }, ["videos 2018-05-09", "videos 2018-05-09"])
        }
    }

    @MainActor
    private func openDetailOfImage() throws -> DetailWindow {
        let image = entry("2018-05-10", title: "An Image")
        app.openDetail(for: image)
        return try XCTUnwrap(app.detailWindows[image.date])
    }

    func testAnEntryWithoutPicturesSaysSo() throws {
        try MainActor.assumeIsolated {
            let other = entry("2018-05-06", title: "Other Media", media: .other)
            let detail = try openDetail(other)
            XCTAssertEqual(detail.pictureArea.page, .missing)
            XCTAssertFalse(detail.header.saveButton.isSensitive)
        }
    }

    func testCloseActionClosesTheWindowAndForgetsIt() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(entry("2018-05-07", title: "Closing"))
            XCTAssertTrue(detail.window.activateAction(GtkWindowAction.close))
            waitUntil("the window is gone") { app.detailWindows.isEmpty }
            XCTAssertTrue(detail.window.isDestroyed)
        }
    }

    func testSavesTheShownPictureAndCopiesItsLink() throws {
        try MainActor.assumeIsolated {
            let item = entry("2018-05-08", title: "Saving", picture: "/1000x700.jpg")
            let detail = try openDetail(item)
            waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil }
            XCTAssertEqual(item.suggestedFileName, "2018-05-08-saving.jpg")

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-save-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let target = folder.appendingPathComponent(item.suggestedFileName)
            detail.savePicture(to: target.path)
            waitUntil("the file is written") { FileManager.default.fileExists(atPath: target.path) }
            let saved = try Data(contentsOf: target)
            XCTAssertEqual(Array(saved.prefix(3)), [0xFF, 0xD8, 0xFF], "the JPEG bytes as served")

            detail.savePicture(to: folder.appendingPathComponent("missing/sub/dir.jpg").path)
            waitUntil("the failure is reported") { detail.banner.message != nil }
            XCTAssertTrue(detail.banner.message?.contains("Could not save") ?? false)
            XCTAssertEqual(detail.banner.root.kind, .error)

            detail.clipboard.copyPictureLink()
            XCTAssertEqual(detail.window.localClipboardText, item.hdImageURL?.absoluteString)
        }
    }

    /// A 3 MB title and explanation kept pango busy on the main thread for minutes: the labels
    /// get bounded text and the whole is one click away on the clipboard.
    func testAHugeTitleAndExplanationShowPromptlyBoundedWithTheFullTextToCopy() throws {
        try MainActor.assumeIsolated {
            var huge = entry(
                "2018-05-09", title: String(repeating: "Endless title ", count: 220_000), picture: "/800x600.jpg")
            huge.explanation = String(repeating: "An endless explanation. ", count: 130_000)
            let detail = try openDetail(huge)
            XCTAssertTrue(detail.fullTextButton.isVisible, "offered when text was cut")
            waitUntil("the window is drawn with its picture", timeout: 20) { detail.picture.shownPixelSize != nil }
            waitForFrames()
            XCTAssertLessThanOrEqual(detail.caption.titleLabel.text.count, BoundedText.titleLimit)
            XCTAssertLessThanOrEqual(detail.window.title.count, BoundedText.titleLimit)
            XCTAssertLessThanOrEqual(detail.explanationLabel.text.count, BoundedText.explanationLimit)
            XCTAssertTrue(detail.explanationLabel.text.hasSuffix("…"))
            XCTAssertLessThanOrEqual(
                try XCTUnwrap(app.randomView).cells[0].titleLabel.text.count, BoundedText.titleLimit)

            XCTAssertTrue(detail.fullTextButton.activate())
            waitUntil("the button's click is handled") { detail.toasts.isShown }
            XCTAssertEqual(detail.toasts.text, "The full text is on the clipboard.")
            let copied = try XCTUnwrap(detail.window.localClipboardText)
            XCTAssertTrue(copied == huge.fullText, "the whole text is copied (\(copied.utf8.count) bytes)")
            XCTAssertTrue(copied.hasPrefix("Endless title Endless title"))
        }
    }

    func testTheFullTextButtonIsHiddenWhenEverythingFits() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(entry("2018-05-10", title: "Short", picture: "/800x600.jpg"))
            XCTAssertFalse(detail.fullTextButton.isVisible)
        }
    }

    /// The save button opens the file chooser (SaveDialog) with the suggested name; cancelling it
    /// closes it without writing anything or reporting an error. (Accepting is tested through
    /// the portal below: answering the in-process fallback dialog programmatically does not
    /// carry a folder set from outside through to GtkFileChooserNative.)
    func testTheSaveButtonOpensTheDialogWithTheSuggestedName() throws {
        try MainActor.assumeIsolated {
            let item = entry("2018-05-11", title: "Ça va, Öland!", picture: "/1000x700.jpg")
            let detail = try openDetail(item)
            waitUntil("the picture is shown") { detail.header.saveButton.isSensitive }

            XCTAssertTrue(detail.header.saveButton.activate())
            var dialog: UnsafeMutableRawPointer?
            waitUntil("the save dialog is open") {
                dialog = Self.openFileChooser()
                return dialog != nil
            }
            guard let dialog else { return }
            let chooser = OpaquePointer(dialog)
            let name = gtk_file_chooser_get_current_name(chooser).map { text in
                defer { g_free(text) }
                return String(cString: text)
            }
            XCTAssertEqual(name, "2018-05-11-ca-va-oland.jpg")
            XCTAssertEqual(
                gtk_window_get_title(dialog.assumingMemoryBound(to: GtkWindow.self)).map { String(cString: $0) },
                "Save Picture")

            gtk_dialog_response(dialog.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_CANCEL.rawValue)
            waitUntil("the dialog is gone") { Self.openFileChooser() == nil }
            XCTAssertNil(detail.banner.message, "cancelling is not an error")
            XCTAssertFalse(detail.toasts.isShown)
        }
    }

    /// The whole save path as a sandboxed user meets it: the button asks the desktop's
    /// FileChooser portal (faked on the test's bus) with the suggested name, the user picks
    /// another name in a folder whose name needs escaping in a URI, and the picture's bytes as
    /// served land there.
    func testAcceptingTheSaveDialogWritesThePictureWhereTheUserChose() throws {
        try withDesktopPortals {
            try MainActor.assumeIsolated {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "apod save für später \(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let (portal, detail) = try askWhereToSave(
                    entry("2018-05-12", title: "Ça va, Öland!", picture: "/1000x700.jpg"))
                defer { portal.unpublish() }
                let call = try XCTUnwrap(portal.calls.first)
                XCTAssertEqual(call.title, "Save Picture")
                XCTAssertEqual(
                    call.options.string("current_folder"), PictureSaver.lastFolder ?? Window.picturesFolder,
                    "Save starts in the Pictures folder (or the last one used), not where the app was started")
                XCTAssertNotEqual(call.options.string("current_folder"), FileManager.default.currentDirectoryPath)
                XCTAssertEqual(call.options.string("current_name"), "2018-05-12-ca-va-oland.jpg")
                XCTAssertEqual(call.options.string("accept_label"), "_Save")
                XCTAssertEqual(call.options.bool("modal"), true)
                XCTAssertTrue(
                    call.parentWindow.hasPrefix("x11:"), "the detail window is the parent: \(call.parentWindow)")

                let target = folder.appendingPathComponent("Öland #1.jpg")
                portal.choose(target.path)
                waitUntil("the file is written") { FileManager.default.fileExists(atPath: target.path) }
                XCTAssertEqual(
                    try Data(contentsOf: target), TestImages.jpeg(width: 1000, height: 700), "the bytes as served")
                waitUntil("the save is announced") { detail.toasts.isShown }
                XCTAssertEqual(detail.toasts.text, "Saved to Öland #1.jpg")
                XCTAssertNil(detail.banner.message)
                XCTAssertEqual(portal.calls.count, 1)

                // The next Save starts in the folder just used.
                XCTAssertTrue(detail.header.saveButton.activate())
                waitUntil("the portal is asked again") { portal.isOpen }
                XCTAssertEqual(portal.calls.last?.options.string("current_folder"), folder.path)
                portal.choose(folder.appendingPathComponent("again.jpg").path)
                waitUntil("the second file is written") {
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("again.jpg").path)
                }
            }
        }
    }

    /// A location the user accepts but the app cannot write (a folder that does not exist)
    /// is reported in the window, not lost.
    func testAnAcceptedLocationThatCannotBeWrittenShowsTheBanner() throws {
        try withDesktopPortals {
            try MainActor.assumeIsolated {
                let (portal, detail) = try askWhereToSave(
                    entry("2018-05-13", title: "Nowhere", picture: "/1000x700.jpg"))
                defer { portal.unpublish() }
                let target = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "apod-missing-\(UUID().uuidString)/sub/picture.jpg")
                portal.choose(target.path)
                waitUntil("the failure is reported") { detail.banner.message != nil }
                XCTAssertTrue(detail.banner.message?.contains("Could not save") ?? false, detail.banner.message ?? "")
                XCTAssertEqual(detail.banner.root.kind, .error)
                XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
                XCTAssertFalse(detail.toasts.isShown)
            }
        }
    }

    /// Publishes the FileChooser portal, opens `item`'s detail and presses Save; returns once
    /// the portal's dialog is open.
    @MainActor
    private func askWhereToSave(_ item: APODEntry) throws -> (FakeFileChooserPortal, DetailWindow) {
        let portal = try XCTUnwrap(FakeFileChooserPortal(), "no session bus (run under dbus-run-session)")
        portal.publish()
        waitUntil("the portal owns its name") { portal.ownsName }
        let detail = try openDetail(item)
        waitUntil("the picture is shown") { detail.header.saveButton.isSensitive }
        XCTAssertTrue(detail.header.saveButton.activate())
        waitUntil("the portal is asked where to save") { portal.isOpen }
        XCTAssertNil(Self.openFileChooser(), "no in-process dialog besides the portal's")
        return (portal, detail)
    }

    /// The file chooser dialog GtkFileChooserNative shows in-process when no portal is used.
    @MainActor
    private static func openFileChooser() -> UnsafeMutableRawPointer? {
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let window = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(window) }
            if g_type_check_instance_is_a(
                window.assumingMemoryBound(to: GTypeInstance.self), gtk_file_chooser_dialog_get_type()) != 0,
                gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0
            {
                return window
            }
        }
        return nil
    }
}
