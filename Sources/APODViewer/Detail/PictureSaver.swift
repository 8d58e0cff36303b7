import APODCore
import AdwKit
import Foundation
import GtkKit

/// Save for a detail window: asks where (the desktop's file chooser), writes the picture's
/// bytes as the service sent them off the main thread, then says where in a toast with Open
/// Folder; a failure is said in the window's banner.
@MainActor
final class PictureSaver {
    private let window: Window
    private let toasts: ToastOverlay
    private let banner: MessageBanner
    private let pictures: PictureLoader
    private let work = WorkSlot()

    init(window: Window, toasts: ToastOverlay, banner: MessageBanner, pictures: PictureLoader) {
        self.window = window
        self.toasts = toasts
        self.banner = banner
        self.pictures = pictures
    }

    /// The folder the last picture was saved in, while the app runs: the next Save starts
    /// there rather than in the folder the app happened to be started from.
    private(set) static var lastFolder: String?

    /// Where Save starts: the folder last saved in, else the Pictures folder.
    static var startFolder: String {
        if let lastFolder, FileManager.default.fileExists(atPath: lastFolder) { return lastFolder }
        return Window.picturesFolder
    }

    /// Asks where to save `source`, suggesting `entry`'s file name, in `startFolder`.
    func save(_ source: URL, purpose: ImagePurpose, of entry: APODEntry) {
        window.chooseSaveLocation(
            title: tr("Save Picture"), suggestedName: entry.suggestedFileName, in: Self.startFolder,
            acceptLabel: tr("_Save"), cancelLabel: tr("_Cancel")
        ) { [weak self] path in
            if let path { self?.write(source, purpose: purpose, to: path) }
        }
    }

    /// Writes the bytes of `source` to `path`.
    func write(_ source: URL, purpose: ImagePurpose, to path: String) {
        let pictures = pictures
        work.start(
            {
                let data = try await pictures.data(from: source, for: purpose)
                do {
                    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw APODError.cannotSave(path: path, reason: tr("the folder does not exist or is not writable"))
                }
            },
            then: { [weak self] result in
                switch result {
                case .success:
                    Self.lastFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                    self?.announceSaved(at: path)
                case .failure(let error):
                    self?.banner.show(userMessage(for: error))
                }
            })
    }

    func cancel() { work.cancel() }

    /// "Saved to …" with Open Folder, which shows the folder in the file manager.
    private func announceSaved(at path: String) {
        let file = URL(fileURLWithPath: path)
        toasts.show(tr("Saved to {file}", ["file": file.lastPathComponent]), buttonLabel: tr("_Open Folder")) {
            [weak self] in
            guard let self else { return }
            self.window.showURI(file.deletingLastPathComponent().absoluteString) { [weak self] _ in
                self?.banner.show(
                    tr(
                        "No file manager could open the folder. The picture is in {folder}.",
                        ["folder": file.deletingLastPathComponent().path]))
            }
        }
    }
}
