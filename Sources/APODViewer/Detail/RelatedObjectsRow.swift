import APODCore
import GtkKit

/// Under a detail window's explanation: the sky objects the entry is about, each as a chip that
/// opens its grid ("M31 · Andromeda Galaxy (87)"), and for the first objects a row "More of M31
/// (86)" of the other days' thumbnails, newest first, each opening its day. Read from the
/// archive index off the main thread; the thumbnails come through the app's `PictureLoader`
/// once the row is on screen. Hidden when the entry names no object (or there is no index).
@MainActor
final class RelatedObjectsRow {
    /// Objects with a row of thumbnails (the rest have their chip only).
    nonisolated static let objectsWithThumbnails = 2
    nonisolated static let thumbnailsPerObject = 8
    nonisolated static let chipLimit = 8
    static let thumbnailSize = PixelSize(width: 144, height: 96)

    let root = Box(.vertical, spacing: 8)
    let chipBox = Box(.horizontal, spacing: 6)
    private let sectionBox = Box(.vertical, spacing: 12)
    private(set) var chips: [(object: SkyObject, button: Button)] = []
    private(set) var sections: [Section] = []
    /// What the index answered for the entry shown (tests).
    private(set) var related: [RelatedEntries] = []
    private let archive: ArchiveAccess
    private let pictures: PictureLoader
    private let work = WorkSlot()
    private var isMapped = false

    /// A thumbnail was clicked: open that day.
    let entryActivated = Event<APODEntry>()
    /// A chip was clicked: open the object's grid.
    let objectActivated = Event<SkyObject>()

    /// One object's heading and thumbnails.
    @MainActor
    final class Section {
        let root = Box(.vertical, spacing: 6)
        let heading = Label()
        let thumbnails: [Thumbnail]

        init(_ related: RelatedEntries, open: @escaping @MainActor (APODEntry) -> Void) {
            heading.text = tr(
                "More of {object} ({count})",
                ["object": related.object.id, "count": DisplayNumber.grouped(max(0, related.count - 1))])
            heading.addCSSClass("heading")
            heading.setTextAlignment(0)
            root.append(heading)
            thumbnails = related.entries.map { Thumbnail($0, open: open) }
            let strip = Box(.horizontal, spacing: 8)
            thumbnails.forEach { strip.append($0.button) }
            let scroller = ScrolledWindow(child: strip, horizontal: true)
            scroller.setSizeRequest(height: RelatedObjectsRow.thumbnailSize.height + 40)
            root.append(scroller)
        }
    }

    /// One other day's thumbnail, as a button opening it.
    @MainActor
    final class Thumbnail {
        let entry: APODEntry
        let button: Button
        let picture = Picture(fit: .cover)
        private let work = WorkSlot()

        init(_ entry: APODEntry, open: @escaping @MainActor (APODEntry) -> Void) {
            self.entry = entry
            let overlay = Overlay.thumbnailFrame(
                picture, width: RelatedObjectsRow.thumbnailSize.width,
                height: RelatedObjectsRow.thumbnailSize.height)
            let column = Box(.vertical, spacing: 4)
            column.append(overlay)
            let date = Label(entry.date.displayString)
            date.addCSSClass("caption")
            column.append(date)
            button = Button(child: column)
            button.addCSSClass("flat")
            button.tooltip = entry.shownTitle.text
            button.setAccessibleLabel("\(entry.date.displayString): \(entry.shownTitle.text)")
            button.onClicked { [entry] in open(entry) }
        }

        var hasPicture: Bool { picture.texture != nil }
        var isLoading: Bool { work.isBusy }

        func load(with pictures: PictureLoader, scale: Int) {
            guard let url = entry.thumbnailSourceURL, !hasPicture, !work.isBusy else { return }
            let width = RelatedObjectsRow.thumbnailSize.width * max(1, scale)
            work.start(
                { try await pictures.picture(from: url, for: .thumbnail(width: width)) },
                then: { [weak self] result in
                    guard let self, case .success(let image) = result else { return }
                    self.picture.setTexture(image.texture)
                    self.picture.alternativeText = self.entry.pictureDescription
                })
        }

        func cancel() { work.cancel() }
    }

    init(archive: ArchiveAccess, pictures: PictureLoader) {
        self.archive = archive
        self.pictures = pictures
        root.isVisible = false
        root.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        let title = Label(tr("In This Picture"))
        title.addCSSClass("title-4")
        title.setTextAlignment(0)
        root.append(title)
        root.append(chipBox)
        root.append(sectionBox)
        root.onMap { [weak self] in
            self?.isMapped = true
            self?.loadThumbnails()
        }
    }

    /// Shows the objects of `entry` (read from the index in the background).
    func show(_ entry: APODEntry) {
        cancel()
        let archive = archive
        let day = entry.date
        work.start(
            {
                try archive.openIndex().related(
                    to: day, objects: Self.chipLimit, withEntries: Self.objectsWithThumbnails,
                    limit: Self.thumbnailsPerObject)
            },
            then: { [weak self] result in
                self?.fill((try? result.get()) ?? [])
            })
    }

    private func fill(_ found: [RelatedEntries]) {
        related = found
        chipBox.removeAllChildren()
        sectionBox.removeAllChildren()
        chips = []
        sections = []
        root.isVisible = !found.isEmpty
        for item in found.prefix(Self.chipLimit) {
            let chip = Button(label: "\(item.object.shownLabel) (\(item.count))")
            chip.tooltip = tr("Every picture of {object}, newest first", ["object": item.object.id])
            let object = item.object
            chip.onClicked { [weak self] in self?.objectActivated.emit(object) }
            chipBox.append(chip)
            chips.append((object, chip))
        }
        for item in found.prefix(Self.objectsWithThumbnails) where !item.entries.isEmpty {
            let section = Section(item) { [weak self] entry in self?.entryActivated.emit(entry) }
            sectionBox.append(section.root)
            sections.append(section)
        }
        loadThumbnails()
    }

    private func loadThumbnails() {
        guard isMapped else { return }
        let scale = root.scaleFactor
        for section in sections {
            section.thumbnails.forEach { $0.load(with: pictures, scale: scale) }
        }
    }

    func cancel() {
        work.cancel()
        sections.forEach { $0.thumbnails.forEach { $0.cancel() } }
    }
}
