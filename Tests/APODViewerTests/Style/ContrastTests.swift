import APODCore
import AdwKit
import CAdw
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import APODViewer

/// Every text the app shows has a contrast of at least 4.5:1 (WCAG AA) against what is behind
/// it, in the light, dark and high-contrast styles. Measured on the windows as drawn: each
/// label is drawn once as full blocks (█) and once see-through, and the pixel that differs most
/// between the two gives the text's colour over its background, whatever the stylesheets,
/// opacities and tints made of them.
///
/// libadwaita's own dimmed text (subtitles of window titles and rows) is its choice, not the
/// app's: it is measured and printed, not asserted (libadwaita raises it in high contrast).
/// The accent behind suggested buttons is the app's choice of libadwaita's palette
/// (`StyleSheet`), so it is asserted like the rest.
final class ContrastTests: GUITestCase, @unchecked Sendable {
    private let files = TestConfiguration()

    override func tearDown() {
        MainActor.assumeIsolated { DesktopStyle.reset() }
        super.tearDown()
        files.remove()
    }

    struct Measurement {
        let text: String
        let ratio: Double
        let isLibraryDimmed: Bool
    }

    private static let styles: [(name: String, scheme: ColorScheme, highContrast: Bool)] = [
        ("light", .light, false), ("dark", .dark, false),
        ("high contrast", .light, true), ("high contrast dark", .dark, true),
    ]

