import APODCore
import GtkKit

/// Every keyboard shortcut, in one place: bound as accelerators and listed in the shortcuts
/// window from the same table, so the two cannot disagree.
@MainActor
enum Shortcuts {
    struct Binding {
        let action: String
        let accelerators: [String]
        let title: String
    }

    static let groups: [(title: String, bindings: [Binding])] = [
        (tr("Pictures"), [
            Binding(action: "win.previous-day", accelerators: ["<Alt>Left"], title: tr("Previous day")),
            Binding(action: "win.next-day", accelerators: ["<Alt>Right"], title: tr("Next day")),
            Binding(action: "win.today", accelerators: ["<Alt>Home"], title: tr("Latest picture")),
            Binding(action: "win.reload", accelerators: ["F5"], title: tr("Reload (new batch in the grid)")),
            Binding(action: "app.random(0)", accelerators: ["<Ctrl>r"], title: tr("Random pictures")),
            Binding(action: "win.search", accelerators: ["<Ctrl>f"], title: tr("Search the archive")),
            Binding(action: "win.toggle-favourite", accelerators: ["<Ctrl>d"], title: tr("Add to or remove from favourites")),
        ]),
        (tr("Looking at a picture"), [
            Binding(action: "win.zoom-in", accelerators: ["<Ctrl>plus", "<Ctrl>equal", "<Ctrl>KP_Add"], title: tr("Zoom in (also Ctrl+scroll, pinch)")),
            Binding(action: "win.zoom-out", accelerators: ["<Ctrl>minus", "<Ctrl>KP_Subtract"], title: tr("Zoom out")),
            Binding(action: "win.zoom-fit", accelerators: ["<Ctrl>0", "<Ctrl>KP_0"], title: tr("Best fit")),
            Binding(action: "win.zoom-actual", accelerators: ["1", "KP_1"], title: tr("100 % (double-click toggles with best fit)")),
            Binding(action: "win.fullscreen", accelerators: ["F11"], title: tr("Fullscreen (Escape leaves)")),
            Binding(action: "win.previous", accelerators: ["Left"], title: tr("Previous picture of the grid's batch")),
            Binding(action: "win.next", accelerators: ["Right"], title: tr("Next picture of the grid's batch")),
        ]),
        (tr("General"), [
            Binding(action: "app.preferences", accelerators: ["<Ctrl>comma"], title: tr("Preferences")),
            Binding(action: "app.shortcuts", accelerators: ["<Ctrl>question"], title: tr("Keyboard shortcuts")),
            Binding(action: "window.close", accelerators: ["<Ctrl>w"], title: tr("Close window (Escape in a detail window)")),
            Binding(action: "app.quit", accelerators: ["<Ctrl>q"], title: tr("Quit")),
        ]),
    ]

    static func install(in application: Application) {
        for group in groups {
            for binding in group.bindings {
                application.setAccelerators(binding.accelerators, for: binding.action)
            }
        }
    }

    static var descriptions: [ShortcutGroup] {
        groups.map { group in
            ShortcutGroup(title: group.title, shortcuts: group.bindings.map {
                ShortcutDescription(title: $0.title, accelerators: $0.accelerators.joined(separator: " "))
            })
        }
    }
}
