internal import CPlatformShim
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// A child process that renders glyphs, spoken to over a pair of pipes in length-prefixed
/// frames. Owns its pipes and its process: `deinit` kills and reaps it.
///
/// librsvg can abort the process (stack overflow on self-referencing includes) or run for
/// minutes (pattern fan-out); in a child that costs one glyph, not the build.
package final class WorkerProcess {
    /// What came back from the worker.
    package enum Reply {
        case frame([UInt8])
        /// The worker exited or was killed by a signal; the description says which.
        case died(String)
        case timedOut
    }

    private let pid: pid_t
    private var requests: Int32
    private var replies: Int32
    private var reaped = false
    /// The signal that ended the worker, once it is reaped and if one did.
    private var endingSignal: Int32 = 0

    /// The worker's process id (for tests that look at the process itself).
    package var processID: Int32 { pid }

    /// The largest frame either side accepts, so a corrupt length cannot exhaust memory.
    static let maximumFrameBytes = 256 << 20

    /// Starts `executable` with `arguments`, its stdin and stdout connected to this object
    /// and its stderr sent to /dev/null (librsvg's warnings would interleave with ours).
    package init(executable: String, arguments: [String]) throws(FileError) {
        // Build threads start workers concurrently. Until a pipe is marked close-on-exec,
        // another thread's worker could inherit it and keep it open, and then this worker's
        // death would never show as end-of-file; so pipes are made and marked under a lock.
        // The same lock keeps the list of live workers, so that `stopAll` misses none.
        let spawned: (pid: pid_t, requests: Int32, replies: Int32) = try Self.live.withLock { live throws(FileError) in
            guard !live.stopped else {
                throw FileError(
                    path: executable, errno: EINTR, action: "start a render worker (the build is stopping) from")
            }
            let spawned = try Self.spawn(executable: executable, arguments: arguments)
            live.pids.insert(spawned.pid)
            return spawned
        }
        pid = spawned.pid
        requests = spawned.requests
        replies = spawned.replies
    }

    /// The workers started and not yet reaped, and whether `stopAll` has run.
    private struct LiveWorkers {
        var pids: Set<pid_t> = []
        var stopped = false
    }

    private static let live = Lock(LiveWorkers())

    /// Kills every worker this process has running and starts no more: for the executable
    /// when SIGTERM or SIGINT stops the build. A pid leaves the list before it is reaped,
    /// so a pid the system has reused for another process is never signalled.
    static func stopAll() {
        live.withLock { live in
            live.stopped = true
            for pid in live.pids { kill(pid, SIGKILL) }
        }
    }

    /// Waits for `pid` without blocking; the pid leaves the live list when it is reaped.
    private static func reapIfEnded(_ pid: pid_t, status: inout Int32) -> pid_t {
        live.withLock { live in
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { live.pids.remove(pid) }
            return result
        }
    }

    /// Takes `pid` off the live list before a blocking wait (it has been killed).
    private static func forget(_ pid: pid_t) {
        _ = live.withLock { $0.pids.remove(pid) }
    }

    private static func spawn(executable: String, arguments: [String]) throws(FileError) -> (
        pid: pid_t, requests: Int32, replies: Int32
    ) {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw FileError(path: executable, errno: errno, action: "create a pipe for") }
        guard pipe(&fromChild) == 0 else {
            let code = errno
            close(toChild[0])
            close(toChild[1])
            throw FileError(path: executable, errno: code, action: "create a pipe for")
        }
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // A worker gets SIGXCPU's default disposition back too: its own time limit depends
        // on it.
        let child: pid_t
        do {
            child = try ChildProcess.spawn(
                executable, arguments: arguments,
                streams: [.descriptor(toChild[0]), .descriptor(fromChild[1]), .file("/dev/null", flags: O_WRONLY)],
                defaultSignals: [SIGINT, SIGTERM, SIGXCPU])
        } catch {
            for descriptor in toChild + fromChild { close(descriptor) }
            throw FileError(path: executable, errno: error.code, action: "start a render worker from")
        }
        close(toChild[0])
        close(fromChild[1])
        return (child, toChild[1], fromChild[0])
    }

    deinit {
        close(requests)
        close(replies)
        if !reaped {
            kill(pid, SIGKILL)
            Self.forget(pid)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Sends one frame; false if the worker is gone.
    package func send(_ payload: [UInt8]) -> Bool {
        Self.withBrokenPipeAsError { WorkerProcess.writeFrame(payload, to: requests) }
    }

    /// Runs `body` with SIGPIPE blocked on this thread, so that writing to a worker that
    /// died fails with EPIPE instead of killing the process, without changing the signal's
    /// disposition for the whole process (which belongs to the executable). A SIGPIPE the
    /// write raised is taken off the thread before the mask is restored (POSIX: a
    /// synchronous SIGPIPE goes to the thread that wrote).
    private static func withBrokenPipeAsError(_ body: () -> Bool) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let wasPending = sigismember(&pendingBefore, SIGPIPE) == 1
        let succeeded = body()
        if !succeeded, !wasPending {
            var pendingNow = sigset_t()
            sigpending(&pendingNow)
            if sigismember(&pendingNow, SIGPIPE) == 1 {
                var taken: Int32 = 0
                sigwait(&pipeSignal, &taken)
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return succeeded
    }

    /// Waits up to `timeout` seconds for one frame.
    package func receive(timeout: Double) -> Reply {
        let deadline = Self.now() + timeout
        var header = [UInt8](repeating: 0, count: 8)
        guard readFully(&header, deadline: deadline) else { return outcomeOfFailedRead(deadline: deadline) }
        let length = header.withUnsafeBytes {
            Int(truncatingIfNeeded: UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)))
        }
        guard length >= 0, length <= Self.maximumFrameBytes else {
            return .died("sent a malformed reply")
        }
        var payload = [UInt8](repeating: 0, count: length)
        guard readFully(&payload, deadline: deadline) else { return outcomeOfFailedRead(deadline: deadline) }
        return .frame(payload)
    }

    /// Kills the worker now (after a timeout) and reaps it.
    func terminate() -> String {
        kill(pid, SIGKILL)
        return reap()
    }

    private func outcomeOfFailedRead(deadline: Double) -> Reply {
        if Self.now() >= deadline {
            _ = terminate()
            return .timedOut
        }
        let how = reapAfterEndOfReplies(deadline: deadline)
        // The worker's own limit (see `limitCPUTime`) is the same timeout seen from the
        // other side: it fires only when this process was too slow to enforce its own.
        return endingSignal == SIGXCPU ? .timedOut : .died(how)
    }

    /// How long a worker that closed its replies has to exit before it is stopped.
    static let exitGraceSeconds = 1.0

    /// Reaps a worker whose replies ended. One that crashed has exited (or is exiting), but
    /// one that closed its output and went on running would make a plain wait hang the
    /// build: it can never answer again, so after a short grace it is stopped.
    private func reapAfterEndOfReplies(deadline: Double) -> String {
        let limit = min(deadline, Self.now() + Self.exitGraceSeconds)
        var status: Int32 = 0
        while !reaped {
            let (result, _) = SystemCall.retryingInterrupts { Self.reapIfEnded(pid, status: &status) }
            if result == pid {
                reaped = true
                endingSignal = status & 0x7F
                return Self.describe(status)
            }
            if result < 0 { break }
            if Self.now() >= limit {
                kill(pid, SIGKILL)
                return "closed its output without exiting and " + reap()
            }
            usleep(2_000)
        }
        return reap()
    }

    /// Waits for the worker to exit and describes how it ended.
    private func reap() -> String {
        guard !reaped else { return "exited" }
        Self.forget(pid)
        var status: Int32 = 0
        _ = SystemCall.retryingInterrupts { waitpid(pid, &status, 0) }
        reaped = true
        endingSignal = status & 0x7F
        return Self.describe(status)
    }

    /// How a worker with this wait status ended.
    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal != 0 {
            let name = String(cString: strsignal(signal))
            return "was killed by signal \(signal) (\(name))"
        }
        let code = (status >> 8) & 0xFF
        if code == CPLATFORMSHIM_MEMORY_EXCEEDED_STATUS {
            return "went over its memory limit and was stopped"
        }
        return "exited with status \(code)"
    }

    /// Reads exactly `buffer.count` bytes before `deadline`; false on end of file, error or timeout.
    private func readFully(_ buffer: inout [UInt8], deadline: Double) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let remaining = deadline - Self.now()
            guard remaining > 0 else { return false }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            // Interrupted, it waits again for what is left (the loop checks the deadline).
            let (ready, _) = SystemCall.retryingInterrupts {
                poll(&descriptor, 1, Int32(max(0, min((deadline - Self.now()) * 1000, 60_000)).rounded(.up)))
            }
            guard ready > 0 else { continue }
            let (count, error) = SystemCall.retryingInterrupts {
                buffer.withUnsafeMutableBytes { raw in read(replies, raw.baseAddress! + filled, raw.count - filled) }
            }
            if count < 0, error == EAGAIN { continue }
            guard count > 0 else { return false }
            filled += count
        }
        return true
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: - Frames, for both sides

    /// Writes an 8-byte little-endian length and the payload; false if the peer is gone.
    @discardableResult
    package static func writeFrame(_ payload: [UInt8], to descriptor: Int32) -> Bool {
        var frame = [UInt8](repeating: 0, count: 8)
        frame.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(payload.count).littleEndian, as: UInt64.self) }
        frame += payload
        return SystemCall.writeAll(frame, to: descriptor) == nil
    }

    /// Reads one frame, blocking; nil at end of input. The worker's side.
    package static func readFrame(from descriptor: Int32) -> [UInt8]? {
        func readExactly(_ count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let (got, _) = SystemCall.retryingInterrupts {
                    buffer.withUnsafeMutableBytes { raw in
                        read(descriptor, raw.baseAddress! + filled, raw.count - filled)
                    }
                }
                guard got > 0 else { return nil }
                filled += got
            }
            return buffer
        }
        guard let header = readExactly(8) else { return nil }
        let length = header.withUnsafeBytes {
            Int(truncatingIfNeeded: UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)))
        }
        guard length >= 0, length <= maximumFrameBytes else { return nil }
        return readExactly(length)
    }

    /// Limits this process's memory, so a runaway render costs the worker (and its glyph)
    /// instead of the machine's memory. On Linux the address space is capped and the
    /// allocation fails; macOS does not enforce that cap, so a watchdog stops the worker
    /// once its footprint is over (see `cplatformshim_limit_memory`).
    package static func limitMemory(bytes: Int) {
        _ = cplatformshim_limit_memory(UInt64(max(0, bytes)))
    }

    /// Whether this process runs under a sanitizer, whose allocator replaces malloc's.
    package static var underSanitizer: Bool { cplatformshim_sanitizers() != 0 }

    /// Keeps the memory this process frees for its next allocations rather than handing it
    /// back to the system at once (see `cplatformshim_reuse_freed_memory`): a worker that
    /// frees its pixels after every glyph would otherwise fault in fresh pages for the next.
    package static func reuseFreedMemory() {
        _ = cplatformshim_reuse_freed_memory()
    }

    /// Ties this process (a worker) to its parent, `expectedParent`: when the parent ends,
    /// however it ends, so does the worker (see `cplatformshim_end_with_parent`). False when
    /// the parent is already gone and the worker should exit at once.
    package static func endWithParent(_ expectedParent: Int32) -> Bool {
        cplatformshim_end_with_parent(expectedParent) == 0
    }

    /// This process's id, for a worker's arguments.
    package static var currentProcessID: Int32 { getpid() }

    /// Gives the worker `seconds` more of CPU time (see `cplatformshim_limit_cpu_time`):
    /// past it the kernel ends the worker with SIGXCPU. The build enforces the render
    /// timeout itself; this is for a build that no longer can (stopped, or too starved of
    /// CPU to look), so a render never spins on unwatched. CPU time, not the clock's: a
    /// worker waiting for work, or for a busy machine's cores, uses none of it.
    package static func limitCPUTime(seconds: UInt32) {
        _ = cplatformshim_limit_cpu_time(UInt64(seconds))
    }

    /// The path of the running executable.
    package static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = cplatformshim_executable_path(&buffer, buffer.count)
        guard length > 0 else { return CommandLine.arguments.first ?? "iconforge" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
