import APODCore
import Foundation
import GtkKit

/// "Set as Background" for a detail window. The portal takes a file, so the picture's bytes
/// (as the service sent them, usually from the disk cache) are first written into the cache's
/// `wallpaper` folder, off the main thread; then the desktop is asked through the XDG portal,
/// which shows its own preview. Only the latest picture is kept in that folder.
@MainActor
final class BackgroundSetter {
    let button = Button(label: tr("Set as _Background"))
    /// The outcome in words, and whether it is a failure (shown as an error).
    var onOutcome: (@MainActor (_ message: String, _ isFailure: Bool) -> Void)?
    private let work = WorkSlot()
    /// The file last handed to the portal (tests).
    private(set) var lastFile: URL?

    init() {
        button.tooltip = tr("Use this picture as your desktop background")
        button.isSensitive = false
    }

    /// Writes `bytes` to `folder/fileName`, then asks the desktop to use it.
    func setBackground(fileName: String, folder: URL, bytes: @escaping @Sendable () async throws -> Data) {
        button.isSensitive = false
        work.start({
            let data = try await bytes()
            return try Self.write(data, named: fileName, in: folder)
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let file):
                self.lastFile = file
                WallpaperPortal.setWallpaper(fileAt: file.path) { [weak self] outcome in
                    self?.button.isSensitive = true
                    self?.onOutcome?(Self.message(for: outcome), outcome != .set && outcome != .cancelled)
                }
            case .failure(let error):
                self.button.isSensitive = true
                self.onOutcome?(userMessage(for: error), true)
            }
        })
    }

    func cancel() { work.cancel() }

    private nonisolated static func write(_ data: Data, named name: String, in folder: URL) throws -> URL {
        let manager = FileManager.default
        let file = folder.appendingPathComponent(name)
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for old in (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] where old != file {
                try? manager.removeItem(at: old)
            }
            try data.write(to: file, options: .atomic)
        } catch {
            throw APODError.cannotWriteFile(path: file.path)
        }
        return file
    }

    static func message(for outcome: WallpaperPortal.Outcome) -> String {
        switch outcome {
        case .set:
            return tr("Background set")
        case .cancelled:
            return tr("The background was not changed.")
        case .noPortal:
            return tr("No desktop portal is available, so the background cannot be set from here. Save the picture and choose it in your desktop's settings.")
        case .unreadableFile(let reason):
            return tr("The picture file could not be opened ({reason}).", ["reason": reason])
        case .refused:
            return tr("The desktop could not set the background. Save the picture and choose it in your desktop's settings.")
        }
    }
}
