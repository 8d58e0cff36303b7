import Foundation

/// What the last run learnt about drawing, kept in `$XDG_STATE_HOME/apod-viewer/renderer` so the
/// next start can skip the GL probe and, when cairo drew, keep GDK from loading GL at all
/// (docs/performance.md, "Renderer"). It holds for one display and one build of GTK and Mesa
/// (the fingerprint) and for a week, after which the next start probes again and writes anew.
public struct RendererRecord: Equatable, Sendable {
    /// How long a record is believed: a driver installed without touching the fingerprinted
    /// files (a GPU added, a new kernel module) is found within a week.
    public static let lifetime: TimeInterval = 7 * 24 * 3600

    /// The display and the library files' modification times it was written for.
    public var fingerprint: String
    /// The class of the renderer GTK made for the main window (`GskCairoRenderer`, `GskGLRenderer`).
    public var renderer: String
    /// GL_RENDERER of the GL context the probe made; nil when no GL context could be made.
    public var glRenderer: String?
    public var written: Date

    public init(fingerprint: String, renderer: String, glRenderer: String?, written: Date) {
        self.fingerprint = fingerprint
        self.renderer = renderer
        self.glRenderer = glRenderer
        self.written = written
    }

    /// Whether the record may stand in for a probe now: written for this `fingerprint`, less than
    /// `lifetime` ago and not in the future (a clock set back).
    public func isValid(for fingerprint: String, at now: Date) -> Bool {
        let age = now.timeIntervalSince(written)
        return fingerprint == self.fingerprint && age >= 0 && age < Self.lifetime
    }

    /// Whether cairo drew the window: GDK then need not load GL at the next start.
    public var drewWithCairo: Bool { renderer == "GskCairoRenderer" }

    /// `key=value` lines; a value never holds a line break (the fingerprint's are escaped).
    public var encoded: String {
        [
            "renderer=\(renderer)",
            "gl=\(glRenderer ?? "")",
            "written=\(Int(written.timeIntervalSince1970))",
            "fingerprint=\(fingerprint.replacingOccurrences(of: "\n", with: "|"))",
        ].joined(separator: "\n") + "\n"
    }

    /// The record `text` holds; nil when a field is missing or unreadable.
    public init?(encoded text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let renderer = fields["renderer"], !renderer.isEmpty, let gl = fields["gl"],
            let written = fields["written"].flatMap(Int.init), let fingerprint = fields["fingerprint"]
        else { return nil }
        self.init(
            fingerprint: fingerprint.replacingOccurrences(of: "|", with: "\n"), renderer: renderer,
            glRenderer: gl.isEmpty ? nil : gl, written: Date(timeIntervalSince1970: TimeInterval(written)))
    }

    /// `$XDG_STATE_HOME/apod-viewer/renderer` (`~/.local/state/…` when unset).
    public static func file(environment: [String: String]) -> URL {
        XDGFolders.stateHome(environment: environment).appendingPathComponent("apod-viewer/renderer")
    }

    /// The record in `file`; nil when there is none or it cannot be read.
    public static func load(from file: URL) -> RendererRecord? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap(RendererRecord.init(encoded:))
    }

    /// Replaces the record in `file`, without a flush: a lost record costs one probe.
    public func save(to file: URL) throws {
        try AtomicFile.writeCacheEntry(Data(encoded.utf8), to: file)
    }
}
