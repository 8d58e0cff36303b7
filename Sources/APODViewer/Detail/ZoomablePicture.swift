import APODCore
import Foundation
import GtkKit

/// A picture to look at closely, as in GNOME's image viewer: shown at best fit, zoomed with
/// Ctrl+scroll or a pinch about the pointer, with the window's zoom keys (`zoomIn()`, …), the
/// − / + buttons beside the zoom level (`ZoomControls`, shown while zoomed, and in fullscreen
/// with its other controls) or a double-click (fit ⇄ 100 %), and panned by dragging or with
/// the scrollbars.
///
/// `zoom` is measured against the picture's original size, not the texture's, so a texture
/// decoded smaller than the file keeps its place when the full-resolution one replaces it.
/// That replacement is fetched only once the user zooms past what the shown texture holds
/// (a spinner on the picture meanwhile), through `fullResolution`.
///
/// Layout: the GtkPicture sits in a scrolled window with a size request of the zoomed size;
/// while that is smaller than the view, margins centre it, so GtkPicture's "contain" never
/// scales it beyond the zoom.
@MainActor
final class ZoomablePicture {
    static let minimumZoom = 0.02
    static let maximumZoom = 16.0
    /// One Ctrl+plus or wheel notch.
    static let zoomStep = 1.25

    let root: Overlay
    let scroller: ScrolledWindow
    let picture = Picture(fit: .contain)
    /// Shown while the full-resolution picture is being fetched and decoded.
    let spinner = Spinner(size: 32)
    /// Says when even the full-resolution picture is shown reduced, or could not be loaded.
    let note = Label()
    /// The zoom level with − and + buttons, at the bottom corner.
    let zoomControls = ZoomControls()
    /// Whether fullscreen shows its controls now (nil outside fullscreen, where the zoom
    /// controls show while the picture is zoomed).
    var fullscreenControlsShown: Bool? {
        didSet { updateZoomControls() }
    }
    /// Logical pixels per original picture pixel.
    private(set) var zoom = 1.0
    /// Whether the zoom follows the view's size (best fit) rather than the user's choice.
    private(set) var isBestFit = true
    private(set) var image: DecodedImage?
    /// The scrolled window the picture sits in (the detail window's column): the wheel over a
    /// picture with nothing to pan scrolls it, instead of stopping at the picture.
    weak var enclosingScroller: ScrolledWindow?
    /// Loads the picture at full resolution; nil when there is nothing better than `image`.
    private var fullResolution: (@Sendable () async throws -> DecodedImage)?
    private let fullResolutionWork = WorkSlot()
    /// Plays an animated GIF's frames in `picture`.
    private var animation: PictureAnimation!
    var player: AnimationPlayer? { animation.player }
    private var pointer: MotionController!
    private var wheel: ScrollController!
    private var pinch: (zoom: Double, x: Double, y: Double)?
    private var dragStart: (x: Double, y: Double)?
    private var layoutPending = false

    init() {
        scroller = ScrolledWindow(child: picture, horizontal: true)
        scroller.scrollBothWays()
        scroller.horizontalExpand = true
        scroller.verticalExpand = true
        root = Overlay(child: scroller)
        root.addCSSClass("zoomable-picture")

        spinner.horizontalAlign = .end
        spinner.verticalAlign = .start
        spinner.setMargins(12)
        spinner.isVisible = false
        root.addOverlay(spinner)
        note.addCSSClass("osd")
        note.addCSSClass("zoom-note")
        note.horizontalAlign = .center
        note.verticalAlign = .end
        note.setMargins(12)
        note.enableWrapping()
        note.isVisible = false
        root.addOverlay(note)
        zoomControls.root.horizontalAlign = .end
        zoomControls.root.verticalAlign = .end
        zoomControls.root.setMargins(12)
        zoomControls.root.isVisible = false
        root.addOverlay(zoomControls.root)
        zoomControls.zoomOutButton.onClicked { [weak self] in self?.zoomOut() }
        zoomControls.zoomInButton.onClicked { [weak self] in self?.zoomIn() }

        pointer = MotionController(on: scroller)
        wheel = ScrollController(on: scroller) { [weak self] _, dy in
            guard let self else { return false }
            return self.wheelScrolled(by: dy, zooming: self.wheel.isControlPressed)
        }
        _ = ZoomGesture(
            on: scroller,
            onBegin: { [weak self] x, y in
                guard let self else { return }
                self.pinch = (self.zoom, x, y)
            },
            onScale: { [weak self] factor in
                guard let self, let pinch = self.pinch else { return }
                self.setZoom(pinch.zoom * factor, about: (pinch.x, pinch.y))
            })
        _ = DragGesture(
            on: scroller,
            onBegin: { [weak self] _, _ in
                guard let self else { return }
                self.dragStart = (self.scroller.horizontalAdjustment.value, self.scroller.verticalAdjustment.value)
            },
            onUpdate: { [weak self] dx, dy in
                guard let self, let start = self.dragStart else { return }
                self.scroller.horizontalAdjustment.value = start.x - dx
                self.scroller.verticalAdjustment.value = start.y - dy
            })
        _ = ClickGesture(on: scroller) { [weak self] count, x, y in
            if count == 2 { self?.toggleBestFit(about: (x, y)) }
        }
        scroller.horizontalAdjustment.onChanged { [weak self] in self?.viewResized() }
        scroller.verticalAdjustment.onChanged { [weak self] in self?.viewResized() }
        animation = PictureAnimation(picture: picture)
        root.onDestroy { [weak self] in self?.fullResolutionWork.cancel() }
    }

