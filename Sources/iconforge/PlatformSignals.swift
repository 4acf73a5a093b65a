import IconForgeCLI

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

extension Platform {
    /// Makes SIGINT and SIGTERM stop the build cleanly: render workers killed, this process's
    /// temporary files removed, and exit status 128 + the signal (130, 143), as a shell
    /// reports a process the signal killed. Call once, first thing, before any thread starts:
    /// the signals are blocked in every thread (threads inherit the mask) and one thread
    /// waits for them with `sigwait`, so no code runs in signal-handler context.
    static func stopCleanlyOnTerminationSignals() {
        var signals = terminationSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // pthread_t is an optional pointer on Darwin, an integer on Linux.
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, { _ in Platform.waitForTerminationSignal() }, nil)
        if status != 0 {
            // Without the waiting thread the signals must not stay blocked: the default
            // action (end the process) is better than none.
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        }
    }

    private static var terminationSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    private static func waitForTerminationSignal() -> UnsafeMutableRawPointer? {
        var signals = terminationSignals
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        Interruption.stopWork()
        let name = received == SIGINT ? "SIGINT" : "SIGTERM"
        _ = writeText(
            "iconforge: stopped by \(name); files already written are complete, nothing half-written is left; \(catalogsOnDisk)\n",
            to: 2)
        // _exit, not exit: the build's threads are still running, and exit's clean-up
        // (atexit handlers, static destructors) must not run under them.
        _exit(128 + received)
    }

    /// What a stop leaves of the catalogs the build commits: a build stopped during its commit
    /// leaves its journal, which the next build finishes first.
    private static var catalogsOnDisk: String {
        let missing = Interruption.missingCommitPoints
        guard !missing.isEmpty else {
            return
                "any catalog.json is whole and lists what it says (the last completed build's, or this one's), and the next build finishes anything this one began"
        }
        return missing.joined(separator: ", ")
            + " was removed (the files it listed were being replaced) and is missing until the next build, which finishes this one's commit"
    }
}
