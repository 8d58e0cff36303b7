/// One line of the bench's result, named as the JSON asks. The grid rows add their
/// own figures; a figure a row does not have is left out of its JSON.
struct BenchRow: Encodable {
    var name: String
    var flavour: String
    /// Until every thumbnail is decoded (pipeline rows) or shown (grid rows).
    var seconds: Double
    var mbDownloaded: Double
    var peakRSSMegabytes: Double
    /// The worst main-loop stall of the whole row, start-up included.
    var maxStallMilliseconds: Double
    /// When that stall happened, the CPU the main thread used during it, how long it waited
    /// for a core meanwhile and the CPU the whole process used (see `StallMonitor`).
    var stallAtSeconds: Double?
    var stallMainThreadCPUMilliseconds: Double?
    var stallRunQueueWaitMilliseconds: Double?
    var stallProcessCPUMilliseconds: Double?

    /// Viewer rows: the renderer (`gl`, `cairo` forced, or `auto`, the app's choice).
    var renderer: String?
    /// Viewer rows: GTK opening the display (GL loaded there on X11), then times since.
    var gtkInitSeconds: Double?
    var firstFrameSeconds: Double?
    var firstCellSeconds: Double?
    var firstPictureSeconds: Double?
    var cpuSeconds: Double?
    /// Grid rows: cells showing their picture at the end (short of the count at the deadline).
    var pictures: Int?
    /// Grid rows: the worst stall once the first cell was on screen.
    var maxStallLoadingMilliseconds: Double?
    /// The cold loopback grid: the bound it is compared with and the ratio.
    var boundSeconds: Double?
    var transferSeconds: Double?
    var decodeSeconds: Double?
    var boundRatio: Double?
    /// Archive index rows only (left out of the JSON when absent).
    var requests: Int?
    var databaseMegabytes: Double?
    var medianMilliseconds: Double?
    var p95Milliseconds: Double?
    var firstMilliseconds: Double?
    /// The slowest answer (objects look-ups, the Shell's search).
    var maxMilliseconds: Double?
    var entries: Int?
    /// Objects rows: the objects of the index and their mentions (entry and object pairs); for
    /// a measured object, the titles naming it, and recall and precision.
    var objects: Int?
    var mentions: Int?
    var titles: Int?
    var recall: Double?
    var precision: Double?
    /// The viewer's index row: its first window on screen, and the main window's request for
    /// the latest day (not part of the random batch).
    var startupSeconds: Double?
    var todayRequests: Int?
    /// The sync row: requests for video pages (`_fields=…basic_html`) among `requests`, and
    /// the videos in the archive. The month row: its month, and its videos with a player.
    var videoRequests: Int?
    var videos: Int?
    /// The sync row: the entries of the real sample's year among `entries` (`--sample` with
    /// `--browse-only`).
    var realDays: Int?
    /// The sync row: the days the service has no entry for and those that failed, after it.
    var absentDays: Int?
    var failedDays: Int?
    /// The viewer's index row: seconds from start until the grid held every cell.
    var allCellsSeconds: Double?
    var month: String?
    /// The browse row's own figures.
    var browse: BrowseMeasurement?

    enum CodingKeys: String, CodingKey {
        case name, flavour, seconds, pictures
        case mbDownloaded = "mb_downloaded"
        case peakRSSMegabytes = "peak_rss_mb"
        case maxStallMilliseconds = "max_stall_ms"
        case stallAtSeconds = "max_stall_at_s"
        case stallMainThreadCPUMilliseconds = "max_stall_main_cpu_ms"
        case stallRunQueueWaitMilliseconds = "max_stall_core_wait_ms"
        case stallProcessCPUMilliseconds = "max_stall_process_cpu_ms"
        case renderer
        case gtkInitSeconds = "gtk_init_s"
        case firstFrameSeconds = "first_frame_s"
        case firstCellSeconds = "first_cell_s"
        case firstPictureSeconds = "first_picture_s"
        case cpuSeconds = "cpu_s"
        case maxStallLoadingMilliseconds = "max_stall_loading_ms"
        case boundSeconds = "bound_s"
        case transferSeconds = "transfer_s"
        case decodeSeconds = "decode_s"
        case boundRatio = "bound_ratio"
        case requests
        case databaseMegabytes = "database_mb"
        case medianMilliseconds = "median_ms"
        case p95Milliseconds = "p95_ms"
        case firstMilliseconds = "first_ms"
        case maxMilliseconds = "max_ms"
        case entries, objects, mentions, titles, recall, precision
        case startupSeconds = "startup_s"
        case todayRequests = "today_requests"
        case videoRequests = "video_requests"
        case videos, month, browse
        case absentDays = "absent_days"
        case failedDays = "failed_days"
        case allCellsSeconds = "all_cells_s"
        case realDays = "real_days"
    }
}

extension BenchRow {
    /// A row with its stall's details (in an extension, so the memberwise initialiser stays).
    init(
        name: String, flavour: String, seconds: Double, mbDownloaded: Double, peakRSSMegabytes: Double,
        stall: StallMonitor.Stall
    ) {
        self.init(
            name: name, flavour: flavour, seconds: seconds, mbDownloaded: mbDownloaded,
            peakRSSMegabytes: peakRSSMegabytes, maxStallMilliseconds: stall.milliseconds,
            stallAtSeconds: stall.atSeconds, stallMainThreadCPUMilliseconds: stall.mainThreadCPUMilliseconds,
            stallRunQueueWaitMilliseconds: stall.runQueueWaitMilliseconds,
            stallProcessCPUMilliseconds: stall.processCPUMilliseconds)
    }
}

/// The whole run, as `--json` prints it.
struct BenchReport: Encodable {
    var count: Int
    var rows: [BenchRow]
    /// The `open` row's runs, when it ran.
    var open: OpenBench.Report?

    func row(_ kind: RowKind, _ flavour: Flavour) -> BenchRow? {
        row(kind.rawValue, flavour)
    }

    /// The row of that name and flavour; among viewer rows, the one under the app's own
    /// choice of renderer (what users get), which the targets judge.
    func row(_ name: String, _ flavour: Flavour) -> BenchRow? {
        rows.first {
            $0.name == name && $0.flavour == flavour.rawValue
                && ($0.renderer ?? RendererMode.automatic.rawValue) == RendererMode.automatic.rawValue
        }
    }
}
