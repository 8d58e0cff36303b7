/// One line of the bench's result, named as the JSON asks.
struct BenchRow: Encodable {
    var name: String
    var flavour: String
    var seconds: Double
    var mbDownloaded: Double
    var peakRSSMegabytes: Double
    var maxStallMilliseconds: Double
    /// Archive index rows only (left out of the JSON when absent).
    var requests: Int?
    var databaseMegabytes: Double?
    var medianMilliseconds: Double?
    var p95Milliseconds: Double?
    var firstMilliseconds: Double?
    var entries: Int?

    enum CodingKeys: String, CodingKey {
        case name, flavour, seconds
        case mbDownloaded = "mb_downloaded"
        case peakRSSMegabytes = "peak_rss_mb"
        case maxStallMilliseconds = "max_stall_ms"
        case requests
        case databaseMegabytes = "database_mb"
        case medianMilliseconds = "median_ms"
        case p95Milliseconds = "p95_ms"
        case firstMilliseconds = "first_ms"
        case entries
    }
}

/// The whole run, as `--json` prints it.
struct BenchReport: Encodable {
    var count: Int
    var rows: [BenchRow]

    func row(_ kind: RowKind, _ flavour: Flavour) -> BenchRow? {
        rows.first { $0.name == kind.rawValue && $0.flavour == flavour.rawValue }
    }
}
