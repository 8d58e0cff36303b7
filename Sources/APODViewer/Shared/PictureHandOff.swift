import APODCore
import AdwKit
import Foundation
import GtkKit

/// Hands the picture on screen to other applications, as GNOME's image viewer does: Ctrl+C
/// copies the picture itself (its texture and its file) unless text is selected, Open With…
/// asks the desktop which application should open the file, Print puts it on a page with its
/// title, date and credit. The main and detail windows each have one.
@MainActor
final class PictureHandOff {
    /// What is on screen: the decoded picture, where its bytes come from, and whose it is.
    struct Current {
        let image: DecodedImage
        let source: (url: URL, purpose: ImagePurpose)
        let entry: APODEntry
    }

    /// The long side pictures are decoded at for the clipboard and for paper (about 14 in. at
    /// 300 dpi): the picture itself rather than the screen's copy, within bounded memory.
    nonisolated static let handOffLongSide = 4096

    private let window: Window
    private let toasts: ToastOverlay
    private let banner: MessageBanner
    private let pictures: PictureLoader
    private let folder: URL
    private let current: @MainActor () -> Current?
    private let fileWork = WorkSlot()
    private let printWork = WorkSlot()
    private let copyWork = WorkSlot()
    private var actions: [Action] = []
    /// The file of the picture on screen, once written (`prepare`).
    private(set) var file: (source: URL, file: PictureFile)?
    /// The file for the picture on screen is written (drag and the properties follow it).
    let fileReady = Event<PictureFile>()
    /// What Open With… did (tests).
    private(set) var lastOpenWith: OpenWith.Outcome?

    /// Copy Picture, Open With… and Print…, for a window's menu.
    static var menuSection: Menu {
        let menu = Menu()
        menu.append(tr("_Copy Picture"), action: WindowAction.copyPicture)
        menu.append(tr("_Open With…"), action: WindowAction.openWith)
        menu.append(tr("_Print…"), action: WindowAction.print)
        return menu
    }

    init(
        window: Window, toasts: ToastOverlay, banner: MessageBanner, environment: ViewerEnvironment,
        current: @escaping @MainActor () -> Current?
    ) {
        self.window = window
        self.toasts = toasts
        self.banner = banner
        pictures = environment.pictures
        folder = environment.handOffDirectory
        self.current = current
        actions = [
            Action(WindowAction.copyPicture) { [weak self] in self?.copy() },
            Action(WindowAction.openWith) { [weak self] in self?.openWith() },
            Action(WindowAction.print) { [weak self] in self?.printPicture() },
        ]
        actions.forEach { window.addAction($0) }
        window.onDestroy { [weak self] in
            self?.fileWork.cancel()
            self?.printWork.cancel()
            self?.copyWork.cancel()
        }
    }

    /// The actions act only while a picture is on screen (Ctrl+C still copies selected text).
    func setEnabled(_ enabled: Bool) {
        actions.dropFirst().forEach { $0.isEnabled = enabled }
    }

    /// Ctrl+C: the selected text when there is some (a label, an entry), else the picture.
    func copy() {
        if window.copyFocusedSelection() { return }
        copyPicture()
    }

    /// The picture decoded from its file (not the screen's smaller copy) and the file itself.
    func copyPicture() {
        guard let shown = current() else { return }
        withFile(of: shown) { [weak self] file in
            self?.copyWork.start(
                {
                    try TextureDecoder.decode(try RegularFile.read(file.url) ?? Data(), maxSize: Self.handOffLongSide)
                },
                then: { [weak self] result in
                    let texture = (try? result.get())?.texture ?? shown.image.texture
                    self?.window.copyPictureToClipboard(texture: texture, file: file.url)
                    self?.toasts.show(tr("Picture copied"))
                })
        }
    }

    /// Writes the file of the picture on screen now, so a drag or Ctrl+C finds it ready. A
    /// failure here is not said: nobody asked yet (the action that needs the file says it).
    func prepare() {
        guard let shown = current() else { return }
        withFile(of: shown, reportingFailure: false) { _ in }
    }

    /// The picture on screen changed: its file is not the one kept.
    func forget() {
        fileWork.cancel()
        printWork.cancel()
        copyWork.cancel()
        file = nil
    }

    func openWith() {
        guard let shown = current() else { return }
        withFile(of: shown) { [weak self] file in
            guard let self else { return }
            OpenWith.openFile(at: file.url.path, over: self.window) { [weak self] outcome in
                self?.lastOpenWith = outcome
                if case .failed(let reason) = outcome {
                    self?.banner.show(
                        tr("The picture could not be opened in another application: {reason}", ["reason": reason]))
                }
            }
        }
    }

    func printPicture() {
        render { [weak self] sheet, entry in
            guard let self else { return }
            if case .failed(let reason) = sheet.print(jobName: entry.shownTitle.text, over: self.window) {
                self.banner.show(tr("The picture could not be printed: {reason}", ["reason": reason]))
            }
        }
    }

    /// Print's page, written to a PDF at `path` instead of a printer (tests); `completion` gets
    /// the outcome.
    func exportPDF(to path: String, completion: @escaping @MainActor (PictureSheet.Outcome) -> Void) {
        render { sheet, entry in completion(sheet.exportPDF(to: path, jobName: entry.shownTitle.text)) }
    }

    /// Decodes the picture for paper (larger than the screen's) off the main thread, then hands
    /// the page to `use`.
    private func render(_ use: @escaping @MainActor (PictureSheet, APODEntry) -> Void) {
        guard let shown = current() else { return }
        let pictures = pictures
        let source = shown.source
        printWork.start(
            {
                let data = try await pictures.data(from: source.url, for: source.purpose)
                return try TextureDecoder.decode(data, maxSize: Self.handOffLongSide)
            },
            then: { [weak self] result in
                switch result {
                case .success(let image):
                    use(Self.sheet(for: shown.entry, texture: image.texture), shown.entry)
                case .failure(let error):
                    self?.banner.show(userMessage(for: error))
                }
            })
    }

    static func sheet(for entry: APODEntry, texture: Texture) -> PictureSheet {
        PictureSheet(
            texture: texture, heading: entry.shownTitle.text,
            lines: [entry.date.displayString] + [entry.copyrightLine].compactMap { $0 })
    }

    /// Runs `use` with the file of `shown`, writing it first (off the main thread) when needed.
    private func withFile(
        of shown: Current, reportingFailure: Bool = true,
        _ use: @escaping @MainActor (PictureFile) -> Void
    ) {
        if let file, file.source == shown.source.url {
            use(file.file)
            return
        }
        let pictures = pictures
        let folder = folder
        let source = shown.source
        let name = shown.entry.suggestedFileName
        fileWork.start(
            {
                try await PictureFile.prepare(
                    source.url, purpose: source.purpose, named: name, in: folder, pictures: pictures)
            },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let file):
                    self.file = (source.url, file)
                    self.fileReady.emit(file)
                    use(file)
                case .failure(let error):
                    if reportingFailure { self.banner.show(userMessage(for: error)) }
                }
            })
    }
}
