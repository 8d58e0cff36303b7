import AdwKit
import APODCore
import GtkKit

/// The archive wall in a window of its own ("Browse"), until the main window hosts it as a view.
@MainActor
final class BrowseWindow {
    let window: Window
    let wall: ArchiveWall

    init(application: Application, environment: ViewerEnvironment, archive: ArchiveAccess) {
        window = Window(application: application)
        window.title = tr("Browse the Archive")
        window.setDefaultSize(width: 1100, height: 820)
        let header = HeaderBar()
        header.setTitleWidget(WindowTitle(title: tr("Browse the Archive")))
        window.setTitlebar(header)
        window.addShortcut(trigger: "Escape", action: GtkWindowAction.close)
        wall = ArchiveWall(archive: archive, pictures: environment.pictures)
        window.setChild(wall.root)
        window.onDestroy { [weak self] in self?.wall.cancel() }
    }
}
