import AdwKit
import CGtk
import Foundation
import GtkKit
import XCTest

extension GUITestCase {
    /// Saves `window` 360 px wide in the light and the dark style (`<name>-360-light.png`,
    /// `<name>-360-dark.png`), then gives it back its size and the light style. `arrange` runs
    /// before each shot (scrolling to what the shot is of).
    @MainActor
    func saveNarrowScreenshots(
        of window: Window, named name: String, arrange: @MainActor () -> Void = {}, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let (width, height) = (window.width, window.height)
        defer {
            DesktopStyle.reset()
            window.resize(width: width, height: height)
        }
        window.resize(width: 360, height: 800)
        XCTAssertTrue(Gtk.iterate(until: { window.width <= 360 }, timeout: 10), "360 px wide", file: file, line: line)
        settle(arrange)
        saveScreenshot(of: window, named: name + "-360-light", file: file, line: line)
        StyleManager.colorScheme = .dark
        XCTAssertTrue(
            Gtk.iterate(until: { StyleManager.isDark }, timeout: 10), "the dark style", file: file, line: line)
        settle(arrange)
        saveScreenshot(of: window, named: name + "-360-dark", file: file, line: line)
    }

    /// The narrow layout applied (the breakpoints run on the next iteration), `arrange`, and the
    /// header's switcher done fading into the title, as `ViewScreenshotTests` waits.
    @MainActor
    private func settle(_ arrange: @MainActor () -> Void) {
        waitForFrames()
        arrange()
        waitForFrames()
        ViewScreenshotTests.letCSSTransitionsEnd()
    }

    /// Saves `window` as `<name>.png` in the build folder through the widget paintable →
    /// renderer → texture path, checks the file is a PNG, and returns its location.
    @MainActor
    @discardableResult
    func saveScreenshot(
        of window: Window, named name: String, file: StaticString = #filePath,
        line: UInt = #line
    ) -> URL? {
        let directory = Self.screenshotDirectory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).png")
        // GTK draws nothing for widgets that still need a layout pass, as they do right after a
        // result changed them (results run before GDK's layout), and a page a stack just
        // switched to fades in over 200 ms: wait for the transitions to end and two frames.
        if !Frames.waitForTransitions() { XCTFail("the windows drew no frame", file: file, line: line) }
        var rendered: Texture?
        Gtk.iterate(
            until: {
                rendered = window.renderTexture()
                return rendered != nil
            }, timeout: 5)
        guard let texture = rendered else {
            XCTFail("could not render \(name)", file: file, line: line)
            return nil
        }
        XCTAssertTrue(texture.savePNG(to: url.path), "could not write \(url.path)", file: file, line: line)
        let header = (try? Data(contentsOf: url))?.prefix(8)
        XCTAssertEqual(
            header.map(Array.init), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], file: file, line: line)
        return url
    }

    /// Saves the whole virtual screen as `<name>.png` (ImageMagick's `import -window root`,
    /// which `scripts/install-deps` installs): a popover is a surface of its own, which
    /// rendering its window leaves out.
    @MainActor
    @discardableResult
    func saveScreenScreenshot(named name: String, file: StaticString = #filePath, line: UInt = #line) -> URL? {
        let directory = Self.screenshotDirectory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).png")
        if !Frames.waitForTransitions() { XCTFail("the windows drew no frame", file: file, line: line) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        process.arguments = ["-window", "root", url.path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            XCTFail("could not run import: \(error)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(process.terminationStatus, 0, "import -window root failed", file: file, line: line)
        return url
    }
}
