import APODCore

/// Everything the windows need from outside: where entries and picture bytes come from and
/// what "today" is. Injected so tests can run the whole UI against a fake server or source.
public struct ViewerEnvironment: Sendable {
    public var source: any APODSource
    public var pictures: PictureLoader
    public var calendar: ArchiveCalendar

    public init(source: any APODSource, pictures: PictureLoader, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.source = source
        self.pictures = pictures
        self.calendar = calendar
    }
}
