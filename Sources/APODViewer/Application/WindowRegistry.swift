import APODCore
import GtkKit

/// The windows the application has open: at most one main window and one preferences window,
/// one detail window per day shown and one grid window per sky object. Each is filed when it
/// opens and forgotten when it is destroyed; a detail window stepping to another day is filed
/// again under that day.
@MainActor
final class WindowRegistry {
    private(set) var main: MainWindow?
    private(set) var details: [APODDay: DetailWindow] = [:]
    private(set) var preferences: PreferencesWindow?
    /// By object id.
    private(set) var objectGrids: [String: ObjectGridWindow] = [:]
    /// The About window, while it is open.
    private(set) var about: Window?

    func file(_ main: MainWindow) {
        self.main = main
        main.window.onDestroy { [weak self] in self?.main = nil }
    }

    func file(_ detail: DetailWindow) {
        details[detail.entry.date] = detail
        detail.window.onDestroy { [weak self, weak detail] in
            self?.details = self?.details.filter { $0.value !== detail } ?? [:]
        }
        detail.entryChanged.subscribe { [weak self, weak detail] change in
            guard let self, let detail else { return }
            if self.details[change.old.date] === detail { self.details[change.old.date] = nil }
            if self.details[change.new.date] == nil { self.details[change.new.date] = detail }
        }.store(in: detail.subscriptions)
    }

    func file(_ preferences: PreferencesWindow) {
        self.preferences = preferences
        preferences.window.onDestroy { [weak self] in self?.preferences = nil }
    }

    func file(_ grid: ObjectGridWindow, for objectID: String) {
        objectGrids[objectID] = grid
        grid.window.onDestroy { [weak self] in self?.objectGrids[objectID] = nil }
    }

    func file(about: Window) {
        self.about = about
        about.onDestroy { [weak self] in self?.about = nil }
    }

    /// Every open window but About, the main window first.
    var open: [Window] {
        [main?.window, preferences?.window].compactMap { $0 } + details.values.map(\.window)
            + objectGrids.values.map(\.window)
    }

    /// The focused window, else the first open one.
    var active: Window? {
        open.first(where: \.isActive) ?? open.first
    }
}
