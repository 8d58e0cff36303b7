import Foundation
import TestSupport
import XCTest

/// What a screen reader sees of a running viewer: its AT-SPI tree and where Tab goes, read by
/// `Tests/Accessibility/atspi_tree.py` (pyatspi) from the private session bus's accessibility
/// bus. Nodes are the script's JSON; paths are child indices from the application.
struct AccessibilityTree: Decodable {
    struct Node: Decodable, Equatable {
        let path: [Int]
        let role: String
        let name: String
        let description: String
        let states: [String]
        let extents: [Int]?

        var isVisible: Bool { states.contains("visible") }
        var hasArea: Bool { extents.map { $0[2] > 0 && $0[3] > 0 } ?? false }
        var isFocusable: Bool { states.contains("focusable") }
        /// What one can operate: buttons, fields, choices, grid cells.
        var isControl: Bool { Self.controlRoles.contains(role) }
        /// GTK 4.8 names an accessible without a label after its class ("GtkButton"), and a
        /// labelled button twice over ("_Today Today").
        var hasRealName: Bool {
            let words = name.split(separator: " ")
            let isTwice =
                words.count.isMultiple(of: 2) && words.count > 0
                && words.prefix(words.count / 2).map { $0.replacingOccurrences(of: "_", with: "") }
                    == Array(words.suffix(words.count / 2)).map(String.init)
            return !name.trimmingCharacters(in: .whitespaces).isEmpty && !isTwice
                && name.range(of: #"^(Gtk|Adw)[A-Z][A-Za-z]+$"#, options: .regularExpression) == nil
        }

        static let controlRoles: Set<String> = [
            "push button", "toggle button", "check box", "radio button", "combo box", "spin button", "entry", "text",
            "password text", "link", "slider", "switch", "table cell", "list item", "menu item", "page tab",
        ]
    }

    struct Window: Decodable {
        let name: String
        let role: String
        let nodes: [Node]

        var states: [String] { nodes.first?.states ?? [] }
        var isActive: Bool { states.contains("active") }

        /// Nodes drawn now: visible, with an area, and so is every ancestor that has extents
        /// (a stack's hidden pages keep their widgets "visible" but without an area).
        var onScreen: [Node] {
            let byPath = Dictionary(nodes.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            return nodes.filter { node in
                guard node.isVisible, node.hasArea else { return false }
                var path = node.path
                while path.count > 1 {
                    path.removeLast()
                    guard let ancestor = byPath[path], ancestor.isVisible else { return false }
                    if ancestor.extents != nil && !ancestor.hasArea { return false }
                }
                return true
            }
        }

        /// The controls on screen, without GTK's title-bar window buttons (minimize, maximize,
        /// close), which GTK keeps out of the Tab chain (keys close a window: Ctrl+W), and
        /// without wrappers: GTK 4.8 shows a menu button as a button holding the button that
        /// takes the focus.
        var controls: [Node] {
            let shown = onScreen
            let top = nodes.first?.extents?[1] ?? 0
            let pageTabs = Set(shown.filter { $0.role == "page tab" }.map(\.name))
            let comboBoxes = shown.filter { $0.role == "combo box" }
            return shown.filter { node in
                guard node.isControl else { return false }
                if ["Minimize", "Maximize", "Close"].contains(node.name), let box = node.extents, box[1] < top + 60 {
                    return false
                }
                // libadwaita shows no view switcher for a single page (it keeps one, unshown).
                if node.role == "page tab" && pageTabs.count < 2 { return false }
                // A combo row shows its value through a list of its own: part of the combo box.
                if comboBoxes.contains(where: { descendants(of: $0).contains(node) }) { return false }
                let holdsControls = descendants(of: node).contains { $0.isControl && $0.isFocusable }
                // An expander row is an unnamed list item holding its list of rows.
                let isWrapper = holdsControls && (!node.isFocusable || (node.role == "list item" && node.name.isEmpty))
                return !isWrapper
            }
        }

        /// The controls Tab can reach: insensitive ones are skipped, as GTK does.
        var tabbableControls: [Node] { controls.filter { $0.states.contains("sensitive") } }

        func node(at path: [Int]) -> Node? { nodes.first { $0.path == path } }

        func children(of node: Node) -> [Node] {
            nodes.filter { $0.path.count == node.path.count + 1 && Array($0.path.prefix(node.path.count)) == node.path }
        }

        func descendants(of node: Node) -> [Node] {
            nodes.filter { $0.path.count > node.path.count && Array($0.path.prefix(node.path.count)) == node.path }
        }
    }

