import GtkKit

/// A 10 ms timer on the main loop recording how late it fires: the longest time the main
/// thread (where GTK draws and handles input) could not react. Nothing is left out: the first
/// tick counts from `start()`, so start-up work on the main loop shows too.
///
/// For the worst stall it keeps when it happened, the CPU the main thread itself used meanwhile
/// and how long the main thread was ready but waiting for a core. CPU close to the stall's
/// length means the main thread was busy (work to move off it); the wait, that other threads
/// had both cores (the whole process's CPU meanwhile says whether they were this process's
/// own); what neither explains, that it was blocked (a lock, a fault).
@MainActor
final class StallMonitor {
    static let intervalMilliseconds = 10

    struct Stall: Codable, Sendable {
        /// How much later than its 10 ms the tick came.
        var milliseconds: Double = 0
        /// Since `start()`.
        var atSeconds: Double = 0
        /// CPU the main thread used between the two ticks.
        var mainThreadCPUMilliseconds: Double = 0
        /// Time the main thread spent ready to run but without a core between the two ticks.
        var runQueueWaitMilliseconds: Double = 0
        /// CPU the whole process (every thread) used between the two ticks.
        var processCPUMilliseconds: Double = 0
    }

    /// The worst over the whole run.
    private(set) var worst = Stall()
    /// The worst since `markPhase()`, e.g. once a grid is on screen and loading.
    private(set) var worstInPhase: Stall?
    /// The worst stall between `openWindow()` and `closeWindow()` (the browse row's paging).
    private(set) var worstInWindow: Stall?
    private var windowOpen = false
    private var timer: RepeatingTimer?
    private var started = 0.0
    private var lastTick = 0.0
    private var lastCPU = 0.0
    private var lastWait = 0.0
    private var lastProcessCPU = 0.0

    func start() {
        started = Clock.now()
        lastTick = started
        lastCPU = Clock.threadCPU()
        lastWait = Clock.threadRunQueueWait() ?? 0
        lastProcessCPU = Clock.processCPU()
        timer = RepeatingTimer(milliseconds: Self.intervalMilliseconds) { [unowned self] in tick() }
    }

    func stop() {
        timer?.stop()
        timer = nil
    }

    /// Starts a second record beside the whole run's, from now on.
    func markPhase() {
        if worstInPhase == nil { worstInPhase = Stall(atSeconds: Clock.now() - started) }
    }

    func openWindow() {
        guard worstInWindow == nil else { return }
        worstInWindow = Stall(atSeconds: Clock.now() - started)
        windowOpen = true
    }

    func closeWindow() {
        windowOpen = false
    }

    private func tick() {
        let now = Clock.now()
        let cpu = Clock.threadCPU()
        let wait = Clock.threadRunQueueWait() ?? 0
        let processCPU = Clock.processCPU()
        let stall = Stall(
            milliseconds: max(0, (now - lastTick) * 1000 - Double(Self.intervalMilliseconds)),
            atSeconds: now - started, mainThreadCPUMilliseconds: (cpu - lastCPU) * 1000,
            runQueueWaitMilliseconds: (wait - lastWait) * 1000,
            processCPUMilliseconds: (processCPU - lastProcessCPU) * 1000)
        if stall.milliseconds > worst.milliseconds { worst = stall }
        if let phase = worstInPhase, stall.milliseconds > phase.milliseconds { worstInPhase = stall }
        if windowOpen, let window = worstInWindow, stall.milliseconds > window.milliseconds { worstInWindow = stall }
        lastTick = now
        lastCPU = cpu
        lastWait = wait
        lastProcessCPU = processCPU
    }
}
