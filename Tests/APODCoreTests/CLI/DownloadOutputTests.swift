import TestSupport
import XCTest

@testable import APODCore

#if canImport(Glibc)
    import Glibc
#endif

/// `apod download -o` against every kind of destination: special files are written through,
/// never replaced; folders, `-`, existing files and interrupted downloads.
final class DownloadOutputTests: CoreTestCase {
    private var home: URL!
    private var server: FakeHTTPServer!
    private var env: [String: String] = [:]
    /// While set, the picture never answers.
    private let hang = Locked(false)

    private static var png: Data { StructuredImages.png(width: 4, height: 4, idatBytes: 100) }
    private static let day = "2019-01-05"

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("apod-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let hang = self.hang
        let picture = Self.png
        let server = try FakeHTTPServer { request in
            switch request.path {
            case "/planetary/apod":
                let base = "http://\(request.headers["host"] ?? "")"
                return .json(
                    #"{"date":"2019-01-05","title":"Picture","media_type":"image","url":"\#(base)/small.png"}"#)
            case "/small.png":
                return hang.value ? FakeResponse(fault: .hang) : .data(picture, contentType: "image/png")
            default:
                return .html("<html>no</html>", status: 404)
            }
        }
        self.server = server
        env = [
            "APOD_SOURCE": "legacy",
            "APOD_API_URL": server.baseURL.appendingPathComponent("planetary/apod").absoluteString,
            "APOD_TIMEOUT": "20",
        ]
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    private func download(_ extra: [String]) throws -> APODProcess.Result {
        try APODProcess.run(
            ["download", Self.day] + extra, environment: APODProcess.environment(home: home, env), in: home)
    }

    private var pictureRequests: Int { server.requests.filter { $0.path == "/small.png" }.count }

    private func fileType(_ url: URL) -> mode_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    private func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasSuffix(".tmp") }
    }

    func testAFIFOIsWrittenThroughToItsReader() throws {
        let fifo = home.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let received = expectation(description: "the reader got the picture")
        let box = Locked<Data?>(nil)
        Thread.detachNewThread {
            box.value = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile()
            received.fulfill()
        }
        let result = try download(["-o", fifo.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        wait(for: [received], timeout: 10)
        XCTAssertEqual(box.value, Self.png)
        XCTAssertEqual(fileType(fifo), S_IFIFO, "still a FIFO")
    }

    func testACharacterDeviceIsWrittenThrough() throws {
        let result = try download(["-o", "/dev/null"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "/dev/null\n")
        XCTAssertEqual(fileType(URL(fileURLWithPath: "/dev/null")), S_IFCHR)
        let full = try download(["-o", "/dev/full"])
        XCTAssertEqual(full.status, 1)
        XCTAssertEqual(
            full.stderrLines,
            ["apod: " + APODError.cannotSave(path: "/dev/full", reason: String(cString: strerror(ENOSPC))).message])
    }

    func testASymlinkKeepsPointingAtItsTarget() throws {
        let target = home.appendingPathComponent("real.png")
        let link = home.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let first = try download(["-o", link.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(fileType(link), S_IFLNK, "a dangling link is followed and stays a link")
        XCTAssertEqual(try Data(contentsOf: target), Self.png)

        let refused = try download(["-o", link.path])
        XCTAssertEqual(refused.status, 1, "the target now exists: --force is needed")
        XCTAssertTrue(refused.stderr.contains(link.path), refused.stderr)

        try Data("old".utf8).write(to: target)
        let forced = try download(["-o", link.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(fileType(link), S_IFLNK)
        XCTAssertEqual(try Data(contentsOf: target), Self.png)
    }

    func testAFolderReceivesTheNamedFileAndAMissingOneIsAnErrorBeforeAnyTransfer() throws {
        let folder = home.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for output in [folder.path + "/", folder.path] {
            let result = try download(["-o", output, "--force"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, folder.appendingPathComponent("apod-2019-01-05.png").path + "\n")
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("apod-2019-01-05.png")), Self.png)

        let before = pictureRequests
        let missing = try download(["-o", home.appendingPathComponent("nowhere").path + "/"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderrLines.count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("nowhere/"), missing.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: home.appendingPathComponent("nowhere").path), "no folder was made")
        XCTAssertEqual(pictureRequests, before, "nothing was downloaded")
    }

    func testDashWritesThePictureToStandardOutput() throws {
        let result = try download(["-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutData, Self.png)
        XCTAssertEqual(try temporaryFiles(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("apod-2019-01-05.png").path))
    }

    func testAnExistingFileIsReplacedOnlyWithForce() throws {
        let file = home.appendingPathComponent("apod-2019-01-05.png")
        try Data("mine".utf8).write(to: file)
        let refused = try download([])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains(file.path) && refused.stderr.contains("--force"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: file), Data("mine".utf8))

        let before = pictureRequests
        let named = try download(["-o", file.path])
        XCTAssertEqual(named.status, 1, "a named path is no different")
        XCTAssertEqual(pictureRequests, before, "a named existing file is refused before the transfer")

        let forced = try download(["--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try Data(contentsOf: file), Self.png)
        XCTAssertEqual(fileType(file), S_IFREG)
        XCTAssertEqual(try temporaryFiles(), [])
    }

    func testInterruptedDownloadLeavesNoTemporaryFile() throws {
        hang.value = true
        let home = self.home!
        let interrupted = expectation(description: "the download was interrupted")
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
                if let name = names.first(where: { $0.hasSuffix(".tmp") }),
                    let pid = pid_t(name.split(separator: ".").dropLast().last?.dropFirst("apod-".count) ?? "")
                {
                    kill(pid, SIGINT)
                    interrupted.fulfill()
                    return
                }
                usleep(10_000)
            }
        }
        let result = try download([])
        wait(for: [interrupted], timeout: 20)
        XCTAssertTrue(result.signaled, "ended by the signal: \(result.status) \(result.stderr)")
        XCTAssertEqual(result.status, SIGINT)
        XCTAssertEqual(try temporaryFiles(), [])
    }

    func testTheNextRunRemovesADeadRunsTemporaryFile() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let abandoned = home.appendingPathComponent(".apod-2019-01-04.apod-\(finished.processIdentifier).tmp")
        let live = home.appendingPathComponent(".apod-2019-01-04.apod-\(getpid()).tmp")
        let another = home.appendingPathComponent(".notes.\(finished.processIdentifier).tmp")
        for file in [abandoned, live, another] { try Data("partial".utf8).write(to: file) }
        let result = try download([])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            Set(try temporaryFiles()), [live.lastPathComponent, another.lastPathComponent],
            "the running process's file and another program's stay")
    }
}