    let windows: [Window]

    func window(named name: String) -> Window? { windows.first { $0.name == name } }
    var activeWindow: Window? { windows.first(where: \.isActive) }

    /// `nodes` in reading order: top to bottom in rows (nodes whose heights overlap share a
    /// row, so a tall spin button beside a centred button is one row), left to right within.
    static func readingOrder(_ nodes: [Node]) -> [Node] {
        let boxed = nodes.compactMap { node in node.extents.map { (node, $0) } }.sorted { $0.1[1] < $1.1[1] }
        var rows: [(bottom: Int, members: [(Node, [Int])])] = []
        for item in boxed {
            let top = item.1[1]
            let bottom = item.1[1] + item.1[3]
            if let last = rows.last, top < last.bottom - 2 {
                rows[rows.count - 1].members.append(item)
                rows[rows.count - 1].bottom = max(last.bottom, bottom)
            } else {
                rows.append((bottom, [item]))
            }
        }
        return rows.flatMap { $0.members.sorted { $0.1[0] < $1.1[0] }.map(\.0) }
    }
}

/// Runs the AT-SPI script against the viewer (application name `apod-viewer`).
enum AccessibilityProbe {
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Accessibility/atspi_tree.py").standardized

    /// Whether pyatspi can be imported (Debian's python3-pyatspi).
    static var isAvailable: Bool {
        ChildProcess.succeeds(python.path, ["-c", "import pyatspi"])
    }

    static func tree() throws -> AccessibilityTree {
        try JSONDecoder().decode(AccessibilityTree.self, from: run(["tree"]))
    }

    /// Presses Tab up to `count` times, until the focus is back on its first stop; the focused
    /// node after each press (nil: none in the active window).
    static func tab(_ count: Int) throws -> [AccessibilityTree.Node?] {
        try JSONDecoder().decode(
            [AccessibilityTree.Node?].self, from: run(["tab", String(count)], timeout: pressesTimeout(count)))
    }

    /// Presses Tab until the node named `name` has the focus (at most `limit` times); that node.
    static func tab(to name: String, limit: Int = 80) throws -> AccessibilityTree.Node? {
        try JSONDecoder().decode(
            AccessibilityTree.Node?.self, from: run(["tabto", name, String(limit)], timeout: pressesTimeout(limit)))
    }

    /// Each press is followed by a walk of the tree over D-Bus: under CI's load 92 presses took
    /// over a minute.
    private static func pressesTimeout(_ presses: Int) -> TimeInterval {
        60 + 1.5 * Double(presses)
    }

    static func press(keysym: Int) throws {
        _ = try run(["key", String(keysym)])
    }

    private static func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> Data {
        let outcome = try ChildProcess.run(python, [script.path, "apod-viewer"] + arguments, timeout: timeout)
        let marker = "ATSPI-JSON "
        guard outcome.status == 0,
            let line = outcome.output.split(separator: "\n").first(where: { $0.hasPrefix(marker) })
        else {
            throw NSError(
                domain: "AccessibilityProbe", code: Int(outcome.status),
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "atspi_tree.py \(arguments)\(outcome.timedOut ? " did not end within \(Int(timeout)) s" : ""): \(outcome.output)"
                ])
        }
        return Data(line.dropFirst(marker.count).utf8)
    }
}
