import AdwKit
import Foundation
import GtkKit
import XCTest

/// `PreferenceBindings`' promises: a row shows its setting, only the user's changes are written,
/// and a typed text is written once typing pauses (or on flush), only while it is usable.
final class PreferenceBindingsTests: GUITestCase, @unchecked Sendable {
    func testAShownValueIsNeverTakenForTheUsersChange() {
        MainActor.assumeIsolated {
            let bindings = PreferenceBindings(typingPauseMilliseconds: 50)
            let row = ComboRow<Int>(title: "Size", choices: [(1, "One"), (2, "Two"), (3, "Three")])
            var stored = 2
            var written: [Int] = []
            bindings.bind(row, read: { stored }, write: { written.append($0) })
            XCTAssertEqual(row.selectedValue, 2, "the row shows its setting when bound")
            stored = 3
            bindings.refresh()
            XCTAssertEqual(row.selectedValue, 3, "and again on refresh")
            XCTAssertEqual(written, [], "neither is a change of the user's")
            row.selectedValue = 1
            XCTAssertEqual(written, [1], "the user's choice is written at once")
        }
    }

    func testATypedTextIsWrittenWhenTypingPausesOnlyWhileItIsUsable() {
        MainActor.assumeIsolated {
            let bindings = PreferenceBindings(typingPauseMilliseconds: 50)
            let entry = EntryRow(title: "Address")
            var written: [String] = []
            bindings.bind(entry, read: { "" }, isUsable: { $0.hasPrefix("http") }, write: { written.append($0) })
            entry.text = "ftp://example"
            let waited = Date()
            waitUntil("well past the pause") { Date().timeIntervalSince(waited) > 0.3 }
            XCTAssertEqual(written, [], "an unusable text waits for Enter")
            entry.text = "http://a"
            entry.text = "http://ab"
            waitUntil("the pause writes the text") { !written.isEmpty }
            XCTAssertEqual(written, ["http://ab"], "once, with the text as it stands")
            bindings.flush()
            XCTAssertEqual(written, ["http://ab"], "nothing is left to flush")
        }
    }

    func testFlushWritesTheTextStillWaiting() {
        MainActor.assumeIsolated {
            let bindings = PreferenceBindings(typingPauseMilliseconds: 60_000)
            let toggle = Switch()
            let entry = EntryRow(title: "Key")
            var written: [String] = []
            var toggled: [Bool] = []
            bindings.bind(toggle, read: { true }, write: { toggled.append($0) })
            bindings.bind(entry, read: { "saved" }, write: { written.append($0) })
            XCTAssertEqual(entry.text, "saved")
            XCTAssertTrue(toggle.isOn)
            entry.text = "typed"
            XCTAssertEqual(written, [])
            bindings.flush()
            XCTAssertEqual(written, ["typed"], "closing keeps what was typed")
            toggle.isOn = false
            XCTAssertEqual(toggled, [false])
        }
    }
}
