import Foundation

/// The app's AppStream metainfo (`data/io.github.apodviewer.APODViewer.metainfo.xml`,
/// installed under `share/metainfo`): where it is, and its releases, whose notes the About
/// window shows. The file is the app's own, so a small reader of its `<release>` elements is
/// enough; anything it cannot read gives no releases rather than an error.
public enum Metainfo {
    public static let fileName = "io.github.apodviewer.APODViewer.metainfo.xml"

    public struct Release: Equatable, Sendable {
        public let version: String
        public let date: String
        /// The `<description>`'s content as written: AppStream markup (`<p>`, `<ul>`, `<li>`),
        /// what libadwaita's About window reads, with the file's indentation removed.
        public let notes: String

        public init(version: String, date: String, notes: String) {
            self.version = version
            self.date = date
            self.notes = notes
        }
    }

    /// The installed file (beside the binaries' `share`, or in the XDG data folders), else the
    /// one in the source tree the binary was built from.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let candidates = XDGFolders.installed("metainfo/" + fileName, environment: environment) + [sourceTreeFile]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `data/<fileName>` in the package this was built from.
    static var sourceTreeFile: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data/" + fileName)
    }

    /// The releases in `text`, newest first as the file lists them.
    public static func releases(in text: String) -> [Release] {
        var releases: [Release] = []
        var rest = Substring(text)
        while let start = rest.range(of: "<release ") {
            rest = rest[start.upperBound...]
            guard let tagEnd = rest.firstIndex(of: ">") else { break }
            let attributes = rest[..<tagEnd]
            let selfClosing = attributes.hasSuffix("/")
            rest = rest[rest.index(after: tagEnd)...]
            var notes = ""
            if !selfClosing, let end = rest.range(of: "</release>") {
                notes = description(in: rest[..<end.lowerBound])
                rest = rest[end.upperBound...]
            }
            guard let version = attribute("version", in: attributes) else { continue }
            releases.append(Release(version: version, date: attribute("date", in: attributes) ?? "", notes: notes))
        }
        return releases
    }

    /// The notes of `version` in the file at `url`; empty when there are none.
    public static func notes(for version: String, in url: URL?) -> String {
        guard let url, let text = try? RegularFile.text(url) else { return "" }
        return releases(in: text).first { $0.version == version }?.notes ?? ""
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") ?? tag.range(of: "\(name)=\"") else { return nil }
        let value = tag[start.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return String(value[..<end])
    }

    private static func description(in release: Substring) -> String {
        guard let open = release.range(of: "<description>"),
            let close = release.range(of: "</description>", range: open.upperBound..<release.endIndex)
        else { return "" }
        let lines = release[open.upperBound..<close.lowerBound]
            .split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        // Lines of one paragraph are joined by a space; tags meet without one.
        return lines.reduce("") { text, line in
            text.isEmpty ? line : text + (text.hasSuffix(">") && line.hasPrefix("<") ? "" : " ") + line
        }
    }
}
