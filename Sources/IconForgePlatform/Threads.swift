#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// Threads of our own, for `--jobs`: `DispatchQueue.concurrentPerform` runs no more
/// iterations at once than there are cores, which silently capped `--jobs 8` at 2 on a
/// two-core machine (and a job mostly waits on its render worker, so more can pay).
package enum Threads {
    /// Runs `body(0)` … `body(count - 1)` each on its own thread (0 on the caller's) and
    /// returns when all have returned.
    package static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            // librsvg recurses deeply on nested groups (in-process rendering); macOS gives
            // secondary threads only 512 KiB by default.
            pthread_attr_setstacksize(&attributes, 8 << 20)
            var threads: [pthread_t] = []
            var inline: [Int] = []
            for index in 1..<max(1, count) {
                if let thread = start(&attributes, { body(index) }) {
                    threads.append(thread)
                } else {
                    inline.append(index)  // no thread to be had: run it here, after 0
                }
            }
            body(0)
            for index in inline { body(index) }
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// A thread running `body` while its starter goes on, until `join`. Without a thread to
    /// be had, `body` runs at `join`, on the joining thread.
    ///
    /// The thread is detached, and says it is done through a pipe: a build stopped by a
    /// signal exits from the stopping thread while its own thread waits (`Interruption`),
    /// and a joinable thread that finished by then would never be joined (ThreadSanitizer
    /// reports it as a leak).
    package final class Background: Sendable {
        /// The pipe's end that is closed when `body` has returned; nil when it runs inline.
        private let finished: Int32?
        private let inline: (@Sendable () -> Void)?

        package init(_ body: @escaping @Sendable () -> Void) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                (finished, inline) = (nil, body)
                return
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let writeEnd = ends[1]
            let started = Threads.start(&attributes) {
                body()
                // The joiner's read returns at this close.
                close(writeEnd)
            }
            if started != nil {
                (finished, inline) = (ends[0], nil)
            } else {
                close(ends[0])
                close(ends[1])
                (finished, inline) = (nil, body)
            }
        }

        /// Returns once `body` has returned. Called once, by the thread that started it.
        package func join() {
            if let inline { inline() }
            guard let finished else { return }
            var byte: UInt8 = 0
            // End of file once the thread closes its end; a signal only interrupts the wait.
            while read(finished, &byte, 1) < 0, errno == EINTR {}
            close(finished)
        }
    }

    /// What a thread of ours runs, handed to it through `pthread_create`'s one pointer.
    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts a thread running `body`, with `attributes`: its handle, or nil (and `body`
    /// never runs) when no thread could be had.
    private static func start(_ attributes: inout pthread_attr_t, _ body: @escaping @Sendable () -> Void) -> pthread_t?
    {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { raw in
                #if canImport(Darwin)
                    let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                #else
                    let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                #endif
                job.body()
                return nil
            }, job)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return nil
        }
        return thread
    }

    /// Sleeps the calling thread for `milliseconds` (a polling watch's wait).
    package static func sleep(milliseconds: Int) {
        var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        _ = SystemCall.retryingInterrupts {
            defer { time = left }  // interrupted, it sleeps for what is left
            return nanosleep(&time, &left)
        }
    }
}