    /// Shows `image` at best fit. `fullResolution` loads the picture at its full size once the
    /// user zooms past `image`'s pixels (pass nil when `image` is already all there is).
    /// `animation` loads the frames when the picture may be an animated GIF; they replace the
    /// still once loaded.
    func show(
        _ image: DecodedImage, fullResolution: (@Sendable () async throws -> DecodedImage)?,
        animation: (@Sendable () async throws -> PixbufAnimation?)? = nil
    ) {
        fullResolutionWork.cancel()
        self.animation.stop(restoringStill: false)
        spinner.isSpinning = false
        spinner.isVisible = false
        note.isVisible = false
        self.image = image
        self.fullResolution = image.isReduced ? fullResolution : nil
        picture.setTexture(image.texture)
        bestFit()
        if let animation { self.animation.start(animation) }
    }

    /// Ctrl+wheel zooms about the pointer; the plain wheel pans a picture larger than the view,
    /// and otherwise scrolls the enclosing scrolled window. Returns whether it used the event.
    func wheelScrolled(by dy: Double, zooming: Bool) -> Bool {
        guard dy != 0 else { return false }
        if zooming {
            zoom(by: pow(Self.zoomStep, -dy), about: pointer.position)
            return true
        }
        let horizontal = scroller.horizontalAdjustment
        let vertical = scroller.verticalAdjustment
        let pans = horizontal.upper > horizontal.pageSize + 0.5 || vertical.upper > vertical.pageSize + 0.5
        guard !pans, let outer = enclosingScroller, outer.isMapped else { return false }
        // GTK's own wheel step: the page size to the power 2/3.
        let adjustment = outer.verticalAdjustment
        adjustment.value = adjustment.value + dy * pow(adjustment.pageSize, 2.0 / 3.0)
        return true
    }

    /// The zoom at which the whole picture fits the view, never above 100 %.
    var bestFitZoom: Double {
        guard let image, scroller.width > 0, scroller.height > 0 else { return actualSizeZoom }
        let fit = min(
            Double(scroller.width) / Double(image.originalWidth),
            Double(scroller.height) / Double(image.originalHeight))
        return min(fit, actualSizeZoom)
    }

    /// 100 %: one picture pixel per screen pixel.
    var actualSizeZoom: Double { 1 / Double(max(1, picture.scaleFactor)) }

    func zoomIn() { zoom(by: Self.zoomStep, about: nil) }
    func zoomOut() { zoom(by: 1 / Self.zoomStep, about: nil) }

    /// Ctrl+0: the whole picture, following the view's size from now on.
    func bestFit() {
        isBestFit = true
        applyZoom(bestFitZoom, about: nil)
    }

    /// 1: one picture pixel per screen pixel, about `point` (view coordinates) or the centre.
    func actualSize(about point: (x: Double, y: Double)? = nil) {
        setZoom(actualSizeZoom, about: point)
    }

    /// Double-click: best fit when zoomed, 100 % about the click when fitting (200 % when the
    /// picture already fits at 100 %, so the double-click always shows something closer).
    func toggleBestFit(about point: (x: Double, y: Double)?) {
        guard isBestFit else { return bestFit() }
        setZoom(zoom < actualSizeZoom ? actualSizeZoom : 2 * actualSizeZoom, about: point)
    }

    func zoom(by factor: Double, about point: (x: Double, y: Double)?) {
        setZoom(zoom * factor, about: point)
    }

