import GtkKit

extension Overlay {
    /// A fixed-size frame with `picture` over it, cropped to fill: the frame's size, not the
    /// picture's, sets the cell's, so every thumbnail of a row is the same box.
    static func thumbnailFrame(_ picture: Picture, width: Int = -1, height: Int) -> Overlay {
        let frame = Box(.vertical)
        frame.setSizeRequest(width: width, height: height)
        let overlay = Overlay(child: frame)
        overlay.addCSSClass("view")
        overlay.clipsOverlays()
        overlay.addOverlay(picture)
        return overlay
    }
}
