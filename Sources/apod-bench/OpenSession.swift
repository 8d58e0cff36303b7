import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the `open` row runs its programs in: an Xvfb of its own (`-displayfd`, so it takes a free
/// display number) and, per program, a private session bus that can start nothing
/// (`dbus-run-session` with a configuration whose only service folder is empty, as
/// `scripts/test-session` does), in a process group of its own so that ending the run ends every
/// process it started: `dbus-run-session` leaves its child running when it is ended alone.
final class OpenSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A program started in its own process group.
    struct Group {
        let leader: pid_t
        let started: Double
    }

    let display: String
    let folder: URL
    private let server: pid_t

    init(width: Int, height: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-bench-open-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("services"), withIntermediateDirectories: true)
        try Self.busConfiguration(services: folder.appendingPathComponent("services").path)
            .write(to: folder.appendingPathComponent("session.conf"), atomically: true, encoding: .utf8)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "no pipe for Xvfb") }
        // `APOD_BENCH_OPEN_DISPLAY=N` pins the display number, for several checkouts on one machine.
        let pinned = ProcessInfo.processInfo.environment["APOD_BENCH_OPEN_DISPLAY"].flatMap(Int.init).map { [":\($0)"] }
        server = try Self.spawn(
            ["/usr/bin/Xvfb"] + (pinned ?? [])
                + ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
            environment: ProcessInfo.processInfo.environment, standardOutput: pipeEnds[1], standardError: nil)
        close(pipeEnds[1])
        var text = ""
        var byte: UInt8 = 0
        while read(pipeEnds[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            text.append(Character(Unicode.Scalar(byte)))
        }
        close(pipeEnds[0])
        guard let number = Int(text) else {
            Self.end(server)
            throw Failure(description: "Xvfb gave no display number (is the xvfb package installed?)")
        }
        display = ":\(number)"
    }

    deinit {
        Self.end(server)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts `arguments` on a private bus on this display, stderr to `standardError` (a path).
    func start(_ arguments: [String], environment: [String: String], standardError: String?) throws -> Group {
        var environment = environment
        environment["DISPLAY"] = display
        environment["WAYLAND_DISPLAY"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let command =
            ["/usr/bin/dbus-run-session", "--config-file=" + folder.appendingPathComponent("session.conf").path, "--"]
            + arguments
        let errorFile = standardError.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        defer { if let errorFile, errorFile >= 0 { close(errorFile) } }
        let started = Clock.now()
        let leader = try Self.spawn(command, environment: environment, standardOutput: nil, standardError: errorFile)
        return Group(leader: leader, started: started)
    }

    /// Ends every process of `group` (SIGTERM, SIGKILL after a second) and reaps its leader.
    func end(_ group: Group) { Self.end(group.leader) }

    /// The processes in `group`'s process group now, by pid, with their command names.
    func members(of group: Group) -> [(pid: pid_t, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == group.leader else { return nil }
            return (pid, String(stat[stat.index(after: open)..<close]))
        }
    }

    /// Peak resident set (VmHWM) of process `pid` in MiB, 0 when gone.
    static func peakMegabytes(of pid: pid_t) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return 0 }
        return kilobytes / 1024
    }

    private static func end(_ leader: pid_t) {
        kill(-leader, SIGTERM)
        var status: Int32 = 0
        let deadline = Clock.now() + 1
        while waitpid(leader, &status, WNOHANG) == 0 {
            if Clock.now() > deadline {
                kill(-leader, SIGKILL)
                waitpid(leader, &status, 0)
                break
            }
            usleep(10_000)
        }
        // Members that outlived the leader (the bus's daemon): none may survive the run.
        kill(-leader, SIGKILL)
    }

    /// posix_spawn in a new process group (the child's pid is the group's id).
    private static func spawn(
        _ arguments: [String], environment: [String: String], standardOutput: Int32?, standardError: Int32?
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let standardError, standardError >= 0 {
            posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// `dbus-1/session.conf`'s settings with one service folder, `services`, left empty.
    private static func busConfiguration(services: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <keep_umask/>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(services)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}
