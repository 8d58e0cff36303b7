import XCTest

@testable import APODCore

final class AtomicFileTests: CoreTestCase, @unchecked Sendable {
    func testReplacesWholeFilesAndCreatesFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)/a/b")
        defer {
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent())
        }
        let file = folder.appendingPathComponent("x.json")
        try AtomicFile.write(Data("one".utf8), to: file)
        try AtomicFile.write(Data("two".utf8), to: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "two")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["x.json"])
    }

    func testFailureLeavesNoTemporaryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("dir")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("child"), withIntermediateDirectories: true)
        XCTAssertThrowsError(
            try AtomicFile.write(Data("x".utf8), to: target), "cannot rename a file over a non-empty folder")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["dir"])
    }

    func testPermissionsAreAppliedToTheFinalFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret")
        try AtomicFile.write(Data("key".utf8), to: file, permissions: 0o600)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    /// After a power cut an unsynced rename can leave an empty file under the final name: the
    /// data must reach the disk before the rename, and the directory entry after it.
    func testFlushesTheFileBeforeTheRenameAndTheFolderAfterIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config")
        try AtomicFile.write(Data("old".utf8), to: file)
        var steps: [String] = []
        let durability = AtomicFile.Durability(
            syncFile: { handle in
                let written = try handle.offset()
                let target = try String(contentsOf: file, encoding: .utf8)
                steps.append("file \(written) bytes, target \(target)")
            },
            syncDirectory: { synced in
                let target = (try? String(contentsOf: file, encoding: .utf8)) ?? "?"
                steps.append("folder \(synced.lastPathComponent), target \(target)")
            })
        try AtomicFile.write(Data("new!".utf8), to: file, permissions: nil, durability: durability)
        XCTAssertEqual(steps, ["file 4 bytes, target old", "folder \(folder.lastPathComponent), target new!"])
    }
}
