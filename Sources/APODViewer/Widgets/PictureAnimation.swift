import GtkKit

/// Plays an animated GIF in a `Picture` once its frames are loaded (off the main thread), for
/// the main window, the grid's cells on hover, and the detail window. `stop` ends playback,
/// optionally putting back the still that was shown before.
@MainActor
final class PictureAnimation {
    private let picture: Picture
    private let work = WorkSlot()
    private(set) var player: AnimationPlayer?
    private var still: Texture?

    init(picture: Picture) {
        self.picture = picture
        picture.onDestroy { [weak self] in self?.stop(restoringStill: false) }
    }

    /// Loads the frames with `load` (nil: a still picture) and plays them over the current still.
    func start(_ load: @escaping @Sendable () async throws -> PixbufAnimation?) {
        stop(restoringStill: false)
        still = picture.texture
        work.start(load) { [weak self] result in
            guard let self, case .success(let frames?) = result else { return }
            self.player = AnimationPlayer(frames, in: self.picture)
        }
    }

    func stop(restoringStill: Bool) {
        work.cancel()
        let wasPlaying = player != nil
        player?.stop()
        player = nil
        if restoringStill, wasPlaying, let still { picture.setTexture(still) }
        still = nil
    }
}
