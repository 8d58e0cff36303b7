import APODCore
import Foundation
import GtkKit
import WallpaperComposition

/// "Set as Background" for a detail window. The portal takes a file, so the picture (usually
/// from the disk cache) is first made into the same background copy as the daily background
/// makes (`DailyBackground.backgroundCopy`: fitted to the largest monitor, with the caption
/// card when the user chose it) and written into the cache's `wallpaper` folder, off the main
/// thread; then the desktop is asked through the XDG portal, which shows its own preview.
/// Only the latest picture is kept in that folder; the cached picture is never changed.
/// An APOD-hosted video gives the frame 10 % into it, as the daily background does
/// (`VideoFrameStill`); its poster when it gives none.
@MainActor
final class BackgroundSetter {
    let button = Button(label: tr("Set as _Background"))
    /// The outcome in words, whether it is a failure (shown as an error), and whether saving
    /// the picture is the way left (no portal, or the desktop refused), so Save is offered.
    let finished = Event<(message: String, isFailure: Bool, offersSave: Bool)>()
    private let work = WorkSlot()
    /// Takes an APOD-hosted video's frame (nil: a video day offers nothing to set).
    var frames: VideoFrameStill?
    /// The file last handed to the portal (tests).
    private(set) var lastFile: URL?
    /// The window the desktop's preview belongs to.
    weak var parent: Window?

    init() {
        button.tooltip = tr("Use this picture as your desktop background")
        button.isSensitive = false
    }

    /// The largest monitor (nil without a display); tests may stand in another.
    var screen: @MainActor () -> Monitors.Size? = { Monitors.largest() }

    /// Makes `entry`'s background copy of `bytes` with the daily background's fit and caption
    /// (`settings`, read off the main thread), writes it into `folder`, then asks the desktop
    /// to use it.
    func setBackground(
        _ entry: APODEntry, folder: URL, settings: @escaping @Sendable () -> DailySettings,
        bytes: @escaping @Sendable () async throws -> Data
    ) {
        make(entry, folder: folder, settings: settings, isFrame: false, bytes: bytes)
    }

    /// As `setBackground(_:folder:settings:bytes:)` with the frame 10 % into the APOD-hosted
    /// `video`; when it gives none, with `poster` (nil: the reason is shown).
    func setBackground(
        _ entry: APODEntry, video: URL, folder: URL, settings: @escaping @Sendable () -> DailySettings,
        poster: (@Sendable () async throws -> Data)?
    ) {
        guard let frames else { return }
        button.isSensitive = false
        frames.frame(of: video) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let frame):
                self.make(entry, folder: folder, settings: settings, isFrame: true) { frame }
            case .failure(let error):
                if let poster {
                    self.make(
                        entry, folder: folder, settings: settings, isFrame: false,
                        instead: userMessage(for: error), bytes: poster)
                } else {
                    self.button.isSensitive = true
                    self.finished.emit((userMessage(for: error), true, false))
                }
            }
        }
    }

    /// - Parameter instead: why the video's poster is used rather than its frame, said with the outcome.
    private func make(
        _ entry: APODEntry, folder: URL, settings: @escaping @Sendable () -> DailySettings, isFrame: Bool,
        instead: String? = nil, bytes: @escaping @Sendable () async throws -> Data
    ) {
        button.isSensitive = false
        let target = DailyBackground.Target(monitor: screen())
        work.start(
            {
                let data = try await bytes()
                let chosen = settings()
                let caption = Caption(entry: entry, style: chosen.caption)
                let copy = try DailyBackground.backgroundCopy(of: data, for: target, fit: chosen.fit, caption: caption)
                // A video's frame is a JPEG however the video's file is named.
                let composed = isFrame || target.canvas != nil || caption != nil
                return try Self.write(
                    copy, named: composed ? Self.jpegName(entry.suggestedFileName) : entry.suggestedFileName,
                    in: folder)
            },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let file):
                    self.lastFile = file
                    WallpaperPortal.setWallpaper(fileAt: file.path, parent: self.parent) { [weak self] outcome in
                        self?.button.isSensitive = true
                        var message = Self.message(for: outcome)
                        if outcome == .set, let instead {
                            message = tr("Background set to the video's poster. {reason}", ["reason": instead])
                        }
                        self?.finished.emit(
                            (
                                message, outcome != .set && outcome != .cancelled,
                                outcome == .noPortal || outcome == .refused
                            ))
                    }
                case .failure(let error):
                    self.button.isSensitive = true
                    self.finished.emit((userMessage(for: error), true, false))
                }
            })
    }

    func cancel() {
        work.cancel()
        frames?.cancel()
    }

    /// `name` with a `.jpg` ending: the background copy is a JPEG whatever the picture was.
    nonisolated static func jpegName(_ name: String) -> String {
        let url = URL(fileURLWithPath: name)
        return url.pathExtension.lowercased() == "jpg" ? name : url.deletingPathExtension().lastPathComponent + ".jpg"
    }

    private nonisolated static func write(_ data: Data, named name: String, in folder: URL) throws -> URL {
        let manager = FileManager.default
        let file = folder.appendingPathComponent(name)
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for old in (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            where old != file {
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
            return tr(
                "No desktop portal is available, so the background cannot be set from here. Save the picture and choose it in your desktop's settings."
            )
        case .unreadableFile(let reason):
            return tr("The picture file could not be opened ({reason}).", ["reason": reason])
        case .refused:
            return tr(
                "The desktop could not set the background. Save the picture and choose it in your desktop's settings.")
        case .timedOut:
            return tr(
                "The desktop did not answer within {seconds} seconds, so the background was not changed.",
                ["seconds": String(Int(PortalRequest.timeLimit.rounded()))])
        }
    }
}

extension DailyBackground.Target {
    /// A background for `monitor` at its device pixels (none without a display).
    init(monitor: Monitors.Size?) {
        guard let monitor else {
            self.init(canvas: nil, scaleFactor: 1)
            return
        }
        self.init(
            canvas: CanvasSize(width: monitor.width * monitor.scale, height: monitor.height * monitor.scale),
            scaleFactor: monitor.scale)
    }
}
