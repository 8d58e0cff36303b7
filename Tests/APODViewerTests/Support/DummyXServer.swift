import Foundation
import TestSupport
import XCTest

/// A real X server with RandR 1.5 monitors, for tests of the monitors GTK reads: Xorg with the
/// dummy video driver (16 virtual outputs, `DUMMY0`…), on a display number it picks itself
/// (`-displayfd`), configured with `xrandr` as a user would. Xvfb cannot do this: it has one
/// output and keeps no `xrandr --setmonitor` monitors.
final class DummyXServer: @unchecked Sendable {
    static let xorg = URL(fileURLWithPath: "/usr/lib/xorg/Xorg")
    static let driver = URL(fileURLWithPath: "/usr/lib/xorg/modules/drivers/dummy_drv.so")
    static let xrandr = URL(fileURLWithPath: "/usr/bin/xrandr")

    /// ":N".
    let display: String
    private let process = Process()

    /// Starts the server and waits for its display; skips where Xorg, its dummy driver or
    /// `xrandr` are missing (`scripts/install-deps` installs them) or Xorg may not run (it
    /// needs root).
    init(folder: URL) throws {
        for file in [Self.xorg, Self.driver, Self.xrandr] where !FileManager.default.fileExists(atPath: file.path) {
            throw XCTSkip("Xorg with the dummy driver is missing (\(file.path)); scripts/install-deps installs it")
        }
        guard getuid() == 0 else { throw XCTSkip("Xorg with the dummy driver needs root here") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("xorg.conf")
        try Self.config.write(to: config, atomically: true, encoding: .utf8)
        let numberFile = folder.appendingPathComponent("display")
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "exec \"$0\" -displayfd 3 -config \"$1\" -configdir \"$2\" -noreset -nolisten tcp -logfile \"$3\" 3>\"$4\"",
            Self.xorg.path, config.path, folder.path, folder.appendingPathComponent("xorg.log").path, numberFile.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date() + 20
        var number = ""
        while Date() < deadline, process.isRunning {
            number = ((try? String(contentsOf: numberFile, encoding: .utf8)) ?? "").trimmingCharacters(
                in: .whitespacesAndNewlines)
            if !number.isEmpty { break }
            usleep(50_000)
        }
        guard !number.isEmpty else {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            let log = (try? String(contentsOf: folder.appendingPathComponent("xorg.log"), encoding: .utf8)) ?? ""
            throw Failed(what: "Xorg did not start: \(log.suffix(600))")
        }
        display = ":" + number
    }

    /// Runs `xrandr` with `arguments` on this server.
    @discardableResult
    func xrandr(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let outcome = try ChildProcess.run(Self.xrandr, arguments, environment: environment, timeout: 20)
        guard outcome.status == 0 else {
            throw Failed(what: "xrandr \(arguments.joined(separator: " ")): \(outcome.output)")
        }
        return outcome.output
    }

    /// A `WxH-test` mode (60 Hz, blanking as CVT's reduced blanking) that `output` may use.
    func addMode(width: Int, height: Int, to output: String) throws {
        let name = "\(width)x\(height)-test"
        let timings = [width, width + 48, width + 80, width + 160, height, height + 3, height + 10, height + 30]
        let clock = String(format: "%.2f", Double((width + 160) * (height + 30) * 60) / 1_000_000)
        if !(try xrandr(["-q"])).contains(name) {
            try xrandr(["--newmode", name, clock] + timings.map(String.init))
        }
        try xrandr(["--addmode", output, name])
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    struct Failed: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }

    /// Room for a 2304×1536 screen; the outputs get their modes from `xrandr`.
    private static let config = """
        Section "Device"
            Identifier "dummy"
            Driver "dummy"
            VideoRam 256000
        EndSection
        Section "Screen"
            Identifier "screen"
            Device "dummy"
            DefaultDepth 24
            SubSection "Display"
                Depth 24
                Virtual 2304 1536
            EndSubSection
        EndSection

        """
}
