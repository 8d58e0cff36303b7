import APODCore
import Foundation

/// Ctrl+C in the main window copies the picture on screen, as in a detail window (and the
/// selected text when there is some); Ctrl+Shift+C copies the page link (`EntryClipboard`).
extension MainWindow {
    var handOffPicture: PictureHandOff.Current? {
        guard let entry, let image = pictureView.shownImage, let url = entry.displayPictureURL else { return nil }
        return PictureHandOff.Current(image: image, source: (url, .display), entry: entry)
    }
}