    /// Sets a zoom chosen by the user, keeping the picture point under `point` (view
    /// coordinates; the view's centre when nil) where it is.
    func setZoom(_ value: Double, about point: (x: Double, y: Double)?) {
        guard image != nil else { return }
        isBestFit = false
        applyZoom(min(max(value, Self.minimumZoom), Self.maximumZoom), about: point)
        loadFullResolutionIfNeeded()
    }

    /// The zoomed picture's size in logical pixels.
    var zoomedSize: (width: Double, height: Double) {
        guard let image else { return (0, 0) }
        return (Double(image.originalWidth) * zoom, Double(image.originalHeight) * zoom)
    }

    private func applyZoom(_ newZoom: Double, about point: (x: Double, y: Double)?) {
        guard image != nil else { return }
        let horizontal = scroller.horizontalAdjustment
        let vertical = scroller.verticalAdjustment
        let anchor = point ?? (Double(scroller.width) / 2, Double(scroller.height) / 2)
        // Where the anchor is, as a fraction of the picture, before zooming.
        let old = zoomedSize
        let oldMargins = margins(for: old)
        let fractionX = old.width > 0 ? (horizontal.value + anchor.x - Double(oldMargins.x)) / old.width : 0.5
        let fractionY = old.height > 0 ? (vertical.value + anchor.y - Double(oldMargins.y)) / old.height : 0.5
        zoom = newZoom
        let new = zoomedSize
        let newMargins = margins(for: new)
        picture.setSizeRequest(width: Int(new.width.rounded()), height: Int(new.height.rounded()))
        picture.setMargins(top: newMargins.y, bottom: newMargins.y, start: newMargins.x, end: newMargins.x)
        horizontal.setContent(
            length: new.width + Double(2 * newMargins.x),
            value: Double(newMargins.x) + fractionX * new.width - anchor.x)
        vertical.setContent(
            length: new.height + Double(2 * newMargins.y),
            value: Double(newMargins.y) + fractionY * new.height - anchor.y)
        updateZoomControls()
    }

    /// The zoom as the level shows it: 1 at 100 %.
    var zoomLevel: Double { zoom / actualSizeZoom }

    private func updateZoomControls() {
        zoomControls.show(level: zoomLevel)
        zoomControls.root.isVisible = image != nil && (fullscreenControlsShown ?? !isBestFit)
    }

    /// The margins that centre a picture of `size` in the view while it is smaller than it.
    private func margins(for size: (width: Double, height: Double)) -> (x: Int, y: Int) {
        (
            max(0, Int(((Double(scroller.width) - size.width) / 2).rounded(.down))),
            max(0, Int(((Double(scroller.height) - size.height) / 2).rounded(.down)))
        )
    }

    /// The view changed size: refit at best fit, re-centre otherwise. Deferred to after the
    /// layout that reported it, since changing sizes while allocating would be ignored.
    private func viewResized() {
        guard !layoutPending, image != nil else { return }
        layoutPending = true
        MainThread.post { [weak self] in
            guard let self else { return }
            self.layoutPending = false
            let target = self.isBestFit ? self.bestFitZoom : self.zoom
            let size = self.zoomedSize
            let current = self.margins(for: size)
            if target != self.zoom || current.x != self.pictureMargins.x || current.y != self.pictureMargins.y {
                self.applyZoom(target, about: nil)
            }
        }
    }

    private var pictureMargins: (x: Int, y: Int) { (picture.marginStart, picture.marginTop) }

    /// Starts fetching the full-resolution picture once the zoom shows the texture's pixels
    /// larger than the screen's.
    private func loadFullResolutionIfNeeded() {
        guard let image, let load = fullResolution, !fullResolutionWork.isBusy, player == nil,
            zoom * Double(image.originalWidth) * Double(max(1, picture.scaleFactor)) > Double(image.width)
        else { return }
        spinner.isVisible = true
        spinner.isSpinning = true
        fullResolutionWork.start(load) { [weak self] result in
            guard let self else { return }
            self.spinner.isSpinning = false
            self.spinner.isVisible = false
            self.fullResolution = nil
            switch result {
            case .success(let full):
                self.image = full
                self.picture.setTexture(full.texture)
                if full.isReduced {
                    self.showNote(
                        tr(
                            "Shown reduced: the full picture, {width} × {height} pixels, is too large to show whole",
                            ["width": String(full.originalWidth), "height": String(full.originalHeight)]))
                }
            case .failure(let error):
                self.showNote(userMessage(for: error))
            }
        }
    }

    private func showNote(_ text: String) {
        note.text = text
        note.isVisible = true
    }
}