    /// WCAG 2 relative luminance of an 8-bit sRGB colour.
    static func luminance(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Double {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    static func contrast(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    func testTheFormulaMatchesWCAGsExamples() {
        XCTAssertEqual(Self.contrast(Self.luminance(0, 0, 0), Self.luminance(255, 255, 255)), 21, accuracy: 0.01)
        XCTAssertEqual(
            Self.contrast(Self.luminance(0x76, 0x76, 0x76), Self.luminance(255, 255, 255)), 4.54, accuracy: 0.01)
    }

    /// The stylesheet names its colours from libadwaita; the one literal is the black behind
    /// a fullscreen picture, where no text is drawn.
    func testTheStylesheetHasNoColoursOfItsOwnButBlackBehindFullscreenPictures() {
        let css = MainActor.assumeIsolated { StyleSheet.css }
        XCTAssertNil(css.range(of: #"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\("#, options: .regularExpression), css)
        let blackRules = css.split(separator: "\n").filter { $0.contains("black") }
        XCTAssertEqual(
            blackRules.map { $0.trimmingCharacters(in: .whitespaces) },
            [".fullscreen-picture { background-color: black; }"])
    }

    /// Draws `window` and waits until the frame is done, so a change of text is laid out, and
    /// until a crossfade it started has ended: a wider text can make the header bar's squeezer
    /// swap the title for the view switcher and back, both half transparent on the way.
    @MainActor
    private func render(_ window: Window) -> [UInt8]? {
        let frames = FrameCounter(widget: window)
        let start = frames.frames ?? 0
        gtk_widget_queue_resize(window.widgetPointer)
        Gtk.iterate(until: { (frames.frames ?? 0) > start }, timeout: 3)
        _ = Frames.waitForTransitions(timeout: 3)
        return window.renderTexture()?.pixels()
    }

    /// Whether a squeezer above `label` shows another of its children: not drawn, so not measured.
    @MainActor
    private func isInAHiddenSqueezerChild(_ label: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var child = label
        while let parent = gtk_widget_get_parent(child) {
            let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(parent))
            if g_type_check_instance_is_a(instance, adw_squeezer_get_type()) != 0,
                adw_squeezer_get_visible_child(OpaquePointer(parent)) != child
            {
                return true
            }
            child = parent
        }
        return false
    }

    /// Each mapped label of `window` with text (or only those in `only`): its contrast as drawn now.
    @MainActor
    private func measureLabels(in window: Window, only: [Widget]? = nil) -> [Measurement] {
        var measurements: [Measurement] = []
        let labels = only?.map(\.widgetPointer) ?? window.descendants(ofType: gtk_label_get_type())
        labels.forEach { g_object_ref(UnsafeMutableRawPointer($0)) }
        defer { labels.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        for pointer in labels {
            let label = OpaquePointer(pointer)
            let text = String(cString: gtk_label_get_text(label))
            guard gtk_widget_get_mapped(pointer) != 0, gtk_widget_get_opacity(pointer) > 0,
                !isInAHiddenSqueezerChild(pointer),
                !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            else { continue }
            let original = String(cString: gtk_label_get_label(label))
            let usedMarkup = gtk_label_get_use_markup(label) != 0
            gtk_label_set_use_markup(label, 0)
            gtk_label_set_label(label, String(repeating: "█", count: max(3, min(text.count, 24))))
            let drawn = render(window)
            gtk_widget_set_opacity(pointer, 0)
            let behind = render(window)
            gtk_widget_set_opacity(pointer, 1)
            gtk_label_set_label(label, original)
            gtk_label_set_use_markup(label, usedMarkup ? 1 : 0)
            guard let drawn, let behind, drawn.count == behind.count else { continue }
            var best = 0
            var difference = 0
            for index in stride(from: 0, to: drawn.count, by: 4) {
                let d =
                    abs(Int(drawn[index]) - Int(behind[index])) + abs(Int(drawn[index + 1]) - Int(behind[index + 1]))
                    + abs(Int(drawn[index + 2]) - Int(behind[index + 2]))
                if d > difference {
                    difference = d
                    best = index
                }
            }
            guard difference > 0 else { continue }
            let ratio = Self.contrast(
                Self.luminance(drawn[best + 2], drawn[best + 1], drawn[best]),
                Self.luminance(behind[best + 2], behind[best + 1], behind[best]))
            let dimmed =
                gtk_widget_has_css_class(pointer, "subtitle") != 0
                || gtk_widget_has_css_class(pointer, "dim-label") != 0
            measurements.append(Measurement(text: text, ratio: ratio, isLibraryDimmed: dimmed))
        }
        render(window)
        return measurements
    }

    /// Measures `window` in every style and asserts the app's text; prints libadwaita's dimmed
    /// text. `prepare` runs in each style before measuring (a toast, which hides itself after
    /// a few seconds, is shown again) and may name the only labels to measure.
    @MainActor
    private func assertContrast(
        of window: Window, named name: String, minimum: Int = 4,
        prepare: @MainActor () -> [Widget]? = { nil },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for style in Self.styles {
            StyleManager.colorScheme = style.scheme
            DesktopStyle.setHighContrast(style.highContrast)
            waitUntil("the \(style.name) style is in use") {
                StyleManager.isDark == (style.scheme == .dark) && StyleManager.isHighContrast == style.highContrast
            }
            let only = prepare()
            // A crossfade (a stack's page, the view switcher title's squeezer) draws its text half
            // transparent: measured as it settles, not mid-way.
            XCTAssertTrue(Frames.waitForTransitions(), "\(name): transitions ended", file: file, line: line)
            let measurements = measureLabels(in: window, only: only)
            XCTAssertGreaterThanOrEqual(measurements.count, minimum, "\(name): texts found", file: file, line: line)
            for measurement in measurements {
                if measurement.isLibraryDimmed {
                    print(
                        String(
                            format: "contrast: %@, %@, libadwaita's dimmed \"%@\": %.2f:1", name, style.name,
                            String(measurement.text.prefix(40)), measurement.ratio))
                } else {
                    XCTAssertGreaterThanOrEqual(
                        measurement.ratio, 4.5, "\(name), \(style.name): \"\(measurement.text.prefix(60))\"",
                        file: file, line: line)
                }
            }
            let ours = measurements.filter { !$0.isLibraryDimmed }
            print(
                String(
                    format: "contrast: %@, %@: %d texts, lowest %.2f:1", name, style.name, ours.count,
                    ours.map(\.ratio).min() ?? 0))
        }
    }

    /// The main window with the offline notice and a message strip over its picture.
    @MainActor
    private func startOnMainWindow() throws -> MainWindow {
        try start(services: files.services(.offline, calendar: calendar))
        let main = try XCTUnwrap(app.mainWindow)
        waitUntil("the picture is shown") { main.pictureView.page == .picture }
        main.offlineBanner.show()
        return main
    }

    func testTheMainWindowWithAnErrorAndAToast() throws {
        try MainActor.assumeIsolated {
            let main = try startOnMainWindow()
            main.banner.show(APODError.unreachable.message)
            assertContrast(of: main.window, named: "main window, error banner")
            assertContrast(of: main.window, named: "toast", minimum: 1) {
                main.toasts.show(tr("Link copied"))
                waitUntil("the toast is shown") { main.toasts.textLabel?.isMapped == true }
                return main.toasts.textLabel.map { [$0] }
            }
        }
    }

    func testTheMainWindowsStatusPagesAndStrips() throws {
        try MainActor.assumeIsolated {
            let main = try startOnMainWindow()
            main.banner.warn(
                APODError.dateOutOfRange(APODDay("1990-01-01")!, first: ArchiveCalendar.firstDay, last: Self.today)
                    .message)
            main.pictureView.showStatus(.failed(APODError.serviceError(status: 503).message))
            assertContrast(of: main.window, named: "main window, warning, failure page")
            main.offlineBanner.hide()
            main.banner.inform("Today shows the newest picture stored on this computer.")
            main.pictureView.showStatus(.skippedDay(APODDay("1995-06-17")!))
            assertContrast(of: main.window, named: "main window, information, skipped day")
        }
    }

    func testTheGridAndDetailWindows() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar), options: ViewerOptions(randomCount: 6))
            let grid = try XCTUnwrap(app.randomView)
            waitUntil("the grid is filled") { grid.cells.count == 6 && grid.cells.allSatisfy { !$0.isLoading } }
            // Mid-crossfade the loading page's label is still mapped, half transparent.
            waitUntil("the loading page has faded out") {
                gtk_stack_get_transition_running(OpaquePointer(grid.stack.widgetPointer)) == 0
            }
            assertContrast(of: grid.window, named: "random grid")
            let cell = try XCTUnwrap(grid.cells.first(where: \.hasThumbnail))
            app.openDetail(for: cell.entry)
            let detail = try XCTUnwrap(app.detailWindows[cell.entry.date])
            waitUntil("the detail picture is shown") { detail.picture.shownPixelSize != nil }
            detail.banner.show(WebLink.noBrowserMessage)
            assertContrast(of: detail.window, named: "detail window")
        }
    }

    func testThePreferencesWindow() throws {
        try MainActor.assumeIsolated {
            try start(services: files.services(.offline, calendar: calendar))
            app.application.activateAction(AppAction.preferences)
            let preferences = try XCTUnwrap(app.preferencesWindow)
            preferences.sourceChoice.selectedValue = .legacy
            preferences.urlEntry.text = "ftp://example.org"
            // Not modal, it can open behind the main window's focus: a window in the background
            // dims its header bar's text on purpose. Measured as the user sees it, in front.
            preferences.window.present()
            waitUntil("the preferences are the active window") { preferences.window.isActive }
            assertContrast(of: preferences.window, named: "preferences")
        }
    }
}
