import APODCore
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Handing the picture to other applications (issue 20, item 3) and keeping links between APOD
/// days in the app (item 4): clipboard, drag, Open With, Print, Properties, day links.
final class PictureHandOffTests: GUITestCase, @unchecked Sendable {
    /// The app's cache for these tests: the files handed on are written under it.
    private let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "handoff-\(UUID().uuidString)")

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: cacheFolder)
    }

    @MainActor
    private func startApp(_ entries: [APODEntry]) throws {
        let environment = ViewerEnvironment(
            source: FakeSource(entries: entries), pictures: PictureLoader(fetcher: pictures.fetcher),
            calendar: calendar, wallpaperDirectory: cacheFolder.appendingPathComponent("wallpaper"))
        try start(environment: environment)
    }

    @MainActor
    private func openDetail(_ item: APODEntry, among others: [APODEntry] = []) throws -> DetailWindow {
        try startApp([item] + others)
        app.openDetail(for: item)
        let detail = try XCTUnwrap(app.detailWindows[item.date])
        waitUntil("the picture is shown") { detail.picture.shownPixelSize != nil }
        return detail
    }

    @MainActor
    private func accelerators(of action: WindowAction) -> [String] {
        app.application.accelerators(for: action.detailedName)
    }

    private var conjunction: APODEntry {
        entry("2020-12-17", title: "The Great Conjunction", picture: "/1600x1000.jpg", copyright: "Ada Lovelace")
    }

    func testCtrlCCopiesThePictureAsPNGAndFileAndCtrlShiftCTheLink() throws {
        try MainActor.assumeIsolated {
            let item = conjunction
            let detail = try openDetail(item)
            XCTAssertEqual(accelerators(of: .copyPicture), ["<Control>c"])
            XCTAssertEqual(accelerators(of: .copyLink), ["<Shift><Control>c"])

            XCTAssertTrue(detail.window.activateAction(.copyPicture))
            waitUntil("the picture is on the clipboard") {
                detail.window.localClipboardContent?.mimeTypes.contains("image/png") == true
            }
            let content = try XCTUnwrap(detail.window.localClipboardContent)
            XCTAssertTrue(content.mimeTypes.contains("text/uri-list"), "\(content.mimeTypes)")
            let shown = try XCTUnwrap(detail.pictureArea.shown)
            XCTAssertLessThan(shown.image.width, 1600, "the screen shows a smaller copy")
            XCTAssertEqual(content.textureSize?.width, 1600, "the picture itself is copied")
            XCTAssertEqual(content.textureSize?.height, 1000)
            let path = try XCTUnwrap(content.filePath)
            XCTAssertEqual(URL(fileURLWithPath: path).lastPathComponent, item.suggestedFileName)
            XCTAssertTrue(path.hasPrefix(cacheFolder.path), path)
            XCTAssertEqual(Self.header(of: path), ImageHeader(width: 1600, height: 1000), "the original, as served")
            XCTAssertEqual(detail.toasts.text, "Picture copied")

            XCTAssertTrue(detail.window.activateAction(.copyLink))
            XCTAssertEqual(detail.window.localClipboardText, item.webPageURL.absoluteString)
        }
    }

    /// The keys themselves, pressed through the X server (xdotool, from scripts/install-deps),
    /// as a user would: Ctrl+C, Ctrl+Shift+C, Ctrl+C over selected text, F9.
    func testTheKeysAsPressed() throws {
        try MainActor.assumeIsolated {
            let item = entry("2020-12-17", title: "Keys Pressed Here")
            let detail = try openDetail(item)
            waitUntil("the detail window has the keyboard") { detail.window.isActive }
            waitForFrames()
            Self.destroyModalWindowsLeftByEarlierTests()
            try Self.press("ctrl+c")
            waitUntil("Ctrl+C put the picture on the clipboard") {
                detail.window.localClipboardContent?.mimeTypes.contains("image/png") == true
            }
            try Self.press("ctrl+shift+c")
            waitUntil("Ctrl+Shift+C put the link on the clipboard") {
                detail.window.localClipboardText == item.webPageURL.absoluteString
            }
            gtk_widget_grab_focus(detail.explanationLabel.widgetPointer)
            gtk_label_select_region(detail.explanationLabel.cast(), 3, 14)
            waitForFrames()
            try Self.press("ctrl+c")
            let selected = String(Array(detail.explanationLabel.text)[3..<14])
            waitUntil("Ctrl+C copied the selected text") { detail.window.localClipboardText == selected }
            try Self.press("F9")
            waitUntil("F9 opened the properties") { detail.isShowingProperties }
        }
    }

    /// Gives the window titled "Keys Pressed Here" the X input focus (there is no window manager
    /// to do it; other tests' windows may be under the pointer), then presses `keys`.
    private static func press(_ keys: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "xdotool", "search", "--name", "^Keys Pressed Here$", "windowfocus", "--sync", "%1", "key", keys,
        ]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool key \(keys)")
    }

    /// The file cannot be written (here a plain file stands where the folder goes): the window
    /// says where and why, and the clipboard keeps what it had.
    func testAFileThatCannotBeWrittenIsSaidInTheWindow() throws {
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
            try Data("in the way".utf8).write(to: cacheFolder.appendingPathComponent("pictures"))
            let detail = try openDetail(conjunction)
            waitForFrames()
            XCTAssertNil(detail.banner.message, "nothing asked for the file yet")
            XCTAssertTrue(detail.drag.offeredTypeNames.isEmpty, "no file to drag")
            detail.window.copyToClipboard("before")
            XCTAssertTrue(detail.window.activateAction(.copyPicture))
            waitUntil("the window says the file could not be written") { detail.banner.message != nil }
            let message = try XCTUnwrap(detail.banner.message)
            XCTAssertTrue(message.contains(cacheFolder.appendingPathComponent("pictures").path), message)
            XCTAssertEqual(detail.window.localClipboardText, "before")
        }
    }

    func testCtrlCWithSelectedTextCopiesTheText() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(conjunction)
            let label = detail.explanationLabel
            gtk_widget_grab_focus(label.widgetPointer)
            gtk_label_select_region(label.cast(), 3, 14)
            XCTAssertTrue(detail.window.activateAction(.copyPicture))
            let expected = String(Array(label.text)[3..<14])
            waitUntil("the selected text is on the clipboard") { detail.window.localClipboardText == expected }
            XCTAssertFalse(detail.window.localClipboardContent?.mimeTypes.contains("image/png") ?? true)
        }
    }

    func testCtrlCInTheMainWindowCopiesThePicture() throws {
        try MainActor.assumeIsolated {
            try startApp([conjunction])
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the main window shows the picture") { main.pictureView.shownImage != nil }
            XCTAssertTrue(main.window.activateAction(.copyPicture))
            waitUntil("the picture is on the clipboard") {
                main.window.localClipboardContent?.mimeTypes.contains("image/png") == true
            }
            XCTAssertNotNil(main.window.localClipboardContent?.filePath)
        }
    }

    func testThePictureDragsOutAsItsFile() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(conjunction)
            waitUntil("the drag offers the file") { detail.drag.offeredTypeNames.contains("GFile") }
            XCTAssertTrue(detail.drag.offeredMimeTypes.contains("text/uri-list"), "\(detail.drag.offeredMimeTypes)")
            let path = try XCTUnwrap(detail.drag.offeredFilePath)
            XCTAssertEqual(Self.header(of: path), ImageHeader(width: 1600, height: 1000))
        }
    }

    func testOpenWithAsksThePortalWithAsk() throws {
        try MainActor.assumeIsolated {
            guard let portal = FakeOpenURIPortal() else { throw XCTSkip("no session bus (run under dbus-run-session)") }
            portal.publish()
            defer { portal.unpublish() }
            XCTAssertTrue(Gtk.iterate(until: { portal.ownsName }, timeout: 10))
            let detail = try openDetail(conjunction)
            XCTAssertEqual(accelerators(of: .openWith), ["<Shift><Control>o"])
            XCTAssertTrue(detail.window.activateAction(.openWith))
            waitUntil("the portal answered") { detail.handOff.lastOpenWith != nil }
            XCTAssertEqual(detail.handOff.lastOpenWith, .opened)
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.options["ask"], "true")
            XCTAssertEqual(ImageHeader.read(call.fileBytes), ImageHeader(width: 1600, height: 1000))
            XCTAssertEqual(call.fileBytes.count, detail.handOff.file?.file.byteCount)
            XCTAssertTrue(OpenWith.openChoosers.isEmpty)
        }
    }

    func testOpenWithWithoutAPortalShowsGTKsChooser() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            "no session bus (run under dbus-run-session)")
        try MainActor.assumeIsolated {
            let detail = try openDetail(conjunction)
            XCTAssertTrue(detail.window.activateAction(.openWith))
            waitUntil("the chooser is shown") { detail.handOff.lastOpenWith != nil }
            XCTAssertEqual(detail.handOff.lastOpenWith, .chooserShown)
            let chooser = try XCTUnwrap(OpenWith.openChoosers.first)
            XCTAssertTrue(chooser.isVisible)
            chooser.close()
            waitUntil("the chooser is gone") { OpenWith.openChoosers.isEmpty }
        }
    }

    func testPrintPutsThePictureWithTitleDateAndCreditOnOnePage() throws {
        try MainActor.assumeIsolated {
            let item = conjunction
            let detail = try openDetail(item)
            XCTAssertEqual(accelerators(of: .print), ["<Control>p"])
            let pdf = cacheFolder.appendingPathComponent("print.pdf")
            try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
            var outcome: PictureSheet.Outcome?
            detail.handOff.exportPDF(to: pdf.path) { outcome = $0 }
            waitUntil("the page is written") { outcome != nil }
            XCTAssertEqual(outcome, .printed)
            let bytes = try Data(contentsOf: pdf)
            XCTAssertTrue(bytes.starts(with: Data("%PDF".utf8)))
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(
                text.components(separatedBy: "/Type /Page\n").count - 1
                    + text.components(separatedBy: "/Type /Page ").count - 1
                    + text.components(separatedBy: "/Type /Page>").count - 1, 1, "one page")
            XCTAssertTrue(text.contains("/Subtype /Image"), "the picture is on the page")
            let extracted = try Self.pdfText(pdf)
            XCTAssertTrue(extracted.contains("The Great Conjunction"), extracted)
            XCTAssertTrue(extracted.contains(item.date.displayString), extracted)
            XCTAssertTrue(extracted.contains("Ada Lovelace"), extracted)
        }
    }

    /// The size the header of the file at `path` announces.
    private static func header(of path: String) -> ImageHeader? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap(ImageHeader.read)
    }

    /// The page's text, as `pdftotext` (poppler-utils, from scripts/install-deps) reads it.
    private static func pdfText(_ pdf: URL) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [pdf.path, "-"]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    func testF9TogglesThePropertiesWithThePicturesFigures() throws {
        try MainActor.assumeIsolated {
            let item = conjunction
            let detail = try openDetail(item)
            XCTAssertEqual(accelerators(of: .properties), ["F9"])
            XCTAssertFalse(detail.isShowingProperties)
            XCTAssertTrue(detail.window.activateAction(.properties))
            XCTAssertTrue(detail.isShowingProperties)
            let panel = detail.properties
            waitUntil("the file's figures are in") { panel.value(of: .format) == "JPEG" }
            let file = try XCTUnwrap(detail.handOff.file?.file)
            let bytes = try Data(contentsOf: file.url).count
            XCTAssertEqual(panel.value(of: .dimensions), "1600 × 1000 pixels")
            XCTAssertEqual(panel.value(of: .fileSize), PropertiesPanel.byteSize(bytes))
            XCTAssertEqual(panel.value(of: .address), item.hdImageURL?.absoluteString)
            XCTAssertEqual(panel.value(of: .credit), "© Ada Lovelace")
            XCTAssertEqual(panel.value(of: .date), "2020 Dec. 17")
            waitForFrames()
            XCTAssertTrue(detail.properties.root.isMapped)
            XCTAssertTrue(detail.window.activateAction(.properties))
            XCTAssertFalse(detail.isShowingProperties)
        }
    }

    /// The properties panel beside the picture, light and dark (in the build folder's
    /// screenshots), and at 360 px, where it slides over the picture.
    func testSavesScreenshotsOfTheProperties() throws {
        try MainActor.assumeIsolated {
            let detail = try openDetail(conjunction)
            detail.window.resize(width: 1000, height: 700)
            XCTAssertTrue(detail.window.activateAction(.properties))
            waitUntil("the file's figures are in") { detail.properties.value(of: .format) == "JPEG" }
            defer { DesktopStyle.reset() }
            for dark in [false, true] {
                DesktopStyle.setPrefersDark(dark)
                waitForFrames()
                XCTAssertNotNil(
                    saveScreenshot(of: detail.window, named: dark ? "detail-properties-dark" : "detail-properties"))
            }
            detail.window.resize(width: 360, height: 700)
            waitUntil("the window is narrow and the panel folded over the picture") {
                detail.window.width <= 400 && detail.propertiesFlap.isFolded
            }
            Gtk.iterate(until: { false }, timeout: 0.5)
            XCTAssertNotNil(saveScreenshot(of: detail.window, named: "detail-properties-narrow"))
        }
    }

    func testFileSizesReadAsGNOMEShowsThem() {
        XCTAssertEqual(PropertiesPanel.byteSize(512), "512 bytes")
        XCTAssertEqual(PropertiesPanel.byteSize(48_400), "48 kB")
        XCTAssertEqual(PropertiesPanel.byteSize(2_450_000), "2.5 MB")
    }

    func testALinkToAnotherDayOpensThatDayInTheApp() throws {
        try MainActor.assumeIsolated {
            var item = conjunction
            let other = entry("2019-03-05", title: "A Day Linked To")
            item.explanation = "See the earlier picture and NASA's page."
            item.explanationLinks = [
                TextLink(text: "earlier picture", url: URL(string: "https://apod.nasa.gov/apod/ap190305.html")!),
                TextLink(text: "NASA's page", url: URL(string: "https://www.nasa.gov/")!),
            ]
            let detail = try openDetail(item, among: [other])
            var browser: [URL] = []
            detail.openExplanationLink = { browser.append($0) }

            detail.activateLink("https://apod.nasa.gov/apod/ap190305.html")
            let main = try XCTUnwrap(app.mainWindow)
            waitUntil("the main window shows the linked day") { main.entry?.date == other.date }
            waitUntil("the main window is in front") { main.window.isActive }
            XCTAssertTrue(browser.isEmpty, "a day link stays in the app")

            detail.activateLink("https://www.nasa.gov/")
            XCTAssertEqual(browser, [URL(string: "https://www.nasa.gov/")!])

            // The right-click menu's Open Link in Browser acts on the link under the pointer.
            let label = detail.explanationLabel
            let offset = try XCTUnwrap(label.text.range(of: "earlier")).lowerBound.utf16Offset(in: label.text)
            let point = try XCTUnwrap(label.point(atTextOffset: offset + 2))
            let under = try XCTUnwrap(label.textOffset(x: point.x, y: point.y))
            XCTAssertEqual(
                LinkMarkup.link(atUTF8Offset: under, in: detail.explanationRuns)?.absoluteString,
                "https://apod.nasa.gov/apod/ap190305.html")
            XCTAssertNil(LinkMarkup.link(atUTF8Offset: 0, in: detail.explanationRuns), "\"See\" is plain text")
            XCTAssertEqual(detail.openInBrowserAction?.isEnabled, false, "no link right-clicked yet")
            detail.rightClicked(atTextOffset: 0)
            XCTAssertEqual(detail.openInBrowserAction?.isEnabled, false, "plain text right-clicked")
            detail.rightClicked(atTextOffset: under)
            XCTAssertEqual(detail.openInBrowserAction?.isEnabled, true)
            XCTAssertTrue(detail.window.activateAction("win." + DetailWindow.openLinkInBrowser))
            XCTAssertEqual(browser.last?.absoluteString, "https://apod.nasa.gov/apod/ap190305.html")
        }
    }

    func testTheMenuOffersTheHandOffs() throws {
        try MainActor.assumeIsolated {
            let menu = DetailWindow.menu
            var actions: [String] = []
            Self.collect(menu.modelPointer, into: &actions)
            for action in [WindowAction.copyLink, .copyPictureLink, .copyPicture, .openWith, .print, .properties] {
                XCTAssertTrue(actions.contains(action.detailedName), "\(action) in \(actions)")
            }
            let shortcuts = Shortcuts.descriptions.flatMap(\.shortcuts).map(\.accelerators)
            for accelerator in ["<Ctrl>c", "<Ctrl><Shift>c", "<Ctrl><Shift>o", "<Ctrl>p", "F9"] {
                XCTAssertTrue(shortcuts.contains(accelerator), accelerator)
            }
        }
    }

    @MainActor
    private static func collect(_ model: UnsafeMutablePointer<GMenuModel>, into actions: inout [String]) {
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
                collect(section, into: &actions)
                g_object_unref(UnsafeMutableRawPointer(section))
            }
            if let value = g_menu_model_get_item_attribute_value(model, index, G_MENU_ATTRIBUTE_ACTION, nil) {
                actions.append(String(cString: g_variant_get_string(value, nil)))
                g_variant_unref(value)
            }
        }
    }
}
