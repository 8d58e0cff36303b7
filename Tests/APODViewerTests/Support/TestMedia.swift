import APODCore
import Foundation
import TestSupport

/// The videos `scripts/make-test-media` writes with GStreamer's test source, made once per
/// build folder (`.build/test-media`) at test time, never committed; and a loopback server
/// for them at APOD's real paths (`/apod/image/2607/clip.mp4`).
enum TestMedia {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../.build/test-media", isDirectory: true).standardized
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../scripts/make-test-media").standardized

    /// The H.264 mp4 (3 s, 320×180) and the VP9 WebM (1 s, 160×90).
    static func clips() throws -> (mp4: Data, webm: Data) {
        let mp4 = directory.appendingPathComponent("clip.mp4")
        let webm = directory.appendingPathComponent("clip.webm")
        if !FileManager.default.fileExists(atPath: mp4.path) || !FileManager.default.fileExists(atPath: webm.path) {
            let outcome = try ChildProcess.run(script, [directory.path], timeout: 120)
            guard outcome.status == 0 else {
                throw NSError(
                    domain: "TestMedia", code: Int(outcome.status),
                    userInfo: [NSLocalizedDescriptionKey: "make-test-media: \(outcome.output)"])
            }
        }
        return (try Data(contentsOf: mp4), try Data(contentsOf: webm))
    }

    /// `mp4` with its video track's codec renamed to one no GStreamer plug-in decodes.
    static func unknownCodec(_ mp4: Data) -> Data {
        var bytes = [UInt8](mp4)
        let avc1 = Array("avc1".utf8)
        for index in 0..<(bytes.count - 4) where Array(bytes[index..<index + 4]) == avc1 {
            bytes.replaceSubrange(index..<index + 4, with: Array("zz9x".utf8))
        }
        return Data(bytes)
    }
}
