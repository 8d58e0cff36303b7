import Foundation

/// The real 2019 archive (NASA's text and 360 px pictures) outside the repository: the folder
/// `APOD_REAL_SAMPLE_DIR` names, or `../shared/apod-sample` beside the package. Tests that use it
/// skip when it is absent (a clean clone, CI); nothing of it is ever committed.
enum RealSample {
    static var folder: URL {
        if let given = ProcessInfo.processInfo.environment["APOD_REAL_SAMPLE_DIR"], !given.isEmpty {
            return URL(fileURLWithPath: given, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath)          // Tests/APODCoreTests/Support/this.swift
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent() // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/apod-sample", isDirectory: true)
    }

    /// `apod-2019.json`: the year as NASA's v1 API returned it.
    static var entriesFile: URL { folder.appendingPathComponent("apod-2019.json") }
}
